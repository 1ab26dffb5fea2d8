import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { automationRuns, automations, campaigns, events, leads, users } from '../../db/tables.ts';

export type AutomationRow = typeof automations.$inferSelect;
export type AutomationRecord = AutomationRow & { creatorName: string | null };
export type RunRow = typeof automationRuns.$inferSelect;
export type RunStatusCounts = Map<
  string,
  Record<'pending' | 'succeeded' | 'skipped' | 'failed', number>
>;

const withCreator = (db: Db) =>
  db
    .select({ rule: automations, creatorName: users.name })
    .from(automations)
    .leftJoin(users, eq(users.id, automations.createdBy));

export const findAutomations = async (
  db: Db,
  organizationId: string,
): Promise<AutomationRecord[]> =>
  (
    await withCreator(db)
      .where(eq(automations.organizationId, organizationId))
      .orderBy(desc(automations.createdAt), desc(automations.id))
  ).map((row) => ({ ...row.rule, creatorName: row.creatorName }));

export const findAutomation = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<AutomationRecord | undefined> => {
  const [row] = await withCreator(db)
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)))
    .limit(1);
  return row ? { ...row.rule, creatorName: row.creatorName } : undefined;
};

/** The event a run was made for. */
export const findRunEvent = async (db: Db, run: Pick<RunRow, 'eventId' | 'organizationId'>) =>
  (
    await db
      .select()
      .from(events)
      .where(and(eq(events.id, run.eventId), eq(events.organizationId, run.organizationId)))
      .limit(1)
  )[0];

/** How many runs of each rule ended each way. */
export const countRuns = async (db: Db, ids: readonly string[]): Promise<RunStatusCounts> => {
  const result: RunStatusCounts = new Map();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: automationRuns.automationId, status: automationRuns.status, n: count() })
    .from(automationRuns)
    .where(inArray(automationRuns.automationId, [...ids]))
    .groupBy(automationRuns.automationId, automationRuns.status);
  for (const id of ids) result.set(id, { pending: 0, succeeded: 0, skipped: 0, failed: 0 });
  for (const row of rows) result.get(row.id)![row.status] = row.n;
  return result;
};

export const insertAutomation = async (
  db: Db,
  values: typeof automations.$inferInsert,
): Promise<AutomationRow> => {
  const [row] = await db.insert(automations).values(values).returning();
  return row!;
};

export const updateAutomationRow = async (
  db: Db,
  organizationId: string,
  id: string,
  changes: Partial<typeof automations.$inferInsert>,
): Promise<void> => {
  await db
    .update(automations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)));
};

export const deleteAutomationRow = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<void> => {
  await db
    .delete(automations)
    .where(and(eq(automations.organizationId, organizationId), eq(automations.id, id)));
};

/** How many runs a rule's list shows. */
export const RUN_LIST_LIMIT = 200;

export type RunListRow = RunRow & {
  eventType: string;
  lead: { personFirstName: string; personLastName: string } | null;
};

/** A rule's runs, newest first, with their event's type and lead. */
export const findRuns = async (db: Db, automationId: string): Promise<RunListRow[]> => {
  const rows = await db
    .select({
      run: automationRuns,
      eventType: events.type,
      personFirstName: leads.personFirstName,
      personLastName: leads.personLastName,
    })
    .from(automationRuns)
    .innerJoin(events, eq(events.id, automationRuns.eventId))
    .leftJoin(leads, eq(leads.id, automationRuns.leadId))
    .where(eq(automationRuns.automationId, automationId))
    .orderBy(desc(automationRuns.createdAt), desc(events.seq))
    .limit(RUN_LIST_LIMIT);
  return rows.map((row) => ({
    ...row.run,
    eventType: row.eventType,
    lead:
      row.personFirstName !== null
        ? { personFirstName: row.personFirstName, personLastName: row.personLastName ?? '' }
        : null,
  }));
};

/** The enabled rules of these organisations that react to these event types. */
export const findTriggeredRules = async (
  db: Db,
  organizationIds: readonly string[],
  types: readonly string[],
): Promise<AutomationRow[]> =>
  db
    .select()
    .from(automations)
    .where(
      and(
        eq(automations.enabled, true),
        inArray(automations.organizationId, [...organizationIds]),
        inArray(automations.trigger, [...types]),
      ),
    );

/** The class of each tracking event among `ids` (email.opened / email.clicked carry one). */
export const findHitClasses = async (
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: events.id, hitClass: sql<string>`${events.data}->>'class'` })
    .from(events)
    .where(inArray(events.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.hitClass]));
};

/** How many runs each cascade has, and whether its limit entry was written (see engine.ts). */
export type CascadeTally = { runs: number; limited: boolean };

/**
 * The runs written so far for these cascades (by the cascade index: a cascade has at most
 * AUTOMATION_CASCADE_RUNS_MAX runs and one limit entry). `limitOutcome` marks the entry.
 */
export const countCascadeRuns = async (
  db: Db,
  cascadeIds: readonly string[],
  limitOutcome: string,
): Promise<Map<string, CascadeTally>> => {
  const tallies = new Map<string, CascadeTally>();
  if (cascadeIds.length === 0) return tallies;
  const result = await db.execute(sql`
    SELECT cascade_id, count(*) FILTER (WHERE outcome <> ${limitOutcome})::int AS runs,
      bool_or(outcome = ${limitOutcome}) AS limited
    FROM ${automationRuns}
    WHERE cascade_id = ANY(${sql.param([...cascadeIds])}::uuid[])
    GROUP BY cascade_id`);
  for (const row of rowsOf<{ cascade_id: string; runs: number; limited: boolean }>(result))
    tallies.set(row.cascade_id, { runs: Number(row.runs), limited: row.limited });
  return tallies;
};

/**
 * How many rules the organisation has, counted under a lock on its rule list held until the
 * end of the transaction (`tx`), so two rules created at once cannot both pass the limit.
 */
export const countAutomationsLocked = async (tx: Db, organizationId: string): Promise<number> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`automations:${organizationId}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(automations)
    .where(eq(automations.organizationId, organizationId));
  return row?.n ?? 0;
};

export const insertRuns = async (
  db: Db,
  runs: readonly (typeof automationRuns.$inferInsert)[],
): Promise<void> => {
  for (let start = 0; start < runs.length; start += 500)
    await db
      .insert(automationRuns)
      .values(runs.slice(start, start + 500))
      .onConflictDoNothing();
};

/** Records how a claimed run ended (once: a run already ended stays as it is). */
export const finishRun = async (
  db: Db,
  run: { id: string; automationId: string },
  status: 'succeeded' | 'skipped' | 'failed',
  outcome: string,
): Promise<boolean> => {
  const rows = await db
    .update(automationRuns)
    .set({ status, outcome, finishedAt: sql`now()` })
    .where(and(eq(automationRuns.id, run.id), eq(automationRuns.status, 'pending')))
    .returning({ id: automationRuns.id });
  if (rows.length === 0) return false;
  await db
    .update(automations)
    .set({ lastRunAt: sql`now()` })
    .where(eq(automations.id, run.automationId));
  return true;
};

/** Whose turn it is in a rule's round-robin (and moves the turn on), atomically. */
export const takeRoundRobinTurn = async (db: Db, automationId: string): Promise<number> => {
  const [row] = await db
    .update(automations)
    .set({ roundRobinNext: sql`${automations.roundRobinNext} + 1` })
    .where(eq(automations.id, automationId))
    .returning({ next: automations.roundRobinNext });
  return (row?.next ?? 1) - 1;
};

/** The tags of the campaigns a lead belongs to (chosen or reached), lower-cased. */
export const findCampaignTags = async (db: Db, leadId: string): Promise<string[]> => {
  const result = await db.execute(sql`
    SELECT DISTINCT lower(tag) AS tag
    FROM campaigns c, jsonb_array_elements_text(coalesce(c.target_filters->'tags', '[]'::jsonb)) AS tag
    WHERE c.id IN (SELECT campaign_id FROM campaign_leads WHERE lead_id = ${leadId}
                   UNION SELECT campaign_id FROM campaign_deliveries WHERE lead_id = ${leadId})`);
  return rowsOf<{ tag: string }>(result).map((row) => row.tag);
};

/** Whether the campaign belongs to the organisation. */
export const campaignInOrganization = async (
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<boolean> => {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, organizationId), eq(campaigns.id, campaignId)))
    .limit(1);
  return row !== undefined;
};

/** The organisation's campaigns a rule can add leads to, by name. */
export const findCampaignOptions = (db: Db, organizationId: string) =>
  db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      type: campaigns.type,
      status: campaigns.status,
    })
    .from(campaigns)
    .where(eq(campaigns.organizationId, organizationId))
    .orderBy(campaigns.name)
    .limit(1000);
