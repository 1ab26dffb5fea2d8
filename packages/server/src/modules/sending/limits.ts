import { NO_SMTP_CONFIG, dailyLimitMessage } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { newMessageId, senderAddress } from '../../mail/message.ts';
import { findSendingMailbox, lockMailAccount, smtpOf } from '../mail-accounts/stored.ts';
import type { StoredSmtp } from '../mail-accounts/stored.ts';
import { MailboxNeedsReconnect } from '../mail-oauth/credentials.ts';
import { countSendsToday, insertSentEmail, insertSentEmailsWithoutLimit } from './repo.ts';
import type { NewSentEmail } from './repo.ts';
import type { OutgoingEmail, PreparedBody, Sender } from './email.ts';
import { signedBody } from './signature.ts';
import { currentTracker } from '../tracking/service.ts';

/** 429: the sender's emails today (UTC) have reached their SMTP daily limit. */
export class DailyLimitReached extends HttpError {
  constructor(readonly limit: number) {
    super(429, dailyLimitMessage(limit));
  }
}

/** 409: this run (bulk job, campaign) already holds an email to this lead. */
export class AlreadySentInRun extends HttpError {
  constructor() {
    super(409, 'This lead has already been emailed in this run');
  }
}

export type ReservationRequest = Omit<
  NewSentEmail,
  'fromAddress' | 'messageId' | 'mailboxId' | 'bodyHtml'
> & {
  /** The user's own address: the From when the SMTP username is not an address. */
  senderEmail: string;
  /** The sender's mailbox to send from; null: their default mailbox. */
  mailboxId: string | null;
  /** The body as it goes, before the mailbox's signature; null while it waits for the From. */
  body: PreparedBody | null;
};

export type SendReservation = {
  /** The sent_emails row, 'sending' (or 'queued') until the send is marked sent or failed. */
  id: string;
  /** Reserved 'queued' (a bulk run's email ahead of its turn): marked 'sending' just before it goes. */
  queued?: boolean;
  smtp: StoredSmtp;
  from: string;
  messageId: string;
  /** Sent with tracking: its links rewritten and the pixel added as it is composed. */
  tracked?: boolean;
};

/** The reservation of an email (its own fields) for reserveSend. */
export const reservationOf = (sender: Sender, email: OutgoingEmail): ReservationRequest => ({
  organizationId: sender.organizationId,
  userId: sender.id,
  senderEmail: sender.email,
  mailboxId: email.mailboxId ?? null,
  leadId: email.leadId,
  jobId: email.jobId ?? null,
  kind: email.kind,
  to: email.to,
  cc: email.cc,
  bcc: email.bcc,
  subject: email.subject,
  inReplyTo: email.inReplyTo ?? null,
  references: email.references ?? [],
  body: email.prepared ?? null,
  ...trackingOf(email),
});

/** Whether the email goes tracked, and its links (recorded before any hit can come). */
const trackingOf = (email: OutgoingEmail): { tracked: boolean; trackedLinks: string[] | null } => {
  const tracker = currentTracker();
  if (!email.track || email.kind === 'invitation' || !email.prepared || !tracker)
    return { tracked: false, trackedLinks: null };
  return { tracked: true, trackedLinks: tracker.links(email.prepared.html) };
};

/**
 * The sent_emails row of a reservation from the mailbox `smtp`: its From and Message-ID, and
 * the HTML as it is sent (with the mailbox's signature).
 */
const sentEmailOf = (
  { senderEmail, body, ...email }: ReservationRequest,
  smtp: StoredSmtp,
): NewSentEmail => {
  const from = senderAddress(smtp.user, senderEmail);
  return {
    ...email,
    mailboxId: smtp.mailboxId,
    fromAddress: from,
    messageId: newMessageId(from, smtp.host),
    bodyHtml: body && signedBody(email.kind, body, smtp.signature).html,
  };
};

/**
 * Whether the user could send now from the mailbox (their default when null): no SMTP settings
 * is a 400 and a spent daily limit a 429 (a bulk run checks before it starts, rather than
 * starting a run that stops at once).
 */
export const checkCanSend = async (
  db: Db,
  userId: string,
  mailboxId: string | null = null,
): Promise<void> => {
  const smtp = smtpOf(await findSendingMailbox(db, userId, mailboxId));
  if (!smtp) throw badRequest(NO_SMTP_CONFIG);
  if (smtp.oauth?.status === 'reconnect') throw new MailboxNeedsReconnect();
  if (smtp.dailyLimit !== null && (await countSendsToday(db, smtp.mailboxId)) >= smtp.dailyLimit)
    throw new DailyLimitReached(smtp.dailyLimit);
};

/** The reservation in one transaction, under the sending mailbox's row lock. */
const reserveLocked = (db: Db, request: ReservationRequest): Promise<SendReservation> =>
  db.transaction(async (tx) => {
    const smtp = smtpOf(await lockMailAccount(tx, request.userId, request.mailboxId));
    if (!smtp) throw badRequest(NO_SMTP_CONFIG);
    if (smtp.oauth?.status === 'reconnect') throw new MailboxNeedsReconnect();
    const sentToday = smtp.dailyLimit === null ? 0 : await countSendsToday(tx, smtp.mailboxId);
    if (smtp.dailyLimit !== null && sentToday >= smtp.dailyLimit)
      throw new DailyLimitReached(smtp.dailyLimit);
    const email = sentEmailOf(request, smtp);
    const id = await insertSentEmail(tx, email);
    if (!id) throw new AlreadySentInRun();
    const { fromAddress: from, messageId } = email;
    return {
      id,
      smtp,
      from,
      messageId,
      queued: email.status === 'queued',
      tracked: email.tracked === true,
    };
  });

/**
 * Reserves one email against the sender's daily limit; every sending path (single, follow-up,
 * bulk, campaigns, invitations) calls this before it talks to the SMTP server.
 *
 * Race-free across processes: in one transaction the sender's mail_accounts row is locked
 * (SELECT ... FOR UPDATE), today's emails are counted (status 'sending' or 'sent' since
 * midnight UTC) and the new one is inserted as 'sending'. A concurrent send of the same user,
 * in this process or another, waits on the lock and then counts the row just committed, so
 * the limit is never overrun. The lock is held only for the count and the insert, never
 * during the SMTP conversation. A send whose process dies before it is marked keeps counting
 * (at most the limit, never more).
 *
 * With `known`, the SMTP account of this sender's previous reservation (a run sends many):
 * while it is unchanged and has no daily limit, the email is reserved in one statement,
 * without the lock (there is no limit to count against). Anything else takes the locked way.
 *
 * Throws 400 NO_SMTP_CONFIG, MailboxNeedsReconnect (409), DailyLimitReached (429) or
 * AlreadySentInRun (409).
 */
export const reserveSend = async (
  db: Db,
  request: ReservationRequest,
  known?: StoredSmtp,
): Promise<SendReservation> => {
  const unlocked = known && (await reserveSendsWithoutLimit(db, [request], known));
  return unlocked?.get(request.leadId) ?? reserveLocked(db, request);
};

/**
 * Reserves several emails of one sender at once, in one statement, while `known` (the
 * account of an earlier reservation) is unchanged and has no daily limit. Answers the
 * reservations by lead, or null when that way is closed (account changed, a limit): then
 * reserve each with reserveSend. A lead missing from the answer is one the run already holds.
 */
export const reserveSendsWithoutLimit = async (
  db: Db,
  requests: readonly ReservationRequest[],
  known: StoredSmtp,
): Promise<Map<string | null, SendReservation> | null> => {
  if (known.dailyLimit !== null) return null;
  // Only emails that name the known mailbox (a run names its mailbox on every email).
  if (requests.some((request) => request.mailboxId !== known.mailboxId)) return null;
  const emails = requests.map((request) => sentEmailOf(request, known));
  const ids = await insertSentEmailsWithoutLimit(db, emails, known);
  if (ids.size === 0) return null;
  const reservations = new Map<string | null, SendReservation>();
  for (const email of emails) {
    const id = ids.get(email.leadId);
    if (id)
      reservations.set(email.leadId, {
        id,
        queued: email.status === 'queued',
        tracked: email.tracked === true,
        smtp: known,
        from: email.fromAddress,
        messageId: email.messageId,
      });
  }
  return reservations;
};
