import { HttpError } from '../../lib/errors.ts';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { createPooledSmtpTransport } from '../../mail/smtp.ts';
import type { PooledSmtpTransport } from '../../mail/smtp.ts';
import { STORED_PASSWORD_UNREADABLE, SendFailed, reservationOf, transmit } from './deliver.ts';
import type { EmailToSend } from './deliver.ts';
import {
  AlreadySentInRun,
  DailyLimitReached,
  reserveSend,
  reserveSendsWithoutLimit,
} from './limits.ts';
import type { SendReservation } from './limits.ts';
import { composeFor } from './run-compose.ts';
import type {
  RunContext,
  RunLead,
  RunMailer,
  RunMessage,
  RunRecorder,
  RunSendOutcome,
} from './run-compose.ts';
import { finishSentEmail, findRunEmail, recordRunEmailsSent, startRunEmail } from './sent-repo.ts';

export type {
  RunContext,
  RunLead,
  RunMailer,
  RunMessage,
  RunRecorder,
  RunSendOutcome,
} from './run-compose.ts';

export const createRunMailer = (box: SecretBox): RunMailer => {
  const passwords = new Map<string, string | null>();
  const transports = new Map<string, PooledSmtpTransport>();
  const mailer: RunMailer = {
    account: (reservation) => {
      mailer.known = reservation.smtp;
      const sealed = reservation.smtp.passEncrypted;
      if (!passwords.has(sealed)) {
        let pass: string | null = null;
        try {
          pass = box.decrypt(sealed);
        } catch {
          // stays null: the key changed since the password was saved
        }
        passwords.set(sealed, pass);
      }
      const pass = passwords.get(sealed);
      return pass === null || pass === undefined ? null : { ...reservation.smtp, pass };
    },
    transport: (account) => {
      const key = JSON.stringify([account.host, account.port, account.secure, account.user]);
      let transport = transports.get(key);
      if (!transport) {
        transport = createPooledSmtpTransport(account);
        transports.set(key, transport);
      }
      return transport;
    },
    close: () => {
      for (const transport of transports.values()) transport.close();
      transports.clear();
      passwords.clear();
      mailer.known = undefined;
    },
  };
  return mailer;
};

/**
 * A bulk run's turns on its one SMTP connection, one email at a time. Its emails are reserved
 * 'queued' ahead of their turn; `start` marks the next one 'sending' in the same statement
 * that records the email accepted before it as sent (startRunEmail); `flush` records the
 * last accepted one when no email follows at once (the run writes its progress, pauses or
 * ends). At any moment at most one email of the run is 'sending', so a crash leaves at most
 * that one in doubt; those queued are sent by the next worker.
 */
export const createRunTurns = (db: Db, organizationId: string): RunRecorder => {
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

/** The run's queued email can no longer go: a worker that took the run over released it. */
export class RunTakenOver extends Error {
  constructor() {
    super('Another worker took over this run');
  }
}

/** The run already holds an email to this lead: what became of it. */
const alreadyInRun = async (run: RunContext, lead: RunLead): Promise<RunSendOutcome> => ({
  status: 'skipped-already',
  previous: (await findRunEmail(run.db, run.jobId, lead.id))?.status ?? 'sent',
});

/** The reservation of a run's email: 'queued' ahead of its turn when the run takes turns. */
const requestOf = (run: RunContext, email: EmailToSend) => ({
  ...reservationOf(run.sender, email),
  ...(run.recorder?.start ? { status: 'queued' as const } : {}),
});

const reserve = async (
  run: RunContext,
  lead: RunLead,
  email: EmailToSend,
): Promise<SendReservation | RunSendOutcome> => {
  try {
    return await reserveSend(run.db, requestOf(run, email), run.mailer.known);
  } catch (error) {
    if (error instanceof AlreadySentInRun) return alreadyInRun(run, lead);
    if (error instanceof DailyLimitReached)
      return { status: 'limit-reached', message: error.message };
    // No SMTP settings (400): nothing of this run can be sent.
    if (error instanceof HttpError) return { status: 'failed', error: error.message, fatal: true };
    throw error;
  }
};

/** One lead's email of a run, checked and composed: ready to reserve and send. */
export type PreparedSend = { lead: RunLead; email: EmailToSend };

/**
 * The checks before a lead's email (an unsubscribed address is skipped, and for follow-ups a
 * lead that replied) and the email itself: `{{firstName}}` filled, the body wrapped, the
 * unsubscribe link and headers added, threaded under the last email when asked.
 */
export const prepareRunSend = async (
  run: RunContext,
  lead: RunLead,
  message: RunMessage,
): Promise<PreparedSend | RunSendOutcome> => {
  if (lead.unsubscribedAt !== null || lead.suppressed) return { status: 'suppressed' };
  if (message.skipReplied && lead.repliedAt) return { status: 'replied' };
  return { lead, email: await composeFor(run, lead, message) };
};

/**
 * Reserves several prepared emails of a run: in one statement while the sender's account is
 * the one the run knows and has no daily limit, otherwise one after another through
 * reserveSend (which counts against the limit). In the order given.
 */
export const reserveRunSends = async (
  run: RunContext,
  prepared: readonly PreparedSend[],
): Promise<(SendReservation | RunSendOutcome)[]> => {
  const known = run.mailer.known;
  const together =
    known && prepared.length > 1
      ? await reserveSendsWithoutLimit(
          run.db,
          prepared.map(({ email }) => requestOf(run, email)),
          known,
        )
      : null;
  const answers: (SendReservation | RunSendOutcome)[] = [];
  for (const { lead, email } of prepared) {
    const reservation = together?.get(lead.id);
    if (reservation) answers.push(reservation);
    else if (together) answers.push(await alreadyInRun(run, lead));
    else answers.push(await reserve(run, lead, email));
  }
  return answers;
};

/**
 * Hands a reserved email to the run's SMTP connection and records it on the lead. A queued
 * reservation is first marked 'sending' (its turn); throws RunTakenOver when it may not go.
 */
export const deliverReserved = async (
  run: RunContext,
  { email }: PreparedSend,
  reservation: SendReservation,
): Promise<RunSendOutcome> => {
  const { db } = run;
  if (reservation.queued) {
    const turn = run.recorder?.start
      ? await run.recorder.start(reservation.id)
      : await startRunEmail(db, run.sender.organizationId, null, reservation.id);
    if (!turn) throw new RunTakenOver();
  }
  const account = run.mailer.account(reservation);
  if (!account) {
    await finishSentEmail(db, reservation.id, {
      status: 'failed',
      error: STORED_PASSWORD_UNREADABLE,
    });
    return { status: 'failed', error: STORED_PASSWORD_UNREADABLE, fatal: true };
  }
  try {
    await transmit(db, run.mailer.transport(account), account, run.sender, reservation, email);
  } catch (error) {
    if (!(error instanceof SendFailed)) throw error;
    return { status: 'failed', error: error.message, fatal: error.failure !== 'other' };
  }
  if (run.recorder) await run.recorder.sent(reservation.id);
  else await recordRunEmailsSent(db, run.sender.organizationId, [reservation.id]);
  return { status: 'sent', sentEmailId: reservation.id, messageId: reservation.messageId };
};
