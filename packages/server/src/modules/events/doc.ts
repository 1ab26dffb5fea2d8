import type { EventType } from '@leadline/shared/events';
import { EVENT_LABELS, EVENT_TYPES } from '@leadline/shared/events';

/** What each event's `data` holds (the records as the API shows them). */
export const EVENT_DATA: Record<EventType, string> = {
  'lead.created': '`{ lead }`',
  'lead.updated': '`{ lead }` (after the change)',
  'lead.status_changed': '`{ lead, previousStatus }`',
  'lead.stage_changed':
    "`{ lead, from, to, lostReason }`: from and to are `{ _id, name, kind }` or null (the lead's status column)",
  'lead.owner_changed': '`{ lead, previousOwnerId }`',
  'lead.deleted': '`{ lead }` (as it was)',
  'lead.merged':
    '`{ lead, mergedLead, mergeId }`: the kept lead after the merge, the merged lead as it was (now gone; `POST /api/leads/merge/:mergeId/undo` brings it back)',
  'email.sent': "`{ email }`: the email as the lead's history shows it, with `leadId`",
  'email.replied': '`{ email, leadId, reply }`: the email answered (null if unknown) and the reply',
  'email.bounced': '`{ email, leadId, bounce: { kind, address, reason, source, counted } }`',
  'email.opened':
    '`{ sentEmailId, leadId, campaignId, class, reason }`: a tracked email opened; `class` is `human`, `proxy` (Apple Mail Privacy Protection, Google image proxy) or `machine`',
  'email.clicked':
    '`{ sentEmailId, leadId, campaignId, class, reason, url }`: a tracked link clicked; `class` is `human` or `machine`',
  'lead.unsubscribed': '`{ lead }`',
  'campaign.status_changed': '`{ campaign, previousStatus }`',
  'meeting.scheduled': '`{ meeting }` (`rescheduled: true` when it moved)',
  'meeting.cancelled': '`{ meeting }` (as it was)',
};

/** The events section of the API description (/api/docs). */
export const EVENTS_API_DESCRIPTION = [
  '**Events** (what webhooks deliver and Automation rules react to): every change that matters',
  'writes one event in the same transaction as the change, with an `id`, a `type`, the',
  'organisation, the time (`occurredAt`) and `data`:',
  '',
  ...EVENT_TYPES.map((type) => `- \`${type}\` (${EVENT_LABELS[type]}): ${EVENT_DATA[type]}`),
].join('\n');
