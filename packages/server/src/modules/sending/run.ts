import type { SentEmailStatus } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../lib/errors.ts';
import type { OutgoingEmail } from './email.ts';
import {
  AlreadySentInRun,
  DailyLimitReached,
  reservationOf,
  reserveSend,
  reserveSendsWithoutLimit,
} from './limits.ts';
import type { SendReservation } from './limits.ts';
import { MailboxNeedsReconnect } from '../mail-oauth/credentials.ts';
import {
  findRunEmail,
  recordRunEmailsSent,
  releaseReservation,
  releaseUnsent,
  startRunEmail,
} from './repo.ts';
import { composeFor } from './run-message.ts';
import type { RunLead, RunMessage, RunOptions } from './run-message.ts';
import { STORED_PASSWORD_UNREADABLE, SendFailed, refuseUnreadable, transmit } from './transport.ts';
import type { Connections } from './transport.ts';

export type RunSendOutcome =
  | { status: 'sent'; sentEmailId: string; messageId: string }
  /** The run already holds an email to this lead (a resumed run): never sent twice. */
  | { status: 'skipped-already'; previous: SentEmailStatus }
  /** The address is on the organisation's suppression list (unsubscribed). */
  | { status: 'suppressed' }
  | { status: 'replied' }
  /** The sender's daily limit is reached: the run should stop. */
  | { status: 'limit-reached'; message: string }
  /** The mailbox needs reconnecting (a refused OAuth grant): the run waits, nothing lost. */
  | { status: 'reconnect'; message: string }
  /**
   * Not sent. `fatal`: the next emails would fail alike (wrong password, unreadable password,
   * no SMTP settings, server unreachable), so the run should stop.
   */
  | { status: 'failed'; error: string; fatal: boolean; sentEmailId?: string };

/** One lead's email of a run, checked and composed: ready to reserve and send. */
export type PreparedSend = { lead: RunLead; email: OutgoingEmail };

/** The run's queued email can no longer go: a worker that took the run over released it. */
export class RunTakenOver extends Error {
  constructor() {
    super('Another worker took over this run');
  }
}

/**
 * A run's emails through the outbox, in steps the run interleaves: prepare (checks and
 * compose), reserve (several at once), deliver (one at a time on the run's connection).
 */
export type RunOutbox = {
  /**
   * The checks before a lead's email (an unsubscribed address is skipped, and for follow-ups
   * a lead that replied) and the email itself: `{{firstName}}` filled, the body wrapped, the
   * unsubscribe link and headers added, threaded under the last email when asked.
   */
  prepare: (lead: RunLead, message: RunMessage) => Promise<PreparedSend | RunSendOutcome>;
  /**
   * Reserves several prepared emails: in one statement while the sender's account is the one
   * the outbox knows and has no daily limit, otherwise one after another through reserveSend
   * (which counts against the limit). In the order given.
   */
  reserve: (prepared: readonly PreparedSend[]) => Promise<(SendReservation | RunSendOutcome)[]>;
  /**
   * Hands a reserved email to the run's SMTP connection and records it as the run records. A
   * queued reservation is first marked 'sending' (its turn); throws RunTakenOver when it may
   * not go.
   */
  deliver: (prepared: PreparedSend, reservation: SendReservation) => Promise<RunSendOutcome>;
  /** Withdraws a reservation that was never handed to the SMTP server (the run stopped). */
  withdraw: (reservation: SendReservation) => Promise<void>;
  /** 'after': records a delivered email as sent, with its lead's mailSent / sentCount. */
  recordSent: (sentEmailId: string) => Promise<void>;
  /** 'turns': records the last email accepted (the run writes its progress, pauses or ends). */
  flush: () => Promise<void>;
};

type Turns = {
  /** Marks a queued email 'sending' just before it goes; false: it must not go. */
  start: (sentEmailId: string) => Promise<boolean>;
  sent: (sentEmailId: string) => Promise<void>;
  flush: () => Promise<void>;
};

/**
 * A bulk run's turns on its one SMTP connection, one email at a time. Its emails are reserved
 * 'queued' ahead of their turn; `start` marks the next one 'sending' in the same statement
 * that records the email accepted before it as sent (startRunEmail); `flush` records the
 * last accepted one when no email follows at once (the run writes its progress, pauses or
 * ends). At any moment at most one email of the run is 'sending', so a crash leaves at most
 * that one in doubt; those queued are sent by the next worker.
 */
const createRunTurns = (db: Db, organizationId: string): Turns => {
  let accepted: string | null = null;
  // One statement at a time, in order: an email is never marked 'sending' before the one
  // accepted ahead of it is recorded, and `flush` answers once every accepted one is.
  let chain: Promise<unknown> = Promise.resolve();
  const inOrder = <T>(work: () => Promise<T>): Promise<T> => {
    const result = chain.then(work);
    chain = result.catch(() => undefined);
    return result;
  };
  const take = () => {
    const previous = accepted;
    accepted = null;
    return previous;
  };
  return {
    start: (id) => inOrder(() => startRunEmail(db, organizationId, take(), id)),
    sent: async (id) => {
      accepted = id;
    },
    flush: () =>
      inOrder(async () => {
        const previous = take();
        if (previous) await recordRunEmailsSent(db, organizationId, [previous]);
      }),
  };
};

/** The run (`options`) on the outbox's connections. */
export const createRunOutbox = (
  db: Db,
  connections: Connections,
  options: RunOptions,
): RunOutbox => {
  const { sender } = options;
  const turns = options.recording === 'turns' ? createRunTurns(db, sender.organizationId) : null;

  /** The run already holds an email to this lead: what became of it. */
  const alreadyInRun = async (lead: RunLead): Promise<RunSendOutcome> => ({
    status: 'skipped-already',
    previous: (await findRunEmail(db, options.jobId, lead.id))?.status ?? 'sent',
  });

  /** The reservation of a run's email: 'queued' ahead of its turn when the run takes turns. */
  const requestOf = (email: OutgoingEmail) => ({
    ...reservationOf(sender, email),
    ...(turns ? { status: 'queued' as const } : {}),
  });

  const reserveOne = async (
    lead: RunLead,
    email: OutgoingEmail,
  ): Promise<SendReservation | RunSendOutcome> => {
    try {
      return await reserveSend(db, requestOf(email), connections.known);
    } catch (error) {
      if (error instanceof AlreadySentInRun) return alreadyInRun(lead);
      if (error instanceof DailyLimitReached)
        return { status: 'limit-reached', message: error.message };
      if (error instanceof MailboxNeedsReconnect)
        return { status: 'reconnect', message: error.message };
      // No SMTP settings (400): nothing of this run can be sent.
      if (error instanceof HttpError)
        return { status: 'failed', error: error.message, fatal: true };
      throw error;
    }
  };

  return {
    prepare: async (lead, message) => {
      if (lead.unsubscribedAt !== null || lead.suppressed) return { status: 'suppressed' };
      if (message.skipReplied && lead.repliedAt) return { status: 'replied' };
      return { lead, email: await composeFor(db, options, lead, message) };
    },
    reserve: async (prepared) => {
      const known = connections.known;
      const together =
        known && prepared.length > 1
          ? await reserveSendsWithoutLimit(
              db,
              prepared.map(({ email }) => requestOf(email)),
              known,
            )
          : null;
      const answers: (SendReservation | RunSendOutcome)[] = [];
      for (const { lead, email } of prepared) {
        const reservation = together?.get(lead.id);
        if (reservation) answers.push(reservation);
        else if (together) answers.push(await alreadyInRun(lead));
        else answers.push(await reserveOne(lead, email));
      }
      return answers;
    },
    deliver: async ({ email }, reservation) => {
      // The login first (an OAuth token may need refreshing): a mailbox that gives none sends
      // nothing, and its email goes back before its turn starts.
      let account;
      try {
        account = await connections.account(reservation);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        await releaseUnsent(db, reservation.id);
        if (error instanceof MailboxNeedsReconnect)
          return { status: 'reconnect', message: error.message };
        return { status: 'failed', error: error.message, fatal: true };
      }
      if (reservation.queued) {
        const turn = turns
          ? await turns.start(reservation.id)
          : await startRunEmail(db, sender.organizationId, null, reservation.id);
        if (!turn) throw new RunTakenOver();
      }
      if (!account) {
        await refuseUnreadable(db, reservation);
        return { status: 'failed', error: STORED_PASSWORD_UNREADABLE, fatal: true };
      }
      try {
        await transmit(db, connections, account, sender, reservation, email);
      } catch (error) {
        if (!(error instanceof SendFailed)) throw error;
        return {
          status: 'failed',
          error: error.message,
          fatal: error.failure !== 'other',
          // Its record (a refusal of the address is a bounce on it).
          sentEmailId: reservation.id,
        };
      }
      if (turns) await turns.sent(reservation.id);
      return { status: 'sent', sentEmailId: reservation.id, messageId: reservation.messageId };
    },
    withdraw: (reservation) => releaseReservation(db, reservation.id),
    recordSent: (sentEmailId) => recordRunEmailsSent(db, sender.organizationId, [sentEmailId]),
    flush: async () => {
      await turns?.flush();
    },
  };
};
