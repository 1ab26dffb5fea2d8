import {
  BULK_NOT_PAUSED,
  BULK_RESUMED,
  BULK_STARTED,
  BULK_STOPPED_BY_USER,
} from '@leadline/shared/email';
import type {
  BulkEmailData,
  BulkEmailJob,
  BulkEmailListParams,
  BulkEmailListResponse,
  BulkEmailResumed,
  BulkEmailStarted,
  BulkEmailStopped,
} from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { INVALID_LEAD_ID, LEAD_NOT_FOUND, organizationOf } from '../leads/service.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { UUID_PATTERN } from '@leadline/shared/ids';
import { RECONNECT_MAILBOX } from '@leadline/shared/mail-oauth';
import {
  findBulkRun,
  findRunsPausedWith,
  findSelectedLeads,
  insertBulkRun,
  listBulkRuns,
  resumeBulkRun,
  stopBulkRun,
} from './repo.ts';
import { queueBulkRun } from './queue.ts';
import { BULK_RESUMED_ACTION } from './resumed.ts';
import { toBulkEmailJob } from './present.ts';
import { checkCanSend } from '../sending/limits.ts';
import { ownMailboxId } from '../mail-accounts/stored.ts';
import { findRunFailures } from '../sending/records.ts';
import { plural } from '../../lib/text.ts';

export const BULK_JOB_NOT_FOUND = 'Bulk email job not found';
export const BULK_NOT_RUNNING = 'This bulk email job has already ended';
const FAILURES_SHOWN = 20;

/** Initial emails go to Pending leads only, follow-ups to Sent leads only. */
const checkSelection = (type: 'initial' | 'followup', selected: { mailSent: boolean }[]) => {
  const sent = selected.filter((lead) => lead.mailSent).length;
  if (type === 'initial' && sent > 0)
    throw badRequest(
      `Bulk email goes to Pending leads only: ${plural(sent, 'selected lead has', 'selected leads have')} already been emailed. Send them a follow-up instead.`,
      { leadIds: 'Mixed Status Selected' },
    );
  const pending = selected.length - sent;
  if (type === 'followup' && pending > 0)
    throw badRequest(
      `A follow-up goes to Sent leads only: ${plural(pending, 'selected lead has', 'selected leads have')} not been emailed yet.`,
      { leadIds: 'Mixed Status Selected' },
    );
};

/**
 * POST /api/email/bulk: checks the selection (every lead the organisation's, all Pending for
 * initial emails or all Sent for follow-ups), stores the run and queues its job: 202.
 */
export const startBulkEmail = async (
  db: Db,
  queue: JobQueue,
  actor: CurrentUser,
  data: BulkEmailData,
): Promise<BulkEmailStarted> => {
  const organizationId = organizationOf(actor);
  const ids = data.leadIds.map((id) => id.toLowerCase());
  if (ids.some((id) => !UUID_PATTERN.test(id)))
    throw badRequest(INVALID_LEAD_ID, { leadIds: INVALID_LEAD_ID });
  const leadIds = [...new Set(ids)];
  const selected = await findSelectedLeads(db, organizationId, leadIds);
  const missing = leadIds.length - selected.length;
  if (missing > 0)
    throw notFound(
      leadIds.length === 1
        ? LEAD_NOT_FOUND
        : `${plural(missing, 'selected lead was', 'selected leads were')} not found`,
    );
  checkSelection(data.type, selected);
  const mailboxId = await ownMailboxId(db, actor.id, data.mailboxId);
  await checkCanSend(db, actor.id, mailboxId);

  const run = await db.transaction(async (tx) => {
    const row = await insertBulkRun(tx, {
      organizationId,
      userId: actor.id,
      mailboxId,
      type: data.type,
      subject: data.subject,
      body: data.body,
      font: data.font,
      track: data.track ?? true,
      leadIds,
      total: leadIds.length,
    });
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      entityId: row.id,
      type: 'Email',
      action: data.type === 'followup' ? 'bulk follow-up started' : 'bulk email started',
      details: `${actor.name} started ${data.type === 'followup' ? 'a bulk follow-up' : 'a bulk email'} "${data.subject}" to ${plural(leadIds.length, 'lead')}`,
    });
    return row;
  });
  await queueBulkRun(queue, run.id);
  return { message: BULK_STARTED, jobId: run.id, total: run.total };
};

const ownRun = async (db: Db, actor: CurrentUser, jobId: string) => {
  // The route refused what is not an id (answered as an unknown run).
  const run = await findBulkRun(db, actor.id, jobId);
  if (!run) throw notFound(BULK_JOB_NOT_FOUND);
  return run;
};

/** GET /api/email/bulk/:jobId: the caller's own run's progress. */
export const getBulkEmailJob = async (
  db: Db,
  actor: CurrentUser,
  jobId: string,
): Promise<BulkEmailJob> => {
  const run = await ownRun(db, actor, jobId);
  const failures = run.failed > 0 ? await findRunFailures(db, run.id, FAILURES_SHOWN) : [];
  return toBulkEmailJob(run, failures);
};

/** GET /api/email/bulk?status=running: the caller's own runs, newest first. */
export const listBulkEmailJobs = async (
  db: Db,
  actor: CurrentUser,
  { status, limit }: BulkEmailListParams,
): Promise<BulkEmailListResponse> => {
  const runs = await listBulkRuns(db, actor.id, status, limit);
  return { jobs: runs.map((run) => toBulkEmailJob(run)) };
};

/**
 * POST /api/email/bulk/:jobId/stop: the run (running or paused) sends nothing more (an email
 * already handed to the mail server finishes).
 */
export const stopBulkEmailJob = async (
  db: Db,
  actor: CurrentUser,
  jobId: string,
): Promise<BulkEmailStopped> => {
  const run = await ownRun(db, actor, jobId);
  const stopped = await db.transaction(async (tx) => {
    const row = await stopBulkRun(tx, actor.id, run.id, BULK_STOPPED_BY_USER);
    if (!row) return undefined;
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'Email',
      entityId: row.id,
      action: 'bulk email stopped',
      details: `${actor.name} stopped the bulk email "${row.subject}" after ${plural(row.sent, 'email')} sent`,
    });
    return row;
  });
  if (!stopped) throw conflict(BULK_NOT_RUNNING);
  return { message: 'Bulk email stopped', job: toBulkEmailJob(stopped) };
};

/**
 * POST /api/email/bulk/:jobId/resume: a paused run runs again from where it paused, its
 * message cleared; its job is queued as after a restart. Its bounce rate is judged from now
 * on (the resume's activity entry says when: lastResumedAt). 409 when it is not paused.
 */
export const resumeBulkEmailJob = async (
  db: Db,
  queue: JobQueue,
  actor: CurrentUser,
  jobId: string,
): Promise<BulkEmailResumed> => {
  const run = await ownRun(db, actor, jobId);
  if (run.status !== 'paused') throw conflict(BULK_NOT_PAUSED);
  await checkCanSend(db, actor.id, run.mailboxId);
  const resumed = await db.transaction(async (tx) => {
    const row = await resumeBulkRun(tx, actor.id, run.id);
    if (!row) return undefined;
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      entityId: row.id,
      type: 'Email',
      action: BULK_RESUMED_ACTION,
      details: `${actor.name} resumed the bulk email "${row.subject}" after ${plural(row.sent, 'email')} sent`,
    });
    return row;
  });
  if (!resumed) throw conflict(BULK_NOT_PAUSED);
  await queueBulkRun(queue, resumed.id);
  return { message: BULK_RESUMED, job: toBulkEmailJob(resumed) };
};

/**
 * The user's mailbox is connected again: their runs that paused for it go on from where they
 * paused (as a resume would), each email still once.
 */
export const resumeRunsAfterReconnect = async (
  db: Db,
  queue: JobQueue,
  userId: string,
): Promise<void> => {
  for (const runId of await findRunsPausedWith(db, userId, RECONNECT_MAILBOX)) {
    const resumed = await resumeBulkRun(db, userId, runId);
    if (resumed) await queueBulkRun(queue, resumed.id);
  }
};
