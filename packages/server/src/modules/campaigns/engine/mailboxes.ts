import type { Db } from '../../../db/connection.ts';
import { listMailboxes, smtpOf } from '../../mail-accounts/stored.ts';
import { countSendsTodayByMailbox } from '../../sending/records.ts';
import { heldMailboxIds } from '../store/mailbox-holds.ts';
import { pinMailboxes } from '../store/deliveries-repo.ts';
import type { ClaimedDelivery } from '../store/deliveries-repo.ts';
import type { CampaignRow } from '../store/repo.ts';

/**
 * How many more emails a mailbox may send today (Infinity: no limit), how many it sent today
 * and how many leads this spread gave it.
 */
type Room = { mailboxId: string; left: number; sent: number; taken: number };

/**
 * The mailboxes a campaign may send from now: those it names that are still its creator's
 * and can send (SMTP settings, not waiting to be reconnected, not held for bounces), each with what its daily limit leaves today.
 */
const roomOf = async (db: Db, campaign: CampaignRow, creatorId: string): Promise<Room[]> => {
  const held = new Set(heldMailboxIds(campaign));
  const named = new Set(campaign.mailboxIds.filter((id) => !held.has(id)));
  const usable = (await listMailboxes(db, creatorId))
    .map((row) => ({ row, smtp: smtpOf(row) }))
    // A mailbox waiting to be reconnected takes no new leads (those it has wait for it).
    .filter(({ row, smtp }) => named.has(row.id) && smtp && row.status !== 'reconnect');
  const sent = await countSendsTodayByMailbox(
    db,
    usable.map(({ row }) => row.id),
  );
  return usable.map(({ row, smtp }) => {
    const today = sent.get(row.id) ?? 0;
    return {
      mailboxId: row.id,
      left: smtp!.dailyLimit === null ? Infinity : Math.max(0, smtp!.dailyLimit - today),
      sent: today,
      taken: 0,
    };
  });
};

/**
 * Spreads the claimed leads that have no mailbox yet over the campaign's mailboxes (a lead then
 * keeps its mailbox for every step): each to the mailbox with the most room left today, so a
 * mailbox with a low limit takes fewer leads; ties (mailboxes without a limit) go to the one
 * that sent and took fewer today, so a paced campaign, claiming one lead a tick, alternates
 * rather than sending everything from the first. A campaign
 * that names no mailbox sends from its creator's default (nothing is pinned). Answers the rows
 * with their mailboxes.
 */
export const spreadOverMailboxes = async (
  db: Db,
  campaign: CampaignRow,
  creatorId: string,
  rows: readonly ClaimedDelivery[],
): Promise<ClaimedDelivery[]> => {
  const unpinned = rows.filter((row) => row.mailboxId === null);
  if (campaign.mailboxIds.length === 0 || unpinned.length === 0) return [...rows];
  const rooms = await roomOf(db, campaign, creatorId);
  if (rooms.length === 0) return [...rows];
  const pins = new Map<ClaimedDelivery, string>();
  for (const row of unpinned) {
    const room = rooms.reduce((best, next) =>
      next.left - next.taken > best.left - best.taken ||
      (next.left - next.taken === best.left - best.taken &&
        next.sent + next.taken < best.sent + best.taken)
        ? next
        : best,
    );
    room.taken += 1;
    pins.set(row, room.mailboxId);
  }
  await pinMailboxes(
    db,
    campaign.id,
    [...pins].map(([row, mailboxId]) => ({ step: row.step, leadId: row.lead.id, mailboxId })),
  );
  return rows.map((row) => (pins.has(row) ? { ...row, mailboxId: pins.get(row)! } : row));
};
