import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { inOrganization } from '../../db/scope.ts';
import { periodCounts } from '../../db/period-counts.ts';
import { leads } from '../../db/schema.ts';

const inScope = (organizationId: string | null) =>
  inOrganization(leads.organizationId, organizationId);

/** All leads, and those created in each of the two periods before `now`. */
export const leadCounts = (db: Db, organizationId: string | null, now: Date, periodDays: number) =>
  periodCounts(db, leads, leads.createdAt, inScope(organizationId), now, periodDays);

/** Leads per source, most first ('' for leads without one). */
export const leadsPerSource = (db: Db, organizationId: string | null) =>
  db
    .select({ source: leads.source, count: count() })
    .from(leads)
    .where(inScope(organizationId))
    .groupBy(leads.source)
    .orderBy(desc(count()), leads.source);

/** Leads per status, most first. */
export const leadsPerStatus = (db: Db, organizationId: string | null) =>
  db
    .select({ status: leads.status, count: count() })
    .from(leads)
    .where(inScope(organizationId))
    .groupBy(leads.status)
    .orderBy(desc(count()), leads.status);
