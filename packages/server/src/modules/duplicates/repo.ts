import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DuplicateCheckInput, DuplicateReason } from '@leadline/shared/duplicates';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { LEAD_COMPANY_KEY, leads, users } from '../../db/schema.ts';
import { leadDuplicateDismissals, leadMerges } from '../../db/tables/duplicates.ts';
import type { MergeSnapshot } from '../../db/tables/duplicates.ts';
import { emailKey, nameKey, phoneKey, profileKey } from './keys.ts';

export type PairRow = {
  a: string;
  b: string;
  reasons: DuplicateReason[];
  total: number;
  sameEmail: number;
};

const keyed = (organizationId: string): SQL => sql`
  SELECT id, created_at, 'email' AS reason, ${emailKey(sql`person_email`)} AS k
    FROM leads WHERE organization_id = ${organizationId} AND person_email <> ''
  UNION ALL
  SELECT id, created_at, 'profile', ${profileKey(sql`person_linkedin`)}
    FROM leads WHERE organization_id = ${organizationId} AND person_linkedin <> ''
  UNION ALL
  SELECT id, created_at, 'phone', ${phoneKey(sql`phone`)}
    FROM leads WHERE organization_id = ${organizationId} AND phone <> ''
  UNION ALL
  SELECT id, created_at, 'name',
    ${nameKey(sql`person_first_name`, sql`person_last_name`, sql`company_key`)}
    FROM leads WHERE organization_id = ${organizationId} AND person_last_name <> ''`;

/**
 * The candidate pairs of the organisation, strongest first: within each shared key every lead
 * pairs with the oldest (so a group of n gives n - 1 pairs, not n²); a pair's reasons are all
 * the keys it shares. `a` is the older lead. Pairs kept separate are left out.
 */
export const findPairs = async (
  db: Db,
  organizationId: string,
  limit: number,
  onlyReason?: DuplicateReason,
): Promise<PairRow[]> =>
  rowsOf<PairRow>(
    await db.execute(sql`
      WITH keyed AS (${keyed(organizationId)}),
      grouped AS (
        SELECT reason, id,
          first_value(id) OVER (PARTITION BY reason, k ORDER BY created_at, id) AS first_id,
          count(*) OVER (PARTITION BY reason, k) AS n
        FROM keyed WHERE k IS NOT NULL
      ),
      pairs AS (
        SELECT first_id AS a, id AS b, array_agg(DISTINCT reason) AS reasons
        FROM grouped WHERE n > 1 AND id <> first_id GROUP BY first_id, id
      ),
      open_pairs AS (
        SELECT p.* FROM pairs p WHERE NOT EXISTS (
          SELECT 1 FROM lead_duplicate_dismissals d
          WHERE d.lead_a = least(p.a, p.b) AND d.lead_b = greatest(p.a, p.b))
        ${onlyReason ? sql`AND ${onlyReason} = ANY(p.reasons)` : sql``}
      )
      SELECT a, b, reasons,
        (count(*) OVER ())::int AS total,
        (count(*) FILTER (WHERE 'email' = ANY(reasons)) OVER ())::int AS "sameEmail"
      FROM open_pairs
      ORDER BY ('email' = ANY(reasons)) DESC, cardinality(reasons) DESC, b DESC
      LIMIT ${limit}`),
  ).map((row) => ({ ...row, reasons: parseReasons(row.reasons) }));

/** node-postgres answers a text[] as an array, PGlite too; a '{a,b}' literal is read as well. */
const parseReasons = (value: unknown): DuplicateReason[] =>
  (Array.isArray(value)
    ? value
    : String(value).replace(/[{}]/g, '').split(',')) as DuplicateReason[];

/** The organisation's leads that share a key with the values of a lead about to be made. */
export const findMatches = async (
  db: Db,
  organizationId: string,
  values: DuplicateCheckInput,
): Promise<{ id: string; reasons: DuplicateReason[] }[]> => {
  const checks: { reason: DuplicateReason; same: SQL }[] = [];
  if (values.personEmail?.trim()) {
    const key = emailKey(sql`${values.personEmail}::text`);
    checks.push({ reason: 'email', same: sql`${emailKey(sql`person_email`)} = ${key}` });
  }
  if (values.personLinkedin?.trim()) {
    const key = profileKey(sql`${values.personLinkedin}::text`);
    checks.push({ reason: 'profile', same: sql`${profileKey(sql`person_linkedin`)} = ${key}` });
  }
  if (values.phone?.trim()) {
    const key = phoneKey(sql`${values.phone}::text`);
    checks.push({ reason: 'phone', same: sql`${phoneKey(sql`phone`)} = ${key}` });
  }
  if (values.personFirstName?.trim() && values.personLastName?.trim()) {
    const company = sql`(SELECT ${LEAD_COMPANY_KEY} FROM (SELECT
      ${values.companySite ?? ''}::text AS company_site,
      ${values.companyName ?? ''}::text AS company_name) AS v)`;
    const key = nameKey(
      sql`${values.personFirstName}::text`,
      sql`${values.personLastName}::text`,
      company,
    );
    const own = nameKey(sql`person_first_name`, sql`person_last_name`, sql`company_key`);
    checks.push({ reason: 'name', same: sql`${own} = ${key}` });
  }
  if (checks.length === 0) return [];
  const reasons = sql.join(
    checks.map(({ reason, same }) => sql`CASE WHEN ${same} THEN ${reason}::text END`),
    sql`, `,
  );
  const any = sql.join(
    checks.map(({ same }) => sql`(${same})`),
    sql` OR `,
  );
  const rows = rowsOf<{ id: string; reasons: unknown }>(
    await db.execute(sql`
      SELECT id, array_remove(ARRAY[${reasons}], NULL) AS reasons FROM leads
      WHERE organization_id = ${organizationId} AND (${any})
      ORDER BY created_at LIMIT 5`),
  );
  return rows.map((row) => ({ id: row.id, reasons: parseReasons(row.reasons) }));
};

export const insertDismissal = async (
  db: Db,
  values: { organizationId: string; aId: string; bId: string; userId: string },
): Promise<void> => {
  const [leadA, leadB] = [values.aId, values.bId].sort();
  await db
    .insert(leadDuplicateDismissals)
    .values({
      organizationId: values.organizationId,
      leadA: leadA!,
      leadB: leadB!,
      userId: values.userId,
    })
    .onConflictDoNothing();
};

/* Merges */

// Generated columns are read by nobody here and cannot be written back.
const writableLeadColumns = Object.values(getTableColumns(leads))
  .filter((column) => !column.generated)
  .map((column) => column.name);
const columnList = sql.raw(writableLeadColumns.map((name) => `"${name}"`).join(', '));

/** A lead's row (its writable columns, by column name), locked for the merge. */
export const lockLeadRow = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> => {
  const [row] = rowsOf<{ row: Record<string, unknown> }>(
    await db.execute(sql`
      SELECT to_jsonb(v) AS row FROM (
        SELECT ${columnList} FROM leads WHERE organization_id = ${organizationId} AND id = ${id}
        FOR UPDATE) AS v`),
  );
  return row?.row;
};

/** Writes columns of a lead from a snapshot (by column name; generated ones never). */
export const writeLeadColumns = async (
  db: Db,
  id: string,
  values: Record<string, unknown>,
): Promise<void> => {
  const names = Object.keys(values).filter((name) => writableLeadColumns.includes(name));
  if (names.length === 0) return;
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  await db.execute(sql`
    UPDATE leads SET (${list}) = (
      SELECT ${list} FROM jsonb_populate_record(NULL::leads, ${JSON.stringify(values)}::jsonb))
    , updated_at = now()
    WHERE id = ${id}`);
};

/** Writes a deleted lead back with its own id and values. */
export const restoreLeadRow = async (db: Db, row: Record<string, unknown>): Promise<void> => {
  await db.execute(sql`
    INSERT INTO leads (${columnList})
    SELECT ${columnList} FROM jsonb_populate_record(NULL::leads, ${JSON.stringify(row)}::jsonb)`);
};

export const deleteLeadRow = async (db: Db, id: string): Promise<void> => {
  await db.delete(leads).where(eq(leads.id, id));
};

export const insertMerge = async (
  db: Db,
  values: typeof leadMerges.$inferInsert,
): Promise<string> => {
  const [row] = await db.insert(leadMerges).values(values).returning({ id: leadMerges.id });
  return row!.id;
};

export type MergeRow = typeof leadMerges.$inferSelect;

export const lockMerge = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<MergeRow | undefined> => {
  const [row] = await db
    .select()
    .from(leadMerges)
    .where(and(eq(leadMerges.organizationId, organizationId), eq(leadMerges.id, id)))
    .for('update');
  return row;
};

export const markUndone = async (db: Db, id: string): Promise<void> => {
  await db
    .update(leadMerges)
    .set({ undoneAt: sql`now()` })
    .where(eq(leadMerges.id, id));
};

/** The organisation's merges, newest first. */
export const listMerges = async (db: Db, organizationId: string, limit: number) =>
  db
    .select({
      id: leadMerges.id,
      keptId: leadMerges.keptId,
      keptFirst: leads.personFirstName,
      keptLast: leads.personLastName,
      keptEmail: leads.personEmail,
      mergedName: leadMerges.mergedName,
      mergedEmail: leadMerges.mergedEmail,
      userName: users.name,
      mergedAt: leadMerges.mergedAt,
      undoneAt: leadMerges.undoneAt,
    })
    .from(leadMerges)
    .innerJoin(leads, eq(leads.id, leadMerges.keptId))
    .leftJoin(users, eq(users.id, leadMerges.userId))
    .where(eq(leadMerges.organizationId, organizationId))
    .orderBy(desc(leadMerges.mergedAt))
    .limit(limit);

export type { MergeSnapshot };
