import type { Db } from '../../db/connection.ts';
import { findRunLeads, renewBulkLease } from './repo.ts';
import type { BulkCounter, BulkRunRow } from './repo.ts';
import { createProgress } from './progress.ts';
import type { Loop } from './progress.ts';
import { RunTakenOver } from '../sending/outbox.ts';
import type {
  PreparedSend,
  RunLead,
  RunOutbox,
  RunSendOutcome,
  SendReservation,
} from '../sending/outbox.ts';
import { markUnconfirmed } from '../sending/records.ts';
import { bouncePauseMessage, watchBounceRate } from '../deliverability/rate.ts';

/** What the lead's history and the run say of an email that was with the mail server at a crash. */
export const NOT_CONFIRMED =
  'Not confirmed: the server stopped while this email was with the mail server; it may have been delivered and was not sent again.';

/**
 * Leads taken together when there is no pause: read and reserved ('queued', one statement)
 * while the window before them is sent, then sent one at a time.
 */
export const BULK_WINDOW = 16;
const CHUNK = 100;

/** What one lead's turn came to: a counter to move, or the end of the run. */
type Step = { counter: BulkCounter } | { stop: string } | { pause: string };

const stepOf = async (
  db: Db,
  run: BulkRunRow,
  leadId: string,
  outcome: RunSendOutcome,
): Promise<Step> => {
  switch (outcome.status) {
    case 'sent':
      return { counter: 'sent' };
    case 'suppressed':
      return { counter: 'skippedUnsubscribed' };
    case 'replied':
      return { counter: 'skippedReplied' };
    case 'limit-reached':
      return { stop: outcome.message };
    case 'reconnect':
      // The mailbox needs reconnecting: the run waits at this lead; connecting resumes it.
      return { pause: outcome.message };
    case 'failed':
      return outcome.fatal ? { stop: outcome.error } : { counter: 'failed' };
    case 'skipped-already':
      // Resumed: the email was recorded before the restart but not yet counted in the run.
      switch (outcome.previous) {
        case 'sending':
          await markUnconfirmed(db, run.id, leadId, NOT_CONFIRMED);
          return { counter: 'unconfirmed' };
        case 'unconfirmed':
          return { counter: 'unconfirmed' };
        case 'sent':
          return { counter: 'sent' };
        default:
          // 'failed' (a queued one was withdrawn when the run was taken over, never found here).
          return { counter: 'failed' };
      }
  }
};

/** A lead of the window: done already (an outcome), or prepared and reserved, to be sent. */
type Item = { index: number; leadId: string } & (
  { outcome: RunSendOutcome | null } | { prepared: PreparedSend; reservation: SendReservation }
);

export type WindowSettings = {
  db: Db;
  pauseMs: number;
  leaseSeconds: number;
  /** Aborted when the process stops: no email starts any more, the run is handed back. */
  signal?: AbortSignal;
  /** The bounce rate counts the emails sent from then on only (a resumed run: its resume). */
  bouncesSince?: Date;
};

/** Waits `ms`, or less when `signal` aborts meanwhile. */
const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Sends a run from its position to its end, one email at a time on the run's one SMTP
 * connection. With a pause: one lead at a time, the pause between them, each lead read just
 * before its email (a reply or an unsubscribe that arrives meanwhile counts). Without one:
 * sixteen leads at a time are read, checked and reserved ('queued', one statement) while the
 * sixteen before them are sent. Each email is marked 'sending' just before it goes, in the
 * statement that records the one accepted before it (createRunTurns): a crash leaves at most
 * one email in doubt, and the queued ones are sent by the next worker. Stops at the daily
 * limit, on a failure that would repeat (login refused, server unreachable), when the user
 * stops it, when this worker loses its lease, or when the process stops (`signal`: the email
 * under way is finished, the progress written and `loop.interrupted` set). Pauses when its
 * hard-bounce rate passes the organisation's limit (`loop.paused`: the progress is written
 * as for a stopping process, so that a resume goes on from there). Reservations not sent
 * when it stops or pauses are withdrawn.
 */
export const sendAll = async (
  settings: WindowSettings,
  run: BulkRunRow,
  outbox: RunOutbox,
  owner: string,
  loop: Loop,
): Promise<void> => {
  const { db, pauseMs, signal } = settings;
  const message = {
    subject: run.subject,
    body: run.body,
    font: run.font,
    threaded: run.type === 'followup',
    skipReplied: run.type === 'followup',
  };
  const size = pauseMs > 0 ? 1 : BULK_WINDOW;
  const chunkSize = pauseMs > 0 ? 1 : CHUNK;
  const chunks = new Map<number, Promise<Map<string, RunLead>>>();
  const leadAt = async (index: number) => {
    const chunk = Math.floor(index / chunkSize);
    if (!chunks.has(chunk)) {
      chunks.delete(chunk - 2);
      const ids = run.leadIds.slice(chunk * chunkSize, (chunk + 1) * chunkSize);
      chunks.set(
        chunk,
        findRunLeads(db, run.organizationId, ids).then(
          (rows) => new Map(rows.map((lead) => [lead.id, lead])),
        ),
      );
    }
    return (await chunks.get(chunk)!).get(run.leadIds[index]!);
  };

  /** Reads, checks and reserves the leads from `from`. */
  const prepareWindow = async (from: number): Promise<Item[]> => {
    const indexes = Array.from({ length: Math.min(size, run.total - from) }, (_, i) => from + i);
    const checked = await Promise.all(
      indexes.map(async (index) => {
        const leadId = run.leadIds[index]!;
        const lead = await leadAt(index);
        return { index, leadId, ready: lead ? await outbox.prepare(lead, message) : null };
      }),
    );
    const toReserve = checked.flatMap((item) =>
      item.ready && !('status' in item.ready) ? [item.ready] : [],
    );
    const reservations = await outbox.reserve(toReserve);
    let next = 0;
    return checked.map(({ index, leadId, ready }): Item => {
      if (!ready || 'status' in ready) return { index, leadId, outcome: ready };
      const reservation = reservations[next++]!;
      return 'status' in reservation
        ? { index, leadId, outcome: reservation }
        : { index, leadId, prepared: ready, reservation };
    });
  };
  const withdraw = async (items: Item[] | null) => {
    for (const item of items ?? [])
      if ('reservation' in item) await outbox.withdraw(item.reservation);
  };

  const progress = createProgress(db, run, owner, loop, outbox.flush);
  // Too many hard bounces pause the run, saying why.
  const bounces = watchBounceRate(db, run.organizationId, [run.id], settings.bouncesSince);
  const watchBounces = async (outcome: RunSendOutcome | null) => {
    if (outcome?.status !== 'sent' && outcome?.status !== 'failed') return;
    const rate = await bounces.after(outcome.status);
    if (rate) loop.paused ??= bouncePauseMessage(rate);
  };
  /** Whether the next email may start: the run goes on, this worker holds it, no stop asked. */
  const canGoOn = () => {
    if (loop.state !== 'running' || loop.stopped !== undefined || loop.paused !== undefined)
      return false;
    if (signal?.aborted) loop.interrupted = true;
    return !loop.interrupted;
  };
  let ahead: Promise<Item[]> | null = null;
  let unsent: Item[] = [];
  let writing = Promise.resolve();
  let failure: unknown;
  try {
    for (let from = run.position; from < run.total; from += size) {
      if (pauseMs > 0 && from > run.position) {
        await pause(pauseMs, signal);
        loop.state = await renewBulkLease(db, run.id, owner, settings.leaseSeconds);
      }
      if (!canGoOn()) break;
      const items = await (ahead ?? prepareWindow(from));
      ahead = null;
      if (pauseMs === 0 && from + size < run.total) {
        ahead = prepareWindow(from + size);
        // Awaited below, or withdrawn; never an unhandled rejection meanwhile.
        ahead.catch(() => undefined);
      }
      // Withdrawn at the end unless sent: the rest of the window when the run stops in it.
      unsent = items;
      for (const [i, item] of items.entries()) {
        if (!canGoOn()) break;
        unsent = items.slice(i + 1);
        const outcome =
          'reservation' in item
            ? await outbox.deliver(item.prepared, item.reservation)
            : item.outcome;
        const step: Step = outcome
          ? await stepOf(db, run, item.leadId, outcome)
          : { counter: 'skippedDeleted' };
        if ('stop' in step) loop.stopped ??= step.stop;
        else if ('pause' in step) loop.paused ??= step.pause;
        else progress.done(item.index, step.counter);
        await watchBounces(outcome);
      }
      if (pauseMs > 0 || !ahead) await outbox.flush();
      // Written beside the next window's sending, one write at a time.
      writing = writing.then(() => progress.write('due'));
      writing.catch(() => undefined); // awaited below and at the end
      if (pauseMs > 0) await writing;
    }
  } catch (error) {
    // A worker that took the run over goes on with it: this one lost it.
    if (error instanceof RunTakenOver) loop.state = undefined;
    else failure = error ?? new Error('The bulk run failed');
  }
  await withdraw(unsent);
  await withdraw(await (ahead ?? Promise.resolve(null)).catch(() => null));
  failure ??= await writing.then(
    () => undefined,
    (error: unknown) => error ?? new Error('Writing the run progress failed'),
  );
  // What was delivered is recorded, whatever happens to the run.
  await outbox.flush();
  if (failure) throw failure;
  if (loop.state === undefined) return;
  // Handed back or paused: the next job (or the resume) goes on from the written position.
  const goesOn = loop.interrupted || (loop.paused !== undefined && loop.stopped === undefined);
  await progress.write(goesOn ? 'now' : 'final');
};
