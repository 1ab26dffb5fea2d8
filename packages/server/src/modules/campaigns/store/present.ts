import { withAllFilters } from '@leadline/shared/campaigns';
import type { Campaign, HeldMailbox } from '@leadline/shared/campaigns';
import type { CampaignListRow, CampaignRow } from './repo.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The held mailboxes as the API shows them. */
export const heldMailboxesOf = (campaign: Pick<CampaignRow, 'mailboxHolds'>): HeldMailbox[] =>
  Object.entries(campaign.mailboxHolds).flatMap(([mailboxId, hold]) =>
    hold.heldAt
      ? [{ mailboxId, email: hold.email, message: hold.message ?? '', heldAt: hold.heldAt }]
      : [],
  );

/** A campaign as the API shows it; `leadCount` is the audience (see service.audienceSize). */
export const toCampaign = (row: CampaignListRow, leadCount: number): Campaign => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  status: row.status,
  emailSubject: row.emailSubject,
  emailBody: row.emailBody,
  targetFilters: withAllFilters(row.targetFilters),
  followUps: row.followUps,
  schedule: {
    sendNow: row.sendNow,
    startDate: iso(row.startDate),
    throttlePerHour: row.throttlePerHour,
  },
  sendingWindow: row.sendingWindow,
  gapSeconds: { min: row.gapMinSeconds, max: row.gapMaxSeconds },
  mailboxIds: row.mailboxIds,
  track: row.track,
  chosenLeads: row.chosenLeads,
  leadCount,
  sentCount: row.sentCount,
  organization: row.organization,
  createdBy: row.createdBy ? { _id: row.createdBy, name: row.creatorName ?? '' } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  startedAt: iso(row.startedAt),
  completedAt: iso(row.completedAt),
  statusMessage: row.status === 'paused' ? (row.statusMessage ?? null) : null,
  // Once a campaign is over no mailbox of it waits.
  heldMailboxes: row.status === 'active' || row.status === 'paused' ? heldMailboxesOf(row) : [],
});

/** How activity entries name a campaign. */
export const describeCampaign = (campaign: Pick<CampaignRow, 'name'>): string =>
  `Campaign "${campaign.name}"`;
