import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { classifyMailError, explainSendFailure } from '../../mail/errors.ts';
import type { MailFailure } from '../../mail/errors.ts';
import { createPooledSmtpTransport, createSmtpTransport } from '../../mail/smtp.ts';
import type { OutgoingMessage, SmtpAccount, SmtpTransport } from '../../mail/smtp.ts';
import { secretOf } from '../../mail/secret.ts';
import type { MailSecret } from '../../mail/secret.ts';
import { mailSecretOf } from '../mail-oauth/credentials.ts';
import type { StoredSmtp } from '../mail-accounts/stored.ts';
import { composeMessage } from './compose.ts';
import type { OutgoingEmail, Sender } from './email.ts';
import type { SendReservation } from './limits.ts';
import { finishSentEmail } from './repo.ts';
import { permanentRefusalOf, recordRefusal } from './refusals.ts';

export const STORED_PASSWORD_UNREADABLE =
  'The stored SMTP password can no longer be read (the server key changed). Save your SMTP settings again.';

/**
 * A refusal by the SMTP server, with the reason in words (already recorded as 'failed'): 502,
 * or 400 for a mail server on a private network that this server does not connect to.
 */
export class SendFailed extends HttpError {
  constructor(
    message: string,
    /** What kind of failure it was: a wrong password or an unreachable server will not pass on a retry. */
    readonly failure: MailFailure,
  ) {
    super(failure === 'private' ? 400 : 502, message);
  }
}

/**
 * The SMTP side of an outbox: each mailbox's login got once per run (mailSecretOf: the stored
 * password unsealed, or an OAuth access token, kept while it is current); with `pooled`, one
 * pooled connection per account reused for every email until `close` (runs, invitations),
 * otherwise a connection of its own per email.
 */
export type Connections = {
  /** The SMTP account of the last reservation (a run's next one may skip the lock). */
  known?: StoredSmtp;
  /**
   * The reservation's account with its login; null when the password cannot be read. Throws
   * MailboxNeedsReconnect (a refused OAuth grant) or MailTokenUnavailable.
   */
  account: (reservation: SendReservation) => Promise<SmtpAccount | null>;
  /** Hands one message to the account's server; answers what it said of the recipients. */
  send: (account: SmtpAccount, message: OutgoingMessage) => Promise<SentInfo>;
  close: () => void;
};

/** The recipients the server refused while it accepted others, and its words for each. */
export type SentInfo = { rejected: string[]; rejectedErrors?: unknown[] };

const refusedOf = (info: { rejected?: unknown[]; rejectedErrors?: unknown[] }): SentInfo => ({
  rejected: (info.rejected ?? []).map(String),
  rejectedErrors: info.rejectedErrors ?? [],
});

export const openConnections = (db: Db, box: SecretBox, pooled: boolean): Connections => {
  const passwords = new Map<string, MailSecret | null>();
  const pool = new Map<string, { transport: SmtpTransport; secret: string | undefined }>();
  const connections: Connections = {
    account: async (reservation) => {
      connections.known = reservation.smtp;
      const { smtp } = reservation;
      // OAuth: asked each time (the token is cached in memory and refreshed before it expires).
      if (smtp.oauth) {
        const secret = await mailSecretOf(db, box, smtp);
        return secret && { ...smtp, ...secret };
      }
      const sealed = smtp.passEncrypted ?? '';
      if (!passwords.has(sealed)) passwords.set(sealed, await mailSecretOf(db, box, smtp));
      const secret = passwords.get(sealed);
      return secret ? { ...smtp, ...secret } : null;
    },
    send: async (account, message) => {
      if (!pooled) {
        const transport = createSmtpTransport(account);
        try {
          return refusedOf(await transport.sendMail(message));
        } finally {
          transport.close();
        }
      }
      const key = JSON.stringify([account.host, account.port, account.secure, account.user]);
      const secret = secretOf(account);
      let entry = pool.get(key);
      // A new access token: the connection logged in with the old one is let go.
      if (entry && entry.secret !== secret) {
        entry.transport.close();
        entry = undefined;
      }
      if (!entry) {
        entry = { transport: createPooledSmtpTransport(account), secret };
        pool.set(key, entry);
      }
      return refusedOf(await entry.transport.sendMail(message));
    },
    close: () => {
      for (const entry of pool.values()) entry.transport.close();
      pool.clear();
      passwords.clear();
      connections.known = undefined;
    },
  };
  return connections;
};

/** The reservation fails: its account's stored password can no longer be read. */
export const refuseUnreadable = (db: Db, reservation: SendReservation): Promise<void> =>
  finishSentEmail(db, reservation.id, { status: 'failed', error: STORED_PASSWORD_UNREADABLE });

/**
 * Hands the reserved email to the SMTP server. A refusal marks the reservation 'failed' with
 * the server's reason (and `lateBody`, the HTML its reservation could not hold yet) and throws
 * SendFailed (502). Returns the recipients the server refused while it accepted others.
 */
export const transmit = async (
  db: Db,
  connections: Connections,
  account: SmtpAccount,
  sender: Sender,
  reservation: SendReservation,
  email: OutgoingEmail,
  lateBody?: string,
): Promise<string[]> => {
  let info: SentInfo;
  try {
    const from = { name: reservation.smtp.fromName ?? sender.name, address: reservation.from };
    info = await connections.send(
      account,
      composeMessage(
        email,
        from,
        reservation.messageId,
        reservation.smtp.signature,
        reservation.tracked ? reservation.id : null,
      ),
    );
  } catch (error) {
    const message = explainSendFailure(
      { protocol: 'SMTP', ...account, pass: secretOf(account) },
      error,
    );
    await finishSentEmail(db, reservation.id, {
      status: 'failed',
      error: message,
      bodyHtml: lateBody,
    });
    // The lead's address refused with a 5xx: a hard bounce at once.
    await recordRefusal(db, sender, reservation, email, permanentRefusalOf(error, email.to));
    throw new SendFailed(message, classifyMailError(error));
  }
  await recordRefusal(db, sender, reservation, email, permanentRefusalOf(info, email.to));
  return info.rejected;
};
