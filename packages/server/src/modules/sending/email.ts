import type { EmailKind, EmailPriority } from '@leadline/shared/email';
import type { MailAttachment } from '../../mail/message.ts';
import type { OutgoingMessage } from '../../mail/smtp.ts';
import type { LeadRow } from '../leads/present.ts';

/** Who sends: the user whose SMTP account, daily limit and name the email uses. */
export type Sender = {
  id: string;
  name: string;
  email: string;
  organizationId: string | null;
};

/**
 * One email as every sending path (single, follow-up, bulk, campaign, invitation) hands it to
 * the outbox: what its sent_emails record holds and what the message carries. The From
 * address and Message-ID come from its reservation.
 */
export type OutgoingEmail = {
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
  /** The sender's mailbox it goes from; absent or null: their default mailbox. */
  mailboxId?: string | null;
  /** More headers (List-Unsubscribe for bulk and campaigns). */
  headers?: Record<string, string>;
  /**
   * The HTML already cleaned (cleanEmailHtml) and its text: a run cleans its template once
   * for all its emails. `html` is then not read.
   */
  prepared?: PreparedBody;
  /** A calendar invitation (text/calendar alternative and .ics attachment). */
  icalEvent?: OutgoingMessage['icalEvent'];
  /**
   * Track opens and clicks (already decided: the organisation's switch, the send's choice, the
   * lead's "do not track"). Rewritten as it goes out (tracking/outgoing.ts); never invitations.
   */
  track?: boolean;
  /** An activity entry per email (bulk runs may log one summary instead). */
  logActivity?: boolean;
};

/**
 * An email's body as it goes out: the cleaned HTML and its text, and where in each the sending
 * mailbox's signature goes (before a run's unsubscribe footer); absent: at the end.
 */
export type PreparedBody = {
  html: string;
  text: string;
  signatureAt?: { html: number; text: number };
};

/** The parts of a message that may wait for the From address its reservation settles. */
export type MessageBody = Partial<Pick<OutgoingEmail, 'html' | 'prepared' | 'icalEvent'>>;

export type Delivery = {
  sentEmailId: string;
  messageId: string;
  /** The address it went from (the mailbox's). */
  from: string;
  /** The lead with its counters updated, when the email was about one. */
  lead: LeadRow | null;
  /** Recipients the server refused while it accepted others. */
  rejected: string[];
};
