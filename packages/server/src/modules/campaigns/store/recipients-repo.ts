import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { RecipientState } from '@leadline/shared/campaigns';
import type { Db } from '../../../db/connection.ts';
import { rowsOf } from '../../../db/rows.ts';
import { containsPattern } from '../../leads/query.ts';

export type RecipientRow = {
  leadId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  phone: string;
  profileLink: string;
  state: RecipientState;
  step: number;
  sentAt: string | null;
  dueAt: string | null;
  error: string | null;
};

/** ISO text of a timestamp, the same from pg and PGlite. */
const iso = (column: SQL) => sql`to_json(${column}) #>> '{}'`;

/**
 * One row per lead of the campaign with its state as the detail view shows it: the state of
 * the last step that reached an end (sent, failed, skipped, done), or queued while none has;
 * a step still waiting shows as the lead's next due date. For email campaigns an unsubscribe
 * (a skipped step, or the lead's own flag) or a reply (a skipped step, or a reply after the
 * first email) outranks the rest. LinkedIn and call tasks are queued or done.
 */
const perLead = (campaignId: string, isEmail: boolean) => {
  const email = sql.raw(isEmail ? 'true' : 'false');
  return sql`
  SELECT p.lead_id AS "leadId", l.person_first_name AS "firstName",
    l.person_last_name AS "lastName", l.person_email AS "email",
    l.company_name AS "companyName", l.phone AS "phone",
    coalesce(nullif(l.contact_profile_link, ''), l.person_linkedin) AS "profileLink",
    coalesce(p.last_step, 0) AS step,
    ${iso(sql`p.sent_at`)} AS "sentAt",
    ${iso(sql`p.next_due`)} AS "dueAt",
    CASE WHEN p.last_state = 'failed' THEN p.last_error END AS "error",
    CASE
      WHEN ${email} AND (p.unsubscribed OR l.unsubscribed_at IS NOT NULL) THEN 'unsubscribed'
      WHEN ${email} AND (p.replied OR (l.replied_at IS NOT NULL AND p.first_sent IS NOT NULL
        AND l.replied_at >= p.first_sent)) THEN 'replied'
      ELSE coalesce(p.last_state, 'queued')
    END AS "state"
  FROM (
    SELECT d.lead_id,
      bool_or(d.state = 'unsubscribed') AS unsubscribed,
      bool_or(d.state = 'replied') AS replied,
      min(d.finished_at) FILTER (WHERE d.state = 'sent') AS first_sent,
      max(d.finished_at) FILTER (WHERE d.state IN ('sent', 'done')) AS sent_at,
      min(d.due_at) FILTER (WHERE d.state IN ('queued', 'sending')) AS next_due,
      max(d.step) FILTER (WHERE d.state NOT IN ('queued', 'sending')) AS last_step,
      (array_agg(d.state ORDER BY d.step DESC)
        FILTER (WHERE d.state NOT IN ('queued', 'sending')))[1] AS last_state,
      (array_agg(d.error ORDER BY d.step DESC)
        FILTER (WHERE d.state NOT IN ('queued', 'sending')))[1] AS last_error
    FROM campaign_deliveries d
    WHERE d.campaign_id = ${campaignId}
    GROUP BY d.lead_id
  ) p
  JOIN leads l ON l.id = p.lead_id`;
};

export const findRecipients = async (
  db: Db,
  campaignId: string,
  email: boolean,
  options: { state?: RecipientState; search?: string; limit: number; offset: number },
): Promise<{ rows: RecipientRow[]; total: number }> => {
  const where = sql.join(
    [
      sql`true`,
      options.state ? sql`r."state" = ${options.state}` : undefined,
      options.search
        ? sql`lower(r."firstName" || ' ' || r."lastName" || ' ' || r."email" || ' ' || r."companyName") LIKE lower(${containsPattern(options.search)})`
        : undefined,
    ].filter((part): part is SQL => part !== undefined),
    sql` AND `,
  );
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      SELECT r.* FROM (${perLead(campaignId, email)}) r WHERE ${where}
      ORDER BY lower(r."firstName"), lower(r."lastName"), r."leadId"
      LIMIT ${options.limit} OFFSET ${options.offset}`),
    db.execute(sql`
      SELECT count(*)::int AS n FROM (${perLead(campaignId, email)}) r WHERE ${where}`),
  ]);
  return { rows: rowsOf<RecipientRow>(rows), total: rowsOf<{ n: number }>(totals)[0]!.n };
};

/** How many leads are in each state. */
export const countRecipientStates = async (
  db: Db,
  campaignId: string,
  email: boolean,
): Promise<Partial<Record<RecipientState, number>>> => {
  const result = await db.execute(sql`
    SELECT r."state" AS state, count(*)::int AS n FROM (${perLead(campaignId, email)}) r
    GROUP BY r."state"`);
  return Object.fromEntries(
    rowsOf<{ state: RecipientState; n: number }>(result).map((row) => [row.state, row.n]),
  );
};

/** Per step: emails sent, failed, and rows still waiting (queued or being sent). */
export const stepSummary = async (db: Db, campaignId: string) => {
  const result = await db.execute(sql`
    SELECT step,
      count(*) FILTER (WHERE state IN ('sent', 'done'))::int AS sent,
      count(*) FILTER (WHERE state = 'failed')::int AS failed,
      count(*) FILTER (WHERE state IN ('queued', 'sending'))::int AS queued
    FROM campaign_deliveries WHERE campaign_id = ${campaignId}
    GROUP BY step ORDER BY step`);
  return rowsOf<{ step: number; sent: number; failed: number; queued: number }>(result);
};

/** The chosen leads as the form lists them. */
export const findLeadOptions = async (
  db: Db,
  organizationId: string,
  filter: { ids?: readonly string[]; search?: string; limit: number },
) => {
  const conditions = [
    sql`organization_id = ${organizationId}`,
    filter.ids
      ? sql`id IN (${sql.join(
          filter.ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : undefined,
    filter.search ? sql`search_text LIKE lower(${containsPattern(filter.search)})` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  if (filter.ids && filter.ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT id AS "_id", trim(person_first_name || ' ' || person_last_name) AS "name",
      person_email AS "email", company_name AS "companyName"
    FROM leads WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY lower(person_first_name), lower(person_last_name), id
    LIMIT ${filter.limit}`);
  return rowsOf<{ _id: string; name: string; email: string; companyName: string }>(result);
};
