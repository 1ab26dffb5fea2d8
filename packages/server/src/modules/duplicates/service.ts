import { DUPLICATE_PAIRS_LIMIT, MERGE_UNDO_DAYS } from '@leadline/shared/duplicates';
import type {
  DuplicateCheckAnswer,
  DuplicateCheckInput,
  DuplicatePairsAnswer,
  MergeSummary,
} from '@leadline/shared/duplicates';
import type { Db } from '../../db/connection.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { managesLeads } from '../leads/access.ts';
import { presentLeadsById } from '../leads/owners.ts';
import { LEAD_NOT_FOUND, organizationOf } from '../leads/service.ts';
import { mergeLeads } from './merge.ts';
import { findMatches, findPairs, insertDismissal, listMerges } from './repo.ts';

const DAY = 86_400_000;
/** How many same-email pairs one "Merge all" merges (the rest: press it again). */
export const MERGE_EXACT_MAX = 200;
export const MERGE_ALL_NEEDS_PERMISSION = 'Merging all pairs at once needs Lead Management';

/** GET /api/duplicates?entity=lead: the candidate pairs, each lead as the API shows it. */
export const listDuplicates = async (db: Db, actor: CurrentUser): Promise<DuplicatePairsAnswer> => {
  const organizationId = organizationOf(actor);
  const rows = await findPairs(db, organizationId, DUPLICATE_PAIRS_LIMIT);
  const leads = await presentLeadsById(db, organizationId, [
    ...new Set(rows.flatMap(({ a, b }) => [a, b])),
  ]);
  return {
    pairs: rows.flatMap(({ a, b, reasons }) => {
      const [left, right] = [leads.get(a), leads.get(b)];
      return left && right ? [{ a: left, b: right, reasons }] : [];
    }),
    total: rows[0]?.total ?? 0,
    sameEmail: rows[0]?.sameEmail ?? 0,
  };
};

/** GET /api/duplicates/check: leads like the one the create form is about to save. */
export const checkDuplicates = async (
  db: Db,
  actor: CurrentUser,
  values: DuplicateCheckInput,
): Promise<DuplicateCheckAnswer> => {
  const organizationId = organizationOf(actor);
  const matches = await findMatches(db, organizationId, values);
  const leads = await presentLeadsById(
    db,
    organizationId,
    matches.map((match) => match.id),
  );
  return {
    matches: matches.flatMap(({ id, reasons }) => {
      const lead = leads.get(id);
      return lead ? [{ lead, reasons }] : [];
    }),
  };
};

/** POST /api/duplicates/keep-separate: both leads the organisation's, the pair never offered again. */
export const keepSeparate = async (
  db: Db,
  actor: CurrentUser,
  pair: { aId: string; bId: string },
): Promise<void> => {
  const organizationId = organizationOf(actor);
  const ids = [pair.aId.toLowerCase(), pair.bId.toLowerCase()];
  const leads = await presentLeadsById(db, organizationId, ids);
  if (leads.size !== 2) throw notFound(LEAD_NOT_FOUND);
  await insertDismissal(db, { organizationId, aId: ids[0]!, bId: ids[1]!, userId: actor.id });
};

/**
 * POST /api/duplicates/merge-same-email: every pair with the same email merged into its older
 * lead (blank fields filled from the newer), MERGE_EXACT_MAX at a time; each can be undone.
 */
export const mergeSameEmail = async (
  db: Db,
  actor: CurrentUser,
): Promise<{ merged: number; mergeIds: string[] }> => {
  if (!managesLeads(actor)) throw forbidden(MERGE_ALL_NEEDS_PERMISSION);
  const organizationId = organizationOf(actor);
  const pairs = await findPairs(db, organizationId, MERGE_EXACT_MAX, 'email');
  const gone = new Set<string>();
  const mergeIds: string[] = [];
  for (const { a, b } of pairs) {
    // A lead merged away in this run is not merged again (its group's older lead took it).
    if (gone.has(a) || gone.has(b)) continue;
    const { mergeId } = await mergeLeads(db, actor, { keepId: a, mergeId: b });
    gone.add(b);
    mergeIds.push(mergeId);
  }
  return { merged: mergeIds.length, mergeIds };
};

/** GET /api/duplicates/merges: the organisation's latest merges, with Undo while it lasts. */
export const recentMerges = async (
  db: Db,
  actor: CurrentUser,
): Promise<{ merges: MergeSummary[] }> => {
  const rows = await listMerges(db, organizationOf(actor), 50);
  return {
    merges: rows.map((row) => {
      const until = new Date(row.mergedAt.getTime() + MERGE_UNDO_DAYS * DAY);
      return {
        id: row.id,
        keptId: row.keptId,
        keptName: [row.keptFirst, row.keptLast].filter(Boolean).join(' ') || row.keptEmail,
        mergedName: row.mergedName,
        mergedEmail: row.mergedEmail,
        userName: row.userName,
        mergedAt: row.mergedAt.toISOString(),
        undoneAt: row.undoneAt?.toISOString() ?? null,
        undoUntil: row.undoneAt || until.getTime() < Date.now() ? null : until.toISOString(),
      };
    }),
  };
};
