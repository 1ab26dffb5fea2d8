import type { EmailKind, EmailPriority } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { classifyMailError, explainSendFailure } from '../../mail/errors.ts';
import type { MailFailure } from '../../mail/errors.ts';
import { composeMessage } from '../../mail/message.ts';
import type { ComposedEmail, MailAttachment } from '../../mail/message.ts';
import { createSmtpTransport } from '../../mail/smtp.ts';
import type { SmtpAccount, SmtpTransport } from '../../mail/smtp.ts';
import { logActivity } from '../activity/repo.ts';
import type { LeadRow } from '../leads/repo.ts';
import { reserveSend } from './limits.ts';
import type { ReservationRequest, SendReservation } from './limits.ts';
import { finishSentEmail, recordLeadMailed } from './sent-repo.ts';

/** Who sends: the user whose SMTP account, daily limit and name the email uses. */
export type Sender = {
  id: string;
  name: string;
  email: string;
  organizationId: string | null;
};

export type EmailToSend = {
  kind: EmailKind;
  to: string;
  cc: string[];
  bcc: string[];
  subject: string;
  /** HTML (plain text is turned into HTML lines). */
  html: string;
  priority: EmailPriority;
  attachments?: MailAttachment[];
  /** A lead of the sender's organisation, already checked by the caller. */
  leadId: string | null;
  inReplyTo?: string | null;
  references?: string[];
  /** The bulk or campaign run: one email per lead per run. */
  jobId?: string | null;
  headers?: Record<string, string>;
  /** HTML already cleaned, and its text (see ComposedEmail). */
  prepared?: { html: string; text: string };
  /** A calendar invitation to carry (see ComposedEmail). */
  icalEvent?: ComposedEmail['icalEvent'];
  /** An activity entry per email (bulk runs may log one summary instead). */
  logActivity?: boolean;
};

export type Delivery = {
  sentEmailId: string;
  messageId: string;
  /** The lead with its counters updated, when the email was about one. */
  lead: LeadRow | null;
  /** Recipients the server refused while it accepted others. */
  rejected: string[];
};

export const STORED_PASSWORD_UNREADABLE =
  'The stored SMTP password can no longer be read (the server key changed). Save your SMTP settings again.';

const ACTIONS: Record<EmailKind, string> = {
  single: 'sent',
  followup: 'follow-up sent',
  bulk: 'bulk sent',
  campaign: 'campaign sent',
  invitation: 'invitation sent',
};

/** The reservation's SMTP account with its password; a password that cannot be read fails the send. */
export const unsealAccount = async (
  db: Db,
  box: SecretBox,
  reservation: SendReservation,
): Promise<SmtpAccount> => {
  try {
    return { ...reservation.smtp, pass: box.decrypt(reservation.smtp.passEncrypted) };
  } catch {
    await finishSentEmail(db, reservation.id, {
      status: 'failed',
      error: STORED_PASSWORD_UNREADABLE,
    });
    throw badRequest(STORED_PASSWORD_UNREADABLE);
  }
};

/** The reservation as a request for reserveSend (the email's own fields). */
export const reservationOf = (sender: Sender, email: EmailToSend): ReservationRequest => ({
  organizationId: sender.organizationId,
  userId: sender.id,
  senderEmail: sender.email,
  leadId: email.leadId,
  jobId: email.jobId ?? null,
  kind: email.kind,
  to: email.to,
  cc: email.cc,
  bcc: email.bcc,
  subject: email.subject,
  inReplyTo: email.inReplyTo ?? null,
  references: email.references ?? [],
});

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
 * Hands the reserved email to the SMTP server through `transport`. A refusal marks the
 * reservation 'failed' with the server's reason and throws SendFailed (502). Returns the
 * recipients the server refused while it accepted others.
 */
export const transmit = async (
  db: Db,
  transport: Pick<SmtpTransport, 'sendMail'>,
  account: SmtpAccount,
  sender: Sender,
  reservation: SendReservation,
  email: EmailToSend,
): Promise<string[]> => {
  try {
    const info = await transport.sendMail(
      composeMessage({
        from: { name: sender.name, address: reservation.from },
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        subject: email.subject,
        html: email.html,
        priority: email.priority,
        messageId: reservation.messageId,
        inReplyTo: email.inReplyTo,
        references: email.references ?? [],
        attachments: email.attachments,
        headers: email.headers,
        prepared: email.prepared,
        icalEvent: email.icalEvent,
      }),
    );
    return (info.rejected ?? []).map(String);
  } catch (error) {
    const message = explainSendFailure({ protocol: 'SMTP', ...account }, error);
    await finishSentEmail(db, reservation.id, { status: 'failed', error: message });
    throw new SendFailed(message, classifyMailError(error));
  }
};

/**
 * Records a delivered email (call inside a transaction): the row 'sent', the lead's mailSent /
 * sentCount / mailSentDate, and the activity entry unless the email asks for none.
 */
export const recordDelivered = async (
  tx: Db,
  sender: Sender,
  reservation: SendReservation,
  email: EmailToSend,
  rejected: string[],
): Promise<LeadRow | null> => {
  await finishSentEmail(tx, reservation.id, {
    status: 'sent',
    error: rejected.length > 0 ? `Refused recipients: ${rejected.join(', ')}` : null,
  });
  const updated =
    email.leadId && sender.organizationId
      ? await recordLeadMailed(tx, sender.organizationId, email.leadId)
      : undefined;
  if (email.logActivity !== false) {
    const what = email.kind === 'followup' ? 'Follow-up' : 'Email';
    await logActivity(tx, {
      organizationId: sender.organizationId,
      userId: sender.id,
      type: 'Email',
      entityId: updated?.id ?? null,
      action: ACTIONS[email.kind],
      details: `${what} "${email.subject}" sent to ${email.to}`,
    });
  }
  return updated ?? null;
};

/**
 * Sends one email from the sender's SMTP account, within their daily limit, and records it:
 * reserve (limit, 'sending' row) -> SMTP -> in one transaction mark it sent, update the lead's
 * mailSent / sentCount / mailSentDate and write the activity. A refusal by the SMTP server is
 * recorded as 'failed' and answers 502 with the server's reason.
 */
export const deliver = async (
  db: Db,
  box: SecretBox,
  sender: Sender,
  email: EmailToSend,
): Promise<Delivery> => {
  const reservation = await reserveSend(db, reservationOf(sender, email));
  const account = await unsealAccount(db, box, reservation);
  const transport = createSmtpTransport(account);
  let rejected: string[];
  try {
    rejected = await transmit(db, transport, account, sender, reservation, email);
  } finally {
    transport.close();
  }
  const lead = await db.transaction((tx) =>
    recordDelivered(tx, sender, reservation, email, rejected),
  );
  return { sentEmailId: reservation.id, messageId: reservation.messageId, lead, rejected };
};
