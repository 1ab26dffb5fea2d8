import { NO_SMTP_CONFIG, dailyLimitMessage } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { newMessageId, senderAddress } from '../../mail/message.ts';
import { lockMailAccount, smtpOf } from './accounts-repo.ts';
import type { StoredSmtp } from './accounts-repo.ts';
import { countSendsToday, insertSentEmail } from './sent-repo.ts';
import type { NewSentEmail } from './sent-repo.ts';

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

export type ReservationRequest = Omit<NewSentEmail, 'fromAddress' | 'messageId'> & {
  /** The user's own address: the From when the SMTP username is not an address. */
  senderEmail: string;
};

export type SendReservation = {
  /** The sent_emails row, 'sending' until the send is marked sent or failed. */
  id: string;
  smtp: StoredSmtp;
  from: string;
  messageId: string;
};

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
 * Throws 400 NO_SMTP_CONFIG, DailyLimitReached (429) or AlreadySentInRun (409).
 */
export const reserveSend = (db: Db, request: ReservationRequest): Promise<SendReservation> =>
  db.transaction(async (tx) => {
    const smtp = smtpOf(await lockMailAccount(tx, request.userId));
    if (!smtp) throw badRequest(NO_SMTP_CONFIG);
    if (smtp.dailyLimit !== null && (await countSendsToday(tx, request.userId)) >= smtp.dailyLimit)
      throw new DailyLimitReached(smtp.dailyLimit);
    const { senderEmail, ...email } = request;
    const from = senderAddress(smtp.user, senderEmail);
    const messageId = newMessageId(from, smtp.host);
    const id = await insertSentEmail(tx, { ...email, fromAddress: from, messageId });
    if (!id) throw new AlreadySentInRun();
    return { id, smtp, from, messageId };
  });
