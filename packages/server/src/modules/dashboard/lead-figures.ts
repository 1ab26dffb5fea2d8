import { TREND_DAYS } from '@leadline/shared/dashboard';
import type { Db } from '../../db/connection.ts';
import { onLeadsChanged } from '../leads/changes.ts';
import { leadCounts, leadsPerSource, leadsPerStatus } from './repo.ts';

/** How long the lead figures of a scope are reused: never older than a minute (issue 12). */
export const LEAD_FIGURES_TTL_MS = 60_000;

export type LeadFigures = {
  counts: { total: number; current: number; previous: number };
  bySource: { source: string; count: number }[];
  byStatus: { status: string; count: number }[];
};

type Entry = { at: number; figures: Promise<LeadFigures> };

/**
 * The dashboard's three lead aggregates read every lead of the organisation (330 ms of database
 * time at a million leads), so they are kept per database and scope (an organisation, or all of
 * them for a Super Admin) for at most LEAD_FIGURES_TTL_MS. Views arriving together share one
 * computation. Writes through the leads service and imports forget the organisation's entry
 * (and the all-organisations one), so a user sees their own change at once; other writes (mail
 * counters, seeding) show within the minute.
 */
const cache = new WeakMap<Db, Map<string, Entry>>();

const ALL = '*';

const compute = async (db: Db, organizationId: string | null, now: Date): Promise<LeadFigures> => {
  const [counts, bySource, byStatus] = await Promise.all([
    leadCounts(db, organizationId, now, TREND_DAYS),
    leadsPerSource(db, organizationId),
    leadsPerStatus(db, organizationId),
  ]);
  return { counts, bySource, byStatus };
};

export const leadFigures = (
  db: Db,
  organizationId: string | null,
  now: Date,
): Promise<LeadFigures> => {
  let entries = cache.get(db);
  if (!entries) cache.set(db, (entries = new Map()));
  const key = organizationId ?? ALL;
  const found = entries.get(key);
  const at = Date.now();
  if (found && at - found.at < LEAD_FIGURES_TTL_MS && at >= found.at) return found.figures;
  const figures = compute(db, organizationId, now);
  const entry = { at, figures };
  entries.set(key, entry);
  // A failed computation is not kept: the next view tries again.
  figures.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return figures;
};

/** Forgets the figures that count the organisation's leads (after a write to them). */
const forgetLeadFigures = (db: Db, organizationId: string): void => {
  const entries = cache.get(db);
  entries?.delete(organizationId);
  entries?.delete(ALL);
};

onLeadsChanged(forgetLeadFigures);
