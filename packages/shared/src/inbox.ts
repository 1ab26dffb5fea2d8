import { z } from 'zod';
import { limitParam } from './list-query.ts';
import { INVALID_MAILBOX_ID } from './email.ts';
import { uuidSchema } from './ids.ts';

/* The inbox (/inbox): the user's own IMAP INBOX, read page by page, one message at a time. */

/** The inbox screen's texts. */
export const INBOX_EMPTY = 'No emails found.';
export const INBOX_LOADING = 'Loading inbox...';
export const INBOX_LOAD_FAILED = 'Failed to load inbox';

export const NO_IMAP_CONFIG =
  'No IMAP configuration found. Configure your incoming mail server first.';
export const IMAP_PASSWORD_UNREADABLE =
  'The stored IMAP password can no longer be read (the server key changed). Save your IMAP settings again.';
export const INBOX_EMAIL_NOT_FOUND = 'Email not found: it may have been moved or deleted.';
export const INVALID_EMAIL_ID = 'Invalid email ID';
export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

export const INBOX_PAGE_SIZE = 25;
export const INBOX_PAGE_MAX = 100;
/** The list's preview text of each email, in characters. */
export const SNIPPET_MAX = 160;
/** A message larger than this is not opened here (the preview holds it in memory). */
export const MAX_PREVIEW_BYTES = 30 * 1024 * 1024;

/** An IMAP UID: the email's `_id`. */
const uidField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(4_294_967_295, `${label} is too large`);

/**
 * GET /api/email/inbox?limit&before: newest first. `before` is the `_id` (UID) of the last
 * email already shown: the page holds the emails that arrived before it.
 */
/** `?mailbox=`: which of the user's mailboxes to read (absent: the default). */
export const inboxMailboxQuerySchema = z.object({
  mailbox: uuidSchema(INVALID_MAILBOX_ID).optional(),
});
export const inboxQuerySchema = inboxMailboxQuerySchema.extend({
  limit: limitParam(INBOX_PAGE_MAX, INBOX_PAGE_SIZE),
  before: uidField('before').optional(),
});
export type InboxQuery = z.input<typeof inboxQuerySchema>;
export type InboxParams = z.output<typeof inboxQuerySchema>;

/** An email id in a path: the UID as text; anything else is 'Invalid email ID'. */
export const parseEmailId = (value: string): number | null => {
  const parsed = uidField('id').safeParse(/^\d{1,10}$/.test(value) ? value : 'x');
  return parsed.success ? parsed.data : null;
};

/** Response header of the list: how many emails the inbox holds in all. */
export const INBOX_TOTAL_HEADER = 'x-total-count';

export type MailAddress = { name: string; address: string };

/** One row of GET /api/email/inbox: `_id, subject, from, date, body`. */
export type InboxEmail = {
  /** The IMAP UID, as text. */
  _id: string;
  subject: string;
  /** The sender as a mail client shows it: `Name <address>`, or the address alone. */
  from: string;
  sender: MailAddress | null;
  /** ISO date-time: the Date header, else the time the server received it. */
  date: string;
  /** The start of the text, for the list (the full message comes with the preview). */
  body: string;
  hasAttachments: boolean;
};

export type InboxAttachment = {
  /** Its place in the message: GET /api/email/inbox/:id/attachments/:index */
  index: number;
  filename: string;
  contentType: string;
  size: number;
};

/** GET /api/email/inbox/:id: one email for the preview pane. */
export type InboxMessage = InboxEmail & {
  to: MailAddress[];
  cc: MailAddress[];
  messageId: string | null;
  /** The plain-text body ('' when the email has none). */
  text: string;
  /**
   * The HTML body, sanitised on the server (no script, style, frame, form, event handler or
   * javascript: URL); remote images carry `data-remote-src` instead of `src` until the user
   * loads them. Null for a text-only email.
   */
  html: string | null;
  /** How many remote images were held back. */
  remoteImages: number;
  attachments: InboxAttachment[];
  /**
   * The lead conversation the email is part of (it was found answering a lead's email): the
   * lead, and the message's id there (what POST /api/leads/:id/reply answers); null otherwise.
   */
  conversation: { leadId: string; messageId: string } | null;
};

/** `Name <address>`, the address alone, or the name alone. */
export const formatAddress = (address: MailAddress | null): string => {
  if (!address) return '';
  if (address.name && address.address) return `${address.name} <${address.address}>`;
  return address.name || address.address;
};

/** The frame document of the preview: remote images blocked, or allowed after a click. */
export const inboxFramePath = (remoteImages: boolean): string =>
  `/api/email/inbox/frame${remoteImages ? '?images=allowed' : ''}`;
