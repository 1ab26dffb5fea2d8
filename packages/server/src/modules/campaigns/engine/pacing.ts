import { randomGap } from '@leadline/shared/sending-window';
import type { Db } from '../../../db/connection.ts';
import {
  findMailAccount,
  listMailboxes,
  setPacedUntil,
  takePaceSlot,
} from '../../mail-accounts/stored.ts';
import { heldMailboxIds } from '../store/mailbox-holds.ts';
import type { CampaignRow } from '../store/repo.ts';

type Paced = Pick<CampaignRow, 'createdBy' | 'gapMinSeconds' | 'gapMaxSeconds'>;

/** Whether the campaign leaves a gap between two emails of its sender's mailbox. */
export const isPaced = (campaign: Paced): boolean =>
  campaign.gapMaxSeconds > 0 && campaign.createdBy !== null;

/** The mailbox a campaign email goes from: the one named, else its sender's default. */
const mailboxOf = async (
  db: Db,
  campaign: Paced,
  mailboxId: string | null,
): Promise<string | null> =>
  mailboxId ?? (await findMailAccount(db, campaign.createdBy!))?.id ?? null;

const gapAfter = (campaign: Paced, now: Date, random: () => number): Date =>
  new Date(
    now.getTime() +
      randomGap({ min: campaign.gapMinSeconds, max: campaign.gapMaxSeconds }, random) * 1000,
  );

/**
 * Takes the sender's mailbox for one email at `now` (it stays taken for a random gap). Answers
 * `{ until }`: taken, and the next email waits until `until`; or `{ busy }`: another email of
 * the mailbox went less than a gap ago, so this one waits until `busy`.
 */
export const takeMailbox = async (
  db: Db,
  campaign: Paced,
  now: Date,
  random: () => number,
  mailboxId: string | null = null,
): Promise<{ until: Date } | { busy: Date }> => {
  const until = gapAfter(campaign, now, random);
  const mailbox = await mailboxOf(db, campaign, mailboxId);
  const busy = mailbox ? await takePaceSlot(db, mailbox, now, until) : null;
  return busy ? { busy } : { until };
};

/**
 * After the campaign's email went (or was tried) at `now`: the mailbox's next campaign email
 * waits a new random gap from then. When nothing went (the lead was skipped), the mailbox is
 * free at once.
 */
export const paceAfterSend = async (
  db: Db,
  campaign: Paced,
  now: Date,
  attempted: boolean,
  random: () => number,
  mailboxId: string | null = null,
): Promise<void> => {
  if (!isPaced(campaign)) return;
  const mailbox = await mailboxOf(db, campaign, mailboxId);
  if (mailbox) await setPacedUntil(db, mailbox, attempted ? gapAfter(campaign, now, random) : null);
};

/**
 * When one of the campaign's mailboxes (those it sends from now; else the sender's default)
 * may send its next campaign email (null: now).
 */
export const mailboxFreeAt = async (
  db: Db,
  campaign: Paced & Pick<CampaignRow, 'mailboxIds' | 'mailboxHolds'>,
): Promise<Date | null> => {
  if (!isPaced(campaign)) return null;
  if (campaign.mailboxIds.length === 0)
    return (await findMailAccount(db, campaign.createdBy!))?.pacedUntil ?? null;
  const held = new Set(heldMailboxIds(campaign));
  const named = new Set(campaign.mailboxIds.filter((id) => !held.has(id)));
  const frees = (await listMailboxes(db, campaign.createdBy!))
    .filter((row) => named.has(row.id))
    .map((row) => row.pacedUntil);
  if (frees.length === 0 || frees.some((at) => at === null)) return null;
  return new Date(Math.min(...frees.map((at) => at!.getTime())));
};
