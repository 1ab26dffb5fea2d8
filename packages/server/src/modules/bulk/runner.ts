import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { isExpired } from '../users/present.ts';
import { findMailAccount } from '../mail-accounts/stored.ts';
import { findUserById } from '../users/store.ts';
import {
  bulkRunState,
  claimBulkRun,
  finishBulkRun,
  releaseBulkRun,
  renewBulkLease,
} from './repo.ts';
import type { BulkRunRow, BulkRunSummary } from './repo.ts';
import type { Loop } from './progress.ts';
import { NOT_CONFIRMED, sendAll } from './window.ts';
import { lastResumedAt } from './resumed.ts';
import { openOutbox } from '../sending/outbox.ts';
import { settleInterruptedSends } from '../sending/records.ts';
import type { UnsubscribeLinks } from '../unsubscribe/links.ts';
import { plural } from '../../lib/text.ts';
import { organizationTracks } from '../tracking/service.ts';

export type BulkRunnerSettings = {
  db: Db;
  box: SecretBox;
  links: UnsubscribeLinks;
  /** The pause between two emails (BULK_PAUSE_MS). */
  pauseMs: number;
  /** How long a worker's hold on a run lasts without renewal (a dead process's run waits this long). */
  leaseSeconds?: number;
};

export const DEFAULT_LEASE_SECONDS = 20;
export const SENDER_INACTIVE = "The sender's account is no longer active";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the run, waiting while another worker's lease is alive (a resumed job can arrive while
 * the killed process's lease has not lapsed yet). Gives up after two lease lengths during
 * which the lease kept being renewed (a live worker holds the run), or when the process stops.
 */
const acquire = async (
  db: Db,
  runId: string,
  owner: string,
  leaseSeconds: number,
  signal: AbortSignal | undefined,
): Promise<BulkRunRow | undefined> => {
  const deadline = Date.now() + (2 * leaseSeconds + 5) * 1000;
  for (;;) {
    if (signal?.aborted) return undefined;
    const run = await claimBulkRun(db, runId, owner, leaseSeconds);
    if (run) return run;
    const state = await bulkRunState(db, runId);
    if (!state || state.status !== 'running' || Date.now() > deadline) return undefined;
    await sleep(1000);
  }
};

/** A summary of the run in the sender's activity (about the run: a resume's entry follows). */
const logSummary = async (db: Db, run: BulkRunRow, ended: BulkRunSummary) => {
  const skipped = ended.skippedUnsubscribed + ended.skippedReplied + ended.skippedDeleted;
  const what = run.type === 'followup' ? 'Bulk follow-up' : 'Bulk email';
  const verb = ended.status === 'paused' ? 'paused' : 'stopped';
  const how = ended.status === 'completed' ? 'completed' : `${verb} (${ended.message ?? ''})`;
  await logActivity(db, {
    organizationId: run.organizationId,
    userId: run.userId,
    entityId: run.id,
    type: 'Email',
    action: ended.status === 'completed' ? 'bulk email completed' : `bulk email ${verb}`,
    details: `${what} "${run.subject}" ${how}: ${ended.sent} of ${plural(run.total, 'lead')} sent, ${ended.failed} failed, ${ended.unconfirmed > 0 ? `${ended.unconfirmed} not confirmed (the server stopped while with the mail server), ` : ''}${skipped} skipped`,
  });
};

/**
 * The job of one bulk run (pg-boss queue email-bulk): takes the run's lease, settles what a
 * killed process left (the one email 'sending' becomes 'unconfirmed': maybe delivered, never
 * resent, not failed; its 'queued' reservations are withdrawn and sent now), then sends from
 * where the run stopped. Safe to run any number of times, in any number of processes: one worker holds
 * a run at a time, and reserveSend refuses a second email to a lead in the same run.
 *
 * When `signal` aborts (the process stops), the emails under way are finished, those reserved
 * but not sent are withdrawn, the progress is written and the lease given up: the run stays
 * running, and the next start (or another process's sweep) resumes it at once.
 *
 * Too many hard bounces pause the run ('paused', its message says why): it keeps its place,
 * and the user's resume queues this job again; from then on its bounce rate counts only the
 * emails sent since the resume (lastResumedAt).
 */
export const runBulkJob = async (
  settings: BulkRunnerSettings,
  runId: string,
  signal?: AbortSignal,
): Promise<void> => {
  const { db } = settings;
  const leaseSeconds = settings.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const owner = randomUUID();
  const run = await acquire(db, runId, owner, leaseSeconds, signal);
  if (!run) return;
  const loop: Loop = { state: 'running' };
  const heartbeat = setInterval(
    () => {
      renewBulkLease(db, runId, owner, leaseSeconds)
        .then((state) => {
          if (state !== 'running') loop.state = state;
        })
        .catch(() => undefined);
    },
    (leaseSeconds * 1000) / 4,
  );
  heartbeat.unref();
  // One SMTP connection for the run, its emails one at a time.
  const outbox = openOutbox(db, settings.box, { pooled: true });
  try {
    await settleInterruptedSends(db, run.id, NOT_CONFIRMED);
    const user = await findUserById(db, run.userId);
    // A Super Admin belongs to no organisation but may send in the one the run is for.
    const member = user?.organizationId || user?.role === 'Super Admin';
    if (!user || user.status !== 'active' || isExpired(user) || !member) {
      loop.stopped = SENDER_INACTIVE;
    } else {
      const sending = outbox.run({
        // One email at a time on the connection, each recorded as the next one starts.
        recording: 'turns',
        links: settings.links,
        sender: {
          id: user.id,
          name: user.name,
          email: user.email,
          organizationId: run.organizationId,
        },
        jobId: run.id,
        kind: 'bulk',
        track: run.track && (await organizationTracks(db, run.organizationId)),
        // The mailbox chosen, else the default's (named on every email: one reservation
        // statement for many); a follow-up with none chosen goes from the lead's last mailbox.
        mailboxId: run.mailboxId ?? (await findMailAccount(db, user.id))?.id ?? null,
        followLastMailbox: run.type === 'followup' && run.mailboxId === null,
      });
      const bouncesSince = await lastResumedAt(db, run);
      const window = { db, pauseMs: settings.pauseMs, leaseSeconds, signal, bouncesSince };
      await sendAll(window, run, sending, owner, loop);
    }
    // Lost the lease: the worker that holds the run now finishes it. Interrupted: the next job.
    if (loop.state === undefined || loop.interrupted) return;
    // A stop wins over a pause (too many bounces).
    let end: Parameters<typeof finishBulkRun>[3] = { status: 'completed' };
    if (loop.stopped !== undefined) end = { status: 'stopped', message: loop.stopped };
    else if (loop.paused !== undefined) end = { status: 'paused', message: loop.paused };
    // Undefined when the user stopped the run (that wrote its own activity entry).
    const ended = await finishBulkRun(db, run.id, owner, end);
    if (ended) await logSummary(db, run, ended);
  } finally {
    clearInterval(heartbeat);
    outbox.close();
    await releaseBulkRun(db, run.id, owner).catch(() => undefined);
  }
};
