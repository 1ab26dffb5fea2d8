import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { BulkEmailStatus } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { emailBulkRuns } from '../../db/tables/email-jobs.ts';
import type { RunLead } from '../sending/outbox.ts';
import { suppressedSql } from '../suppression/check.ts';

export type BulkRunRow = typeof emailBulkRuns.$inferSelect;
export type NewBulkRun = typeof emailBulkRuns.$inferInsert;
/** A run as the progress API reads it: without its (long) list of leads and body. */
export type BulkRunSummary = Omit<BulkRunRow, 'leadIds' | 'body'>;

/** The counters a processed lead moves (each also moves `position` by one). */
export type BulkCounter =
  'sent' | 'failed' | 'unconfirmed' | 'skippedUnsubscribed' | 'skippedReplied' | 'skippedDeleted';

const { leadIds: _leadIds, body: _body, ...summaryColumns } = getTableColumns(emailBulkRuns);

export const insertBulkRun = async (db: Db, run: NewBulkRun): Promise<BulkRunSummary> => {
  const [row] = await db.insert(emailBulkRuns).values(run).returning(summaryColumns);
  return row!;
};

/** The user's own run (any other run, or a malformed id, is undefined). */
export const findBulkRun = async (
  db: Db,
  userId: string,
  runId: string,
): Promise<BulkRunSummary | undefined> => {
  const [row] = await db
    .select(summaryColumns)
    .from(emailBulkRuns)
    .where(and(eq(emailBulkRuns.id, runId), eq(emailBulkRuns.userId, userId)));
  return row;
};

export const listBulkRuns = (
  db: Db,
  userId: string,
  status: BulkEmailStatus | undefined,
  limit: number,
): Promise<BulkRunSummary[]> =>
  db
    .select(summaryColumns)
    .from(emailBulkRuns)
    .where(
      and(eq(emailBulkRuns.userId, userId), status ? eq(emailBulkRuns.status, status) : undefined),
    )
    .orderBy(desc(emailBulkRuns.createdAt), desc(emailBulkRuns.id))
    .limit(limit);

/**
 * Takes the run for `owner` for `leaseSeconds`: only while it is running and nobody else holds
 * a live lease. Undefined when it is finished or another worker holds it.
 */
export const claimBulkRun = async (
  db: Db,
  runId: string,
  owner: string,
  leaseSeconds: number,
): Promise<BulkRunRow | undefined> => {
  const [row] = await db
    .update(emailBulkRuns)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(emailBulkRuns.id, runId),
        eq(emailBulkRuns.status, 'running'),
        or(
          isNull(emailBulkRuns.leaseUntil),
          lt(emailBulkRuns.leaseUntil, sql`now()`),
          eq(emailBulkRuns.leaseOwner, owner),
        ),
      ),
    )
    .returning();
  return row;
};

/** The run's status, and whether `owner` still holds it. */
export const bulkRunState = async (
  db: Db,
  runId: string,
): Promise<Pick<BulkRunRow, 'status' | 'leaseOwner' | 'leaseUntil'> | undefined> => {
  const [row] = await db
    .select({
      status: emailBulkRuns.status,
      leaseOwner: emailBulkRuns.leaseOwner,
      leaseUntil: emailBulkRuns.leaseUntil,
    })
    .from(emailBulkRuns)
    .where(eq(emailBulkRuns.id, runId));
  return row;
};

/** Extends the lease; the run's status, or undefined when `owner` no longer holds it. */
export const renewBulkLease = async (
  db: Db,
  runId: string,
  owner: string,
  leaseSeconds: number,
): Promise<BulkEmailStatus | undefined> => {
  const [row] = await db
    .update(emailBulkRuns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(emailBulkRuns.id, runId), eq(emailBulkRuns.leaseOwner, owner)))
    .returning({ status: emailBulkRuns.status });
  return row?.status;
};

export type BulkCounts = Partial<Record<BulkCounter, number>>;

/**
 * Leads processed: their counters move and `position` becomes the index of the first lead
 * not yet counted, in one statement. Undefined when `owner` no longer holds the run; else
 * the run's status (the user may have stopped it).
 */
export const advanceBulkRun = async (
  db: Db,
  runId: string,
  owner: string,
  counts: BulkCounts,
  position: number,
): Promise<BulkEmailStatus | undefined> => {
  const changes = Object.fromEntries(
    (Object.entries(counts) as [BulkCounter, number][])
      .filter(([, n]) => n > 0)
      .map(([counter, n]) => [counter, sql`${emailBulkRuns[counter]} + ${n}`]),
  );
  const [row] = await db
    .update(emailBulkRuns)
    .set({ ...changes, position, updatedAt: sql`now()` })
    .where(and(eq(emailBulkRuns.id, runId), eq(emailBulkRuns.leaseOwner, owner)))
    .returning({ status: emailBulkRuns.status });
  return row?.status;
};

/**
 * Ends a run that is still running, or pauses it ('paused', too many bounces: not finished, its
 * position stays for the resume), and gives up the lease. Answers the run as it ended, or
 * undefined when it had already ended (the user stopped it: it keeps its status and message).
 */
export const finishBulkRun = async (
  db: Db,
  runId: string,
  owner: string,
  end: { status: 'completed' | 'stopped' | 'paused'; message?: string | null },
): Promise<BulkRunSummary | undefined> => {
  const [row] = await db
    .update(emailBulkRuns)
    .set({
      status: end.status,
      message: end.message ?? null,
      finishedAt: end.status === 'paused' ? null : sql`now()`,
      updatedAt: sql`now()`,
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(emailBulkRuns.id, runId),
        eq(emailBulkRuns.leaseOwner, owner),
        eq(emailBulkRuns.status, 'running'),
      ),
    )
    .returning(summaryColumns);
  return row;
};

/**
 * The user resumes their paused run: running again, its message cleared (a job is to take
 * it). Undefined when it is not paused (or not theirs).
 */
export const resumeBulkRun = async (
  db: Db,
  userId: string,
  runId: string,
): Promise<BulkRunSummary | undefined> => {
  const [row] = await db
    .update(emailBulkRuns)
    .set({ status: 'running', message: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailBulkRuns.id, runId),
        eq(emailBulkRuns.userId, userId),
        eq(emailBulkRuns.status, 'paused'),
      ),
    )
    .returning(summaryColumns);
  return row;
};

/** Gives up the lease without finishing (the run goes on in the next job). */
export const releaseBulkRun = async (db: Db, runId: string, owner: string): Promise<void> => {
  await db
    .update(emailBulkRuns)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(emailBulkRuns.id, runId), eq(emailBulkRuns.leaseOwner, owner)));
};

/**
 * The user stops their running or paused run; undefined when it is neither (or not theirs).
 */
export const stopBulkRun = async (
  db: Db,
  userId: string,
  runId: string,
  message: string,
): Promise<BulkRunSummary | undefined> => {
  const [row] = await db
    .update(emailBulkRuns)
    .set({ status: 'stopped', message, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(emailBulkRuns.id, runId),
        eq(emailBulkRuns.userId, userId),
        inArray(emailBulkRuns.status, ['running', 'paused']),
      ),
    )
    .returning(summaryColumns);
  return row;
};

/**
 * Running runs nobody is working on: their lease has lapsed (the process died), or they were
 * never taken and are older than `unclaimedSeconds` (their job was lost).
 */
export const findOrphanedBulkRuns = async (db: Db, unclaimedSeconds: number): Promise<string[]> => {
  const rows = await db
    .select({ id: emailBulkRuns.id })
    .from(emailBulkRuns)
    .where(
      and(
        eq(emailBulkRuns.status, 'running'),
        or(
          and(isNotNull(emailBulkRuns.leaseUntil), lt(emailBulkRuns.leaseUntil, sql`now()`)),
          and(
            isNull(emailBulkRuns.leaseUntil),
            lt(emailBulkRuns.createdAt, sql`now() - make_interval(secs => ${unclaimedSeconds})`),
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
};

/** Every running run (at start-up: those a killed process left behind resume). */
export const findRunningBulkRuns = async (db: Db): Promise<string[]> => {
  const rows = await db
    .select({ id: emailBulkRuns.id })
    .from(emailBulkRuns)
    .where(eq(emailBulkRuns.status, 'running'));
  return rows.map((row) => row.id);
};

/**
 * The leads of a run still in the organisation, with what a send reads from them (whether
 * the address is suppressed included, so that a send need not ask).
 */
export const findRunLeads = (db: Db, organizationId: string, ids: string[]): Promise<RunLead[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: leads.id,
          personEmail: leads.personEmail,
          personFirstName: leads.personFirstName,
          personLastName: leads.personLastName,
          companyName: leads.companyName,
          personDesignation: leads.personDesignation,
          personCity: leads.personCity,
          personCountry: leads.personCountry,
          repliedAt: leads.repliedAt,
          unsubscribedAt: leads.unsubscribedAt,
          doNotTrack: leads.doNotTrack,
          suppressed: suppressedSql(sql`leads.organization_id`, sql`leads.person_email`),
        })
        .from(leads)
        .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, ids)));

/** The selected leads of the organisation with their mail state (checking a new run). */
export const findSelectedLeads = (db: Db, organizationId: string, ids: string[]) =>
  db
    .select({ id: leads.id, mailSent: leads.mailSent })
    .from(leads)
    .where(and(eq(leads.organizationId, organizationId), inArray(leads.id, ids)));

/** The user's runs paused because their mailbox needed reconnecting (paused with `message`). */
export const findRunsPausedWith = async (
  db: Db,
  userId: string,
  message: string,
): Promise<string[]> => {
  const rows = await db
    .select({ id: emailBulkRuns.id })
    .from(emailBulkRuns)
    .where(
      and(
        eq(emailBulkRuns.userId, userId),
        eq(emailBulkRuns.status, 'paused'),
        eq(emailBulkRuns.message, message),
      ),
    );
  return rows.map((row) => row.id);
};
