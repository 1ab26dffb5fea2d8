/* Events: what changed in an organisation, written with the change (the outbox) and handed to
   webhooks and Automation rules. */

export const EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'lead.status_changed',
  'lead.stage_changed',
  'lead.owner_changed',
  'lead.deleted',
  'lead.merged',
  'email.sent',
  'email.replied',
  'email.bounced',
  'email.opened',
  'email.clicked',
  'lead.unsubscribed',
  'campaign.status_changed',
  'meeting.scheduled',
  'meeting.cancelled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event a webhook's "Send test event" delivers; never written by a change. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const isEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);

/** How an event type is named on screen. */
export const EVENT_LABELS: Record<EventType, string> = {
  'lead.created': 'Lead created',
  'lead.updated': 'Lead updated',
  'lead.status_changed': 'Lead status changed',
  'lead.stage_changed': 'Deal stage changed',
  'lead.owner_changed': 'Lead owner changed',
  'lead.deleted': 'Lead deleted',
  'lead.merged': 'Leads merged',
  'email.sent': 'Email sent',
  'email.replied': 'Email replied',
  'email.bounced': 'Email bounced',
  'email.opened': 'Email opened',
  'email.clicked': 'Email link clicked',
  'lead.unsubscribed': 'Lead unsubscribed',
  'campaign.status_changed': 'Campaign status changed',
  'meeting.scheduled': 'Meeting scheduled',
  'meeting.cancelled': 'Meeting cancelled',
};

/**
 * A change made by an Automation rule carries the depth of the rule run that made it (a change
 * by a person: 0). Rules react to events of depth below this, so a rule loop stops here.
 */
export const AUTOMATION_MAX_DEPTH = 3;
