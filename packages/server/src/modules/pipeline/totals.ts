import type { Db } from '../../db/connection.ts';
import { onLeadsChanged } from '../leads/changes.ts';
import { onStagesChanged } from '../stages/service.ts';
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

const isFresh = (entry: Entry, at = Date.now()) =>
  at - entry.at < BOARD_TOTALS_TTL_MS && at >= entry.at;

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
  if (found && isFresh(found, at)) return found.totals;
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

/** The organisation's unfiltered totals as kept now, if fresh (before a card moves). */
export const keptTotals = (db: Db, organizationId: string): Entry | undefined => {
  const found = cache.get(db)?.get(keyOf(organizationId, {}));
  return found && isFresh(found) ? found : undefined;
};

export type Move = { from: string; to: string; value: number };

const moved = (rows: readonly ColumnTotal[], { from, to, value }: Move): ColumnTotal[] => {
  const next = rows.map((row) =>
    row.status === from ? { ...row, count: row.count - 1, value: row.value - value } : row,
  );
  const target = next.find((row) => row.status === to);
  if (!target) return [...next, { status: to, count: 1, value }];
  return next.map((row) =>
    row === target ? { ...row, count: row.count + 1, value: row.value + value } : row,
  );
};

/**
 * After one card moved (`move`; null: it stayed where it was): the unfiltered totals kept
 * before, with the move applied, instead of counting a million leads again (the write forgot
 * them). Filtered totals are counted again when next asked. Kept only until the old entry would
 * have expired, and never over totals counted since. A write elsewhere between the two (an
 * import in another request) may be missed until then: at most a minute, as after writes in
 * another process.
 */
export const keepMovedTotals = (
  db: Db,
  organizationId: string,
  kept: Entry,
  move: Move | null,
): void => {
  const entries = cache.get(db);
  const key = keyOf(organizationId, {});
  if (!entries || entries.has(key) || !isFresh(kept)) return;
  const totals = move ? kept.totals.then((rows) => moved(rows, move)) : kept.totals;
  totals.catch(() => undefined);
  entries.set(key, { ...kept, totals });
};

/** Forgets every total of the organisation (after a write to its leads). */
const forgetBoardTotals = (db: Db, organizationId: string): void => {
  const entries = cache.get(db);
  if (!entries) return;
  for (const [key, entry] of entries)
    if (entry.organizationId === organizationId) entries.delete(key);
};

onLeadsChanged(forgetBoardTotals);
// A stage deleted with its deals moved, or another stage's order: counted again.
onStagesChanged(forgetBoardTotals);
