import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { campaigns } from '../../../db/tables/campaigns.ts';
import type { MailboxHolds } from '../../../db/tables/campaigns.ts';
import { logActivity } from '../../activity/log.ts';
import { describeCampaign } from './present.ts';
import { lockCampaign } from './repo.ts';
import type { CampaignRow } from './repo.ts';

/*
 * A campaign over several mailboxes stops sending from one whose emails bounce too often (its
 * leads wait) while the others go on; a user resumes it. A campaign over one mailbox pauses
 * as a whole instead (lifecycle.ts).
 */

type Holds = Pick<CampaignRow, 'mailboxHolds'>;

/** The ids of the mailboxes the campaign does not send from now. */
export const heldMailboxIds = (campaign: Holds): string[] =>
  Object.entries(campaign.mailboxHolds)
    .filter(([, hold]) => hold.heldAt !== null)
    .map(([id]) => id);

/** When a mailbox's bounces count from (it was resumed then); null: from the start. */
export const mailboxJudgedSince = (campaign: Holds, mailboxId: string): Date | null => {
  const since = campaign.mailboxHolds[mailboxId]?.since;
  return since ? new Date(since) : null;
};

const setHolds = (db: Db, campaignId: string, holds: MailboxHolds) =>
  db
    .update(campaigns)
    .set({ mailboxHolds: holds, updatedAt: sql`now()` })
    .where(sql`${campaigns.id} = ${campaignId}`);

/**
 * Stops the campaign (still active on `chain`) sending from a mailbox, saying why on the
 * campaign and in its activity log. Answers 'all' when no mailbox of the campaign is left to
 * send from (the caller pauses the whole campaign), 'held' when it stopped, 'gone' when the
 * campaign changed meanwhile (paused, edited: nothing done).
 */
export const holdMailbox = (
  db: Db,
  campaign: Pick<CampaignRow, 'id' | 'tickChain' | 'mailboxIds'>,
  mailbox: { id: string; email: string },
  message: string,
  now: Date,
): Promise<'held' | 'all' | 'gone'> =>
  db.transaction(async (tx) => {
    const locked = await lockCampaign(tx, campaign.id);
    if (locked?.status !== 'active' || locked.tickChain !== campaign.tickChain) return 'gone';
    const holds: MailboxHolds = {
      ...locked.mailboxHolds,
      [mailbox.id]: {
        email: mailbox.email,
        heldAt: now.toISOString(),
        message,
        since: locked.mailboxHolds[mailbox.id]?.since ?? null,
      },
    };
    const held = new Set(heldMailboxIds({ mailboxHolds: holds }));
    if (locked.mailboxIds.every((id) => held.has(id))) return 'all';
    await setHolds(tx, campaign.id, holds);
    await logActivity(tx, {
      organizationId: locked.organizationId,
      userId: null,
      type: 'Campaign',
      entityId: campaign.id,
      action: 'mailbox paused',
      details: `${describeCampaign(locked)} stopped sending from ${mailbox.email}: ${message}`,
    });
    return 'held';
  });

/**
 * Sends from a held mailbox again (its bounces count afresh from `now`). Answers false when
 * the mailbox was not held. Call holding the campaign's lock.
 */
export const releaseMailbox = async (
  tx: Db,
  campaign: CampaignRow,
  mailboxId: string,
  userId: string,
  now: Date,
): Promise<boolean> => {
  const hold = campaign.mailboxHolds[mailboxId];
  if (!hold?.heldAt) return false;
  await setHolds(tx, campaign.id, {
    ...campaign.mailboxHolds,
    [mailboxId]: { email: hold.email, heldAt: null, message: null, since: now.toISOString() },
  });
  await logActivity(tx, {
    organizationId: campaign.organizationId,
    userId,
    type: 'Campaign',
    entityId: campaign.id,
    action: 'mailbox resumed',
    details: `${describeCampaign(campaign)} sends from ${hold.email} again`,
  });
  return true;
};

/**
 * A resumed campaign sends from all its mailboxes again, their bounces counted from the
 * resume (the whole campaign's are too). Call holding the campaign's lock.
 */
export const releaseAllMailboxes = async (tx: Db, campaign: CampaignRow, now: Date) => {
  if (heldMailboxIds(campaign).length === 0) return;
  const holds = Object.fromEntries(
    Object.entries(campaign.mailboxHolds).map(([id, hold]) => [
      id,
      { email: hold.email, heldAt: null, message: null, since: now.toISOString() },
    ]),
  );
  await setHolds(tx, campaign.id, holds);
};
