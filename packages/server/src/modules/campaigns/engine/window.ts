import { leadZone } from '@leadline/shared/country-time-zones';
import { isOpen, nextOpening } from '@leadline/shared/sending-window';
import type { SendingWindow } from '@leadline/shared/sending-window';
import type { Db } from '../../../db/connection.ts';
import { deferQueued, releaseDeliveries } from '../store/deliveries-repo.ts';
import type { ClaimedDelivery } from '../store/deliveries-repo.ts';
import type { CampaignRow } from '../store/repo.ts';

type Windowed = Pick<CampaignRow, 'id' | 'sendingWindow'>;

/** The zone a row's window is read in: the campaign's, or the lead's own when chosen. */
const zoneOf = (window: SendingWindow, row: ClaimedDelivery): string =>
  window.leadTimeZone
    ? leadZone({ timeZone: row.lead.timeZone, country: row.lead.personCountry }, window.timeZone)
    : window.timeZone;

/**
 * When the campaign's window (in the campaign's zone) is closed at `now`: its next opening,
 * after every queued row due before it was moved to it. null when open, when the campaign has
 * no window (any time), or when it reads the window in each lead's zone (see keepOpen).
 */
export const deferToOpening = async (
  db: Db,
  campaign: Windowed,
  now: Date,
): Promise<Date | null> => {
  const window = campaign.sendingWindow;
  if (!window || window.leadTimeZone || isOpen(window, window.timeZone, now)) return null;
  const opening = nextOpening(window, window.timeZone, now);
  if (!opening) return null;
  await deferQueued(db, campaign.id, opening);
  return opening;
};

/**
 * The claimed rows whose window is open at `now`; the others go back to the queue, each due at
 * its own next opening (rows of leads in one zone together).
 */
export const keepOpen = async (
  db: Db,
  campaign: Windowed,
  claimed: ClaimedDelivery[],
  now: Date,
): Promise<ClaimedDelivery[]> => {
  const window = campaign.sendingWindow;
  if (!window) return claimed;
  const open: ClaimedDelivery[] = [];
  const waiting = new Map<number, { step: number; leadId: string }[]>();
  for (const row of claimed) {
    const zone = zoneOf(window, row);
    const opening = isOpen(window, zone, now) ? now : nextOpening(window, zone, now);
    if (!opening || opening === now) open.push(row);
    else {
      const rows = waiting.get(opening.getTime()) ?? [];
      rows.push({ step: row.step, leadId: row.lead.id });
      waiting.set(opening.getTime(), rows);
    }
  }
  for (const [at, rows] of waiting) await releaseDeliveries(db, campaign.id, rows, new Date(at));
  return open;
};

/**
 * When the campaign's next email may go by its window, from `after` (the campaign view's next
 * send time); `after` itself with no window or per-lead zones (their rows already wait for
 * their own openings).
 */
export const windowGate = (campaign: Pick<CampaignRow, 'sendingWindow'>, after: Date): Date => {
  const window = campaign.sendingWindow;
  if (!window || window.leadTimeZone) return after;
  return nextOpening(window, window.timeZone, after) ?? after;
};
