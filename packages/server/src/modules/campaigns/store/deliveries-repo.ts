import {
  and,
  asc,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { DeliveryState } from '@leadline/shared/campaigns';
import type { Db } from '../../../db/connection.ts';
import { leads } from '../../../db/schema.ts';
import { campaignDeliveries } from '../../../db/tables/campaigns.ts';

export type DeliveryRow = typeof campaignDeliveries.$inferSelect;

/** The lead fields a send needs. */
export type DeliveryLead = {
  id: string;
  personFirstName: string;
  personLastName: string;
  personEmail: string;
  companyName: string;
  personDesignation: string;
  personCity: string;
  personCountry: string;
  repliedAt: Date | null;
  unsubscribedAt: Date | null;
  doNotTrack: boolean;
  /** The lead's own zone (with its country: a window in each lead's time zone). */
  timeZone: string | null;
};

/** `mailboxId`: the mailbox the lead's emails go from; null until chosen (or the default). */
export type ClaimedDelivery = { step: number; lead: DeliveryLead; mailboxId: string | null };

/** The keys of claimed rows (to release or finish them). */
export const deliveryKeysOf = (rows: readonly ClaimedDelivery[]) =>
  rows.map((row) => ({ step: row.step, leadId: row.lead.id }));

const d = campaignDeliveries;
const ofCampaign = (campaignId: string) => eq(d.campaignId, campaignId);
const oneRow = (campaignId: string, step: number, leadId: string) =>
  and(ofCampaign(campaignId), eq(d.step, step), eq(d.leadId, leadId));

/** States that count against the hourly send rate: attempted emails. */
const ATTEMPTED: DeliveryState[] = ['sending', 'sent', 'failed'];

/** Emails of the campaign attempted in the hour before `now`, and the oldest of them. */
export const attemptsInLastHour = async (
  db: Db,
  campaignId: string,
  now: Date,
): Promise<{ n: number; oldest: Date | null }> => {
  const [row] = await db
    .select({ n: count(), oldest: min(d.claimedAt) })
    .from(d)
    .where(
      and(
        ofCampaign(campaignId),
        inArray(d.state, ATTEMPTED),
        sql`${d.claimedAt} > ${now.toISOString()}::timestamptz - interval '1 hour'`,
      ),
    );
  return { n: row!.n, oldest: row!.oldest };
};

/**
 * Due rows at `now` (the engine's clock): queued and due, or claimed by a process that has not
 * finished them in time.
 */
/** Rows not on a mailbox the campaign has stopped sending from (mailbox-holds.ts). */
const notHeld = (held: readonly string[]) =>
  held.length === 0 ? undefined : or(isNull(d.mailboxId), notInArray(d.mailboxId, [...held]));

const dueCondition = (
  campaignId: string,
  leaseSeconds: number,
  now: Date,
  held: readonly string[],
) =>
  and(
    ofCampaign(campaignId),
    notHeld(held),
    or(
      and(eq(d.state, 'queued'), lte(d.dueAt, now)),
      and(
        eq(d.state, 'sending'),
        sql`${d.claimedAt} < ${now.toISOString()}::timestamptz - make_interval(secs => ${leaseSeconds})`,
      ),
    ),
  );

/**
 * Claims up to `limit` due rows (oldest due first) for this process: 'sending', claimed now.
 * Call inside the transaction that holds the campaign's lock, so two processes never claim
 * the same row. Answers the claimed rows with their leads.
 */
export const claimDue = async (
  db: Db,
  campaignId: string,
  limit: number,
  leaseSeconds: number,
  now: Date,
  /** Mailboxes the campaign does not send from now: their rows wait. */
  held: readonly string[] = [],
): Promise<{ claimed: ClaimedDelivery[] }> => {
  if (limit <= 0) return { claimed: [] };
  const picked = await db
    .select({ step: d.step, leadId: d.leadId, mailboxId: d.mailboxId })
    .from(d)
    .where(dueCondition(campaignId, leaseSeconds, now, held))
    .orderBy(asc(d.dueAt), asc(d.step), asc(d.leadId))
    .limit(limit);
  if (picked.length === 0) return { claimed: [] };
  const keys = sql.join(
    picked.map((row) => sql`(${row.step}, ${row.leadId}::uuid)`),
    sql`, `,
  );
  await db
    .update(d)
    .set({ state: 'sending', claimedAt: now })
    .where(and(ofCampaign(campaignId), sql`(${d.step}, ${d.leadId}) IN (${keys})`));
  const people = await db
    .select({
      id: leads.id,
      personFirstName: leads.personFirstName,
      personLastName: leads.personLastName,
      personEmail: leads.personEmail,
      companyName: leads.companyName,
      personDesignation: leads.personDesignation,
      personCity: leads.personCity,
      personCountry: leads.personCountry,
      repliedAt: leads.repliedAt,
      unsubscribedAt: leads.unsubscribedAt,
      doNotTrack: leads.doNotTrack,
      timeZone: leads.timeZone,
    })
    .from(leads)
    .where(
      inArray(
        leads.id,
        picked.map((row) => row.leadId),
      ),
    );
  const byId = new Map(people.map((lead) => [lead.id, lead]));
  return {
    claimed: picked
      .filter((row) => byId.has(row.leadId))
      .map((row) => ({ step: row.step, lead: byId.get(row.leadId)!, mailboxId: row.mailboxId })),
  };
};

/**
 * When the next row falls due (queued later, or a claim that will lapse); null when none.
 * The rows of held mailboxes wait for a user, not for a time.
 */
export const nextDueAt = async (
  db: Db,
  campaignId: string,
  leaseSeconds: number,
  held: readonly string[] = [],
): Promise<{ queued: Date | null; lapse: Date | null }> => {
  const [row] = await db
    .select({
      queued: sql<Date | null>`min(${d.dueAt}) FILTER (WHERE ${d.state} = 'queued')`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
      lapse:
        sql<Date | null>`min(${d.claimedAt}) FILTER (WHERE ${d.state} = 'sending') + make_interval(secs => ${leaseSeconds})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(d)
    .where(and(ofCampaign(campaignId), inArray(d.state, ['queued', 'sending']), notHeld(held)));
  return { queued: row?.queued ?? null, lapse: row?.lapse ?? null };
};

/** Whether any row still waits or is being sent. */
export const hasOpenRows = async (db: Db, campaignId: string): Promise<boolean> => {
  const [row] = await db
    .select({ n: count() })
    .from(d)
    .where(and(ofCampaign(campaignId), inArray(d.state, ['queued', 'sending'])))
    .limit(1);
  return row!.n > 0;
};

export type Outcome =
  | { state: 'sent'; sentEmailId: string | null }
  | { state: 'failed'; error: string; sentEmailId?: string | null }
  | { state: 'replied' | 'unsubscribed' };

/** Records how a claimed row ended. A skipped row does not count against the send rate. */
export const finishDelivery = async (
  db: Db,
  campaignId: string,
  step: number,
  leadId: string,
  outcome: Outcome,
): Promise<void> => {
  const counted = outcome.state === 'sent' || outcome.state === 'failed';
  await db
    .update(d)
    .set({
      state: outcome.state,
      finishedAt: sql`now()`,
      error: outcome.state === 'failed' ? outcome.error : null,
      ...('sentEmailId' in outcome && outcome.sentEmailId
        ? { sentEmailId: outcome.sentEmailId }
        : {}),
      ...(counted ? {} : { claimedAt: null }),
    })
    .where(oneRow(campaignId, step, leadId));
};

/** Puts claimed rows back in the queue, due at `dueAt` (now when not given). */
export const releaseDeliveries = async (
  db: Db,
  campaignId: string,
  rows: readonly { step: number; leadId: string }[],
  dueAt?: Date,
): Promise<void> => {
  if (rows.length === 0) return;
  const keys = sql.join(
    rows.map((row) => sql`(${row.step}, ${row.leadId}::uuid)`),
    sql`, `,
  );
  await db
    .update(d)
    .set({ state: 'queued', claimedAt: null, ...(dueAt ? { dueAt } : {}) })
    .where(
      and(
        ofCampaign(campaignId),
        eq(d.state, 'sending'),
        sql`(${d.step}, ${d.leadId}) IN (${keys})`,
      ),
    );
};

/** Queued rows due before `until` wait for it (the sending window opens then). */
export const deferQueued = async (db: Db, campaignId: string, until: Date): Promise<void> => {
  await db
    .update(d)
    .set({ dueAt: until })
    .where(and(ofCampaign(campaignId), eq(d.state, 'queued'), lt(d.dueAt, until)));
};

/** Keeps a claim whose email another process still holds: looked at again after a lease. */
export const renewClaim = async (
  db: Db,
  campaignId: string,
  step: number,
  leadId: string,
): Promise<void> => {
  await db
    .update(d)
    .set({ claimedAt: sql`now()` })
    .where(and(oneRow(campaignId, step, leadId), eq(d.state, 'sending')));
};

/** Queues the next step for the lead, due at `dueAt` (nothing when it exists already). */
export const queueNextStep = async (
  db: Db,
  campaignId: string,
  step: number,
  leadId: string,
  dueAt: Date,
  mailboxId: string | null = null,
): Promise<void> => {
  await db
    .insert(d)
    .values({ campaignId, step, leadId, state: 'queued', dueAt, mailboxId })
    .onConflictDoNothing();
};

/** Pins each lead's row to the mailbox chosen for it (its later steps inherit it). */
export const pinMailboxes = async (
  db: Db,
  campaignId: string,
  pins: readonly { step: number; leadId: string; mailboxId: string }[],
): Promise<void> => {
  if (pins.length === 0) return;
  const values = sql.join(
    pins.map((pin) => sql`(${pin.step}::int, ${pin.leadId}::uuid, ${pin.mailboxId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE campaign_deliveries AS cd SET mailbox_id = v.mailbox_id
    FROM (VALUES ${values}) AS v(step, lead_id, mailbox_id)
    WHERE cd.campaign_id = ${campaignId}::uuid AND cd.step = v.step AND cd.lead_id = v.lead_id`);
};

/** Follow-up rows are re-dated from the step before them when the delays change. */
export const redateFollowUps = async (
  db: Db,
  campaignId: string,
  delays: readonly number[],
): Promise<void> => {
  if (delays.length === 0) return;
  const values = sql.join(
    delays.map((days, index) => sql`(${index + 1}::int, ${days}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${d} AS next SET due_at = prev.finished_at + make_interval(days => delays.days)
    FROM ${d} AS prev, (VALUES ${values}) AS delays(step, days)
    WHERE next.campaign_id = ${campaignId} AND next.state = 'queued' AND next.step = delays.step
      AND prev.campaign_id = next.campaign_id AND prev.lead_id = next.lead_id
      AND prev.step = next.step - 1 AND prev.state = 'sent'`);
};

/** Drops queued rows of steps the campaign no longer has. */
export const dropStepsAfter = async (db: Db, campaignId: string, lastStep: number) => {
  await db
    .delete(d)
    .where(and(ofCampaign(campaignId), eq(d.state, 'queued'), gt(d.step, lastStep)));
};

/**
 * Queues step `step` for every lead whose step before it was sent and who has no row for it
 * yet (follow-ups added to a campaign under way), due `delayDays` after that send.
 */
export const queueMissingStep = async (
  db: Db,
  campaignId: string,
  step: number,
  delayDays: number,
): Promise<void> => {
  await db.execute(sql`
    INSERT INTO ${d} (campaign_id, step, lead_id, state, due_at, mailbox_id)
    SELECT prev.campaign_id, ${step}::int, prev.lead_id, 'queued',
      prev.finished_at + make_interval(days => ${delayDays}::int), prev.mailbox_id
    FROM ${d} AS prev
    WHERE prev.campaign_id = ${campaignId} AND prev.step = ${step - 1} AND prev.state = 'sent'
    ON CONFLICT DO NOTHING`);
};

/** Re-dates the first step of rows still queued (a new start date). */
export const redateFirstStep = async (db: Db, campaignId: string, dueAt: Date): Promise<void> => {
  await db
    .update(d)
    .set({ dueAt })
    .where(and(ofCampaign(campaignId), eq(d.step, 0), eq(d.state, 'queued')));
};

/** Any row of the campaign (has it been sent before?). */
export const hasDeliveries = async (db: Db, campaignId: string): Promise<boolean> => {
  const [row] = await db
    .select({ leadId: d.leadId })
    .from(d)
    .where(and(ofCampaign(campaignId), isNotNull(d.leadId)))
    .limit(1);
  return row !== undefined;
};
