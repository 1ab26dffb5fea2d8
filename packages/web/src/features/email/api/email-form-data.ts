import type { EmailPriority } from '@leadline/shared/email';
import type { Lead } from '@leadline/shared/leads';

/** What the composer sends: the server checks every field again (shared schemas). */
export type OutgoingEmail = {
  subject: string;
  body: string;
  priority: EmailPriority;
  /** Comma-separated addresses, as typed. */
  cc: string;
  bcc: string;
  attachments: File[];
  /** The mailbox it goes from; undefined: the default. */
  mailboxId?: string;
  /** Track opens and clicks; undefined: as the organisation's switch says. */
  track?: boolean;
};

/** POST /api/email/send and /api/leads/:id/send-mail answer this. */
export type SendEmailAnswer = { message: string; lead?: Lead };

/** The composer's multipart body (form data, so attachments travel with it). */
export const emailFormData = (email: OutgoingEmail, extra: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  form.append('subject', email.subject);
  form.append('body', email.body);
  form.append('priority', email.priority);
  form.append('cc', email.cc);
  form.append('bcc', email.bcc);
  if (email.mailboxId) form.append('mailboxId', email.mailboxId);
  if (email.track !== undefined) form.append('track', String(email.track));
  for (const file of email.attachments) form.append('attachments', file, file.name);
  return form;
};
