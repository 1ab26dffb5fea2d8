import type { Db } from '../../db/connection.ts';
import { onLeadsChanged } from '../leads/changes.ts';
import type { LeadFilter } from '../leads/query.ts';
import { findColumnTotals } from './repo.ts';
import type { ColumnTotal } from './repo.ts';

/** How long a board's column totals are reused: never older than a minute, like the dashboard's. */
export const BOARD_TOTALS_TTL_MS = 60_000;
/** Filter combinations kept per database; the oldest goes first. */
const MAX_ENTRIES = 500;

type Entry = { at: number; organizationId: string; totals: Promise<ColumnTotal[]> };

/**
 * Counting and summing every lead of a column reads the whole board index of the organisation
 * (a million leads: tens of milliseconds), where the cards read 51 rows. So the totals are kept
 * per database, organisation and filter for at most BOARD_TOTALS_TTL_MS; boards opening
 * together share one computation. A write through the leads service or an import forgets the
 * organisation's totals, so a moved card shows in the counts at once.
 */
const cache = new WeakMap<Db, Map<string, Entry>>();

const keyOf = (organizationId: string, filter: LeadFilter): string =>
  `${organizationId}\u0000${JSON.stringify(filter)}`;

export const boardTotals = (
  db: Db,
  organizationId: string,
  filter: LeadFilter,
): Promise<ColumnTotal[]> => {
  let entries = cache.get(db);
  if (!entries) cache.set(db, (entries = new Map()));
  const key = keyOf(organizationId, filter);
  const found = entries.get(key);
  const at = Date.now();
  if (found && at - found.at < BOARD_TOTALS_TTL_MS && at >= found.at) return found.totals;
  const totals = findColumnTotals(db, organizationId, filter);
  const entry = { at, organizationId, totals };
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  // A failed computation is not kept: the next board tries again.
  totals.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return totals;
};

/** Forgets every total of the organisation (after a write to its leads). */
const forgetBoardTotals = (db: Db, organizationId: string): void => {
  const entries = cache.get(db);
  if (!entries) return;
  for (const [key, entry] of entries)
    if (entry.organizationId === organizationId) entries.delete(key);
};

onLeadsChanged(forgetBoardTotals);
