import { z } from 'zod';
import { INVALID_MAILBOX_ID, imapSettingsSchema, smtpSettingsSchema } from './email.ts';
import { uuidSchema } from './ids.ts';
import type { ImapSettings, SmtpSettings } from './email.ts';
import type { MailboxProvider, MailboxStatus } from './mail-oauth.ts';

/**
 * A user's mailboxes (GET /api/email/mailboxes): each with its own SMTP and IMAP settings,
 * from-name, daily limit and warm-up; one is the default, which sends that name no mailbox use.
 */
export type { MailboxProvider, MailboxStatus } from './mail-oauth.ts';

export const MAILBOX_NOT_FOUND = 'Mailbox not found';
export const MAILBOX_SAVED = 'Mailbox saved';
export const MAILBOX_ADDED = 'Mailbox added';
export const MAILBOX_DELETED = 'Mailbox deleted';
export const MAILBOX_DEFAULT_SET = 'Default mailbox changed';
export const FROM_NAME_MAX = 100;
/** A mailbox's signature: plain text, at most this many characters. */
export const SIGNATURE_MAX = 2000;
export const SIGNATURE_TOO_LONG = `Signature must be at most ${SIGNATURE_MAX.toLocaleString('en-US')} characters`;
/** Mailboxes one user may have. */
export const MAILBOXES_MAX = 20;
export const TOO_MANY_MAILBOXES = `A user may have at most ${MAILBOXES_MAX} mailboxes`;

/** The `{ id }` of /api/email/mailboxes/:id. */
export const mailboxParamsSchema = z.object({ id: uuidSchema(INVALID_MAILBOX_ID) });

const fromNameField = z
  .string({ error: 'From name must be text' })
  .trim()
  .max(FROM_NAME_MAX, `From name must be at most ${FROM_NAME_MAX} characters`)
  .transform((name) => (name === '' ? null : name))
  .nullable()
  .optional();

/**
 * A mailbox's signature: the rep's own plain text (merge fields are not filled in it), trimmed,
 * its line breaks as \n; blank or null clears it.
 */
export const signatureField = z
  .string({ error: 'Signature must be text' })
  .trim()
  .max(SIGNATURE_MAX, SIGNATURE_TOO_LONG)
  .transform((text) => (text === '' ? null : text.replace(/\r\n?/g, '\n')))
  .nullable()
  .optional();

/**
 * POST /api/email/mailboxes (SMTP, IMAP or both) and PUT /api/email/mailboxes/:id (what
 * changes: the settings sent are logged in to before they are saved; `fromName` or `signature`
 * alone changes only that). A blank password keeps the stored one while host and user stay the
 * same.
 */
export const mailboxSaveSchema = z
  .object({
    smtp: smtpSettingsSchema.optional(),
    imap: imapSettingsSchema.optional(),
    fromName: fromNameField,
    signature: signatureField,
  })
  .refine(
    (value) =>
      value.smtp || value.imap || value.fromName !== undefined || value.signature !== undefined,
    'Send SMTP or IMAP settings, a from name or a signature, to save',
  );
export type MailboxSaveInput = z.input<typeof mailboxSaveSchema>;
export type MailboxSaveData = z.output<typeof mailboxSaveSchema>;

export type Mailbox = {
  _id: string;
  /** The address its emails go from. */
  email: string;
  provider: MailboxProvider;
  isDefault: boolean;
  status: MailboxStatus;
  /** Today's limit (the warm-up's when lower); null: none. */
  dailyLimit: number | null;
  /** Emails it sent (or is sending) today, UTC. */
  sentToday: number;
  /** The name recipients see; null: the user's own name. */
  fromName: string | null;
  /** Plain text added to the end of its emails; null: none. */
  signature: string | null;
  smtp: SmtpSettings | null;
  imap: ImapSettings | null;
};
export type MailboxesResponse = { mailboxes: Mailbox[] };
