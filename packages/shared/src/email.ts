import { z } from 'zod';
import type { MailboxProvider, MailboxStatus } from './mail-oauth.ts';
import type { BounceType } from './deliverability.ts';
import { warmupSchema } from './sending-window.ts';
import type { Warmup } from './sending-window.ts';
import { limitParam } from './list-query.ts';
import { fillMergeFields, withKnownMergeFields } from './merge-fields.ts';
import { trackField } from './tracking.ts';
import type { ClickCounts, OpenCounts } from './tracking.ts';
import { uuidSchema } from './ids.ts';

/* Email: sending (single, follow-up; bulk and campaigns later) and mail server settings. */

export const EMAIL_PRIORITIES = ['low', 'normal', 'high'] as const;
export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];
export const DEFAULT_EMAIL_PRIORITY: EmailPriority = 'normal';

export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 100;
/** A follow-up's subject usually gains a "Re: " in front of the original one. */
export const FOLLOW_UP_SUBJECT_MAX = 150;
/** Plain-text characters (tags stripped) a message needs. */
export const MESSAGE_MIN = 10;
/** HTML characters a message may hold. */
export const MESSAGE_MAX = 500_000;
export const ADDRESSES_MAX = 50;

export const ATTACHMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'jpg',
  'jpeg',
  'png',
  'gif',
] as const;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS = 10;
/** All attachments of one email together (what common mail servers accept). */
export const MAX_ATTACHMENTS_TOTAL_BYTES = 25 * 1024 * 1024;

export const VALID_RECIPIENT = 'Valid recipient email is required';
export const SUBJECT_REQUIRED = 'Subject is required';
export const SUBJECT_TOO_SHORT = `Subject must be at least ${SUBJECT_MIN} characters`;
export const SUBJECT_TOO_LONG = `Subject must be at most ${SUBJECT_MAX} characters`;
export const MESSAGE_TOO_SHORT = `Message must be at least ${MESSAGE_MIN} characters`;
export const NO_SMTP_CONFIG = 'No SMTP configuration found. Configure your mail server first.';
export const EMAIL_SENT = 'Email sent successfully!';
export const FOLLOW_UP_SENT = 'Email sent.';
export const CONFIG_SAVED = 'Configuration saved successfully!';
export const PASSWORD_REQUIRED = 'Password is required';

export const MAIL_PROTOCOLS = ['smtp', 'imap'] as const;
export type MailProtocol = (typeof MAIL_PROTOCOLS)[number];

export const configDeletedMessage = (protocol: MailProtocol) =>
  `${protocol.toUpperCase()} configuration deleted successfully!`;

/** The 429 answer; it always contains "daily limit" (the screens look for it). */
export const dailyLimitMessage = (limit: number): string =>
  limit === 0
    ? 'Your daily limit is 0 emails: sending is turned off for your account.'
    : `You have reached your daily limit of ${limit} ${limit === 1 ? 'email' : 'emails'}. Try again tomorrow.`;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the HTML entities an editor writes (named basics and numeric ones). */
export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

const BLOCK_TAG =
  /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|hr|section|article)\b[^>]*>/gi;

/**
 * The text of an HTML message as a reader sees it: scripts and styles dropped, tags stripped
 * (block tags become spaces), entities decoded, whitespace collapsed. The "at least 10
 * characters" rule counts this.
 */
export const plainText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(BLOCK_TAG, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();

/** The lower-cased extension of a file name ('' without one). */
export const fileExtension = (filename: string): string =>
  /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';

export const isAllowedAttachment = (filename: string): boolean =>
  (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(filename));

const address = z.email({ error: VALID_RECIPIENT }).max(254, VALID_RECIPIENT);

/** One recipient: a valid address, lower-cased. */
export const recipientField = z
  .string({ error: VALID_RECIPIENT })
  .trim()
  .min(1, VALID_RECIPIENT)
  .pipe(address)
  .transform((value) => value.toLowerCase());

/**
 * CC or BCC: a comma- (or semicolon-) separated text or a list; blanks are ignored, every
 * other entry must be an address.
 */
export const addressListField = (label: 'CC' | 'BCC') =>
  z
    .union([z.string(), z.array(z.string())], {
      error: `${label} must be a list of email addresses`,
    })
    .optional()
    .transform((value) =>
      (Array.isArray(value) ? value : [value ?? ''])
        .flatMap((entry) => entry.split(/[,;]/))
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    )
    .superRefine((list, ctx) => {
      const invalid = list.filter((entry) => !address.safeParse(entry).success);
      if (invalid.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} has an invalid email address: ${invalid.slice(0, 3).join(', ')}`,
        });
      } else if (list.length > ADDRESSES_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} may hold at most ${ADDRESSES_MAX} addresses`,
        });
      }
    })
    .transform((list) => [...new Set(list)]);

/** Line breaks would end a header: a subject is one line. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export const subjectField = z
  .string({ error: SUBJECT_REQUIRED })
  .transform(oneLine)
  .pipe(
    z
      .string()
      .min(1, SUBJECT_REQUIRED)
      .min(SUBJECT_MIN, SUBJECT_TOO_SHORT)
      .max(SUBJECT_MAX, SUBJECT_TOO_LONG),
  );

/** The HTML message: at least 10 characters of text once the tags are stripped. */
export const messageBodyField = z
  .string({ error: MESSAGE_TOO_SHORT })
  .max(MESSAGE_MAX, 'Message is too long')
  .refine((html) => plainText(html).length >= MESSAGE_MIN, MESSAGE_TOO_SHORT);

export const priorityField = z
  .enum(EMAIL_PRIORITIES, { error: 'Priority must be low, normal or high' })
  .optional()
  .default(DEFAULT_EMAIL_PRIORITY);

export const INVALID_MAILBOX_ID = 'Invalid mailbox ID';
/** The sender's mailbox a send goes from (absent: their default mailbox). */
export const mailboxIdField = uuidSchema(INVALID_MAILBOX_ID).optional();

/** The composer's fields when the recipient is the lead (POST /api/leads/:id/send-mail). */
export const leadEmailSchema = z.object({
  mailboxId: mailboxIdField,
  subject: subjectField,
  body: messageBodyField,
  priority: priorityField,
  cc: addressListField('CC'),
  bcc: addressListField('BCC'),
  /** Track opens and clicks; absent: the organisation's switch (off: never tracked). */
  track: trackField,
});
export type LeadEmailInput = z.input<typeof leadEmailSchema>;

/** POST /api/email/send: the composer to any address, optionally about a lead. */
export const emailSendSchema = leadEmailSchema.extend({
  to: recipientField,
  leadId: z.string().trim().max(100).optional(),
});
export type EmailSendInput = z.input<typeof emailSendSchema>;
export type EmailSendData = z.output<typeof emailSendSchema>;

const MESSAGE_ID = /^<?([^<>\s@]+@[^<>\s@]+)>?$/;

/** A Message-ID, with or without its angle brackets, as `<id@domain>`. */
export const normaliseMessageId = (value: string): string | null => {
  const match = MESSAGE_ID.exec(value.trim());
  return match ? `<${match[1]}>` : null;
};

const messageIdField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(1000, `${label} is too long`)
    .transform((value, ctx) => {
      const id = normaliseMessageId(value);
      if (!id) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a message ID like <id@example.com>`,
        });
        return z.NEVER;
      }
      return id;
    });

/** References: one text of IDs separated by spaces or commas (as the form sends it), or a list. */
const referencesField = z
  .union([z.string(), z.array(z.string())], { error: 'References is required' })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((entry) => entry.split(/[\s,]+/))
      .filter(Boolean);
    const ids = parts.map(normaliseMessageId);
    if (parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'References is required' });
      return z.NEVER;
    }
    if (ids.some((id) => id === null) || ids.length > 100) {
      ctx.addIssue({
        code: 'custom',
        message: 'References must be message IDs like <id@example.com>',
      });
      return z.NEVER;
    }
    return [...new Set(ids as string[])];
  });

/** POST /api/email/follow-up: all five fields required. */
export const followUpSchema = z.object({
  to: recipientField,
  subject: z
    .string({ error: SUBJECT_REQUIRED })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, SUBJECT_REQUIRED)
        .max(FOLLOW_UP_SUBJECT_MAX, `Subject must be at most ${FOLLOW_UP_SUBJECT_MAX} characters`),
    ),
  message: z
    .string({ error: 'Message is required' })
    .max(MESSAGE_MAX, 'Message is too long')
    .refine((text) => plainText(text).length > 0, 'Message is required'),
  inReplyTo: messageIdField('In-Reply-To'),
  references: referencesField,
  /** Absent: the mailbox the email it follows went from (else the default). */
  mailboxId: mailboxIdField,
  track: trackField,
});
export type FollowUpInput = z.input<typeof followUpSchema>;
export type FollowUpData = z.output<typeof followUpSchema>;

/* Mail server settings: host, port, username and password required. */

export const HOST_MAX = 253;
export const DAILY_LIMIT_MAX = 1_000_000;

const hostField = z
  .string({ error: 'Host is required' })
  .trim()
  .min(1, 'Host is required')
  .max(HOST_MAX, `Host must be at most ${HOST_MAX} characters`)
  .regex(
    /^([a-z0-9_]([a-z0-9_-]*[a-z0-9_])?\.)*[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?\.?$|^\[?[0-9a-f:.]+\]?$/i,
    'Host must be a server name like smtp.example.com or an IP address',
  )
  .transform((value) => value.toLowerCase().replace(/^\[(.*)\]$/, '$1'));

const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '')
    ? undefined
    : value;

const portField = z.preprocess(
  (value) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(blank) ? Number(blank) : blank;
  },
  z
    .number({
      error: (issue) => (issue.input === undefined ? 'Port is required' : 'Port must be a number'),
    })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535'),
);

/** "Use SSL/TLS": a boolean (a form may send "true" / "false"); off when absent. */
const secureField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' || value === '' ? false : value),
  z.boolean({ error: 'Use SSL/TLS must be true or false' }).optional().default(false),
);

const userField = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(254, 'Username must be at most 254 characters');

/**
 * The password. Blank or absent keeps the stored one when an account is edited with the same
 * host and username; the server answers 'Password is required' otherwise. Never trimmed.
 */
const passField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: 'Password must be text' })
    .max(1000, 'Password must be at most 1000 characters')
    .optional(),
);

/** Optional; blank or not a number means no limit; otherwise a whole number, at least 0. */
const dailyLimitField = z
  .unknown()
  .transform((value): number | undefined => {
    if (value === null || value === undefined || typeof value === 'boolean') return undefined;
    if (typeof value === 'string' && value.trim() === '') return undefined;
    const number = Number(value);
    if (!Number.isFinite(number)) return undefined;
    return Math.min(DAILY_LIMIT_MAX, Math.max(0, Math.floor(number)));
  })
  .optional();

const serverFields = {
  host: hostField,
  port: portField,
  secure: secureField,
  user: userField,
  pass: passField,
};

export const imapSettingsSchema = z.object(serverFields, {
  error: 'IMAP settings must be an object',
});
export const smtpSettingsSchema = z.object(
  {
    ...serverFields,
    dailyLimit: dailyLimitField,
    /** Absent: the stored warm-up stays; null: no warm-up. */
    warmup: warmupSchema.nullable().optional(),
  },
  { error: 'SMTP settings must be an object' },
);
export type SmtpSettingsInput = z.input<typeof smtpSettingsSchema>;
export type SmtpSettingsData = z.output<typeof smtpSettingsSchema>;
export type ImapSettingsInput = z.input<typeof imapSettingsSchema>;
export type ImapSettingsData = z.output<typeof imapSettingsSchema>;

/** POST /api/email/config: SMTP, IMAP or both. */
export const emailConfigSchema = z
  .object({
    smtp: smtpSettingsSchema.optional(),
    imap: imapSettingsSchema.optional(),
  })
  .refine((value) => value.smtp || value.imap, 'Send SMTP or IMAP settings to save');
export type EmailConfigInput = z.input<typeof emailConfigSchema>;
export type EmailConfigData = z.output<typeof emailConfigSchema>;

export const emailConfigDeleteQuerySchema = z.object({
  protocol: z.enum(MAIL_PROTOCOLS, { error: 'protocol must be smtp or imap' }),
});

/** GET /api/email/config: never a password. */
export type SmtpSettings = {
  /** The mailbox's id (its domain check: /api/email/mailboxes/:id/domain-check). */
  id: string;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  dailyLimit: number | null;
  /** Warm-up: `start` emails on its first day, `increment` more each day after. */
  warmup: Warmup | null;
  /** The day the warm-up began (YYYY-MM-DD, UTC), null without one. */
  warmupStartedOn: string | null;
  /** Today's limit: the daily limit, or the warm-up's lower one (null: none). */
  effectiveDailyLimit: number | null;
};
export type ImapSettings = { host: string; port: number; secure: boolean; user: string };
export type EmailConfigResponse = {
  config: {
    smtp: SmtpSettings | null;
    imap: ImapSettings | null;
    /** How the mailbox logs in: 'password', or the OAuth provider it was connected with. */
    provider: MailboxProvider;
    /** 'reconnect': the OAuth grant was refused; sends wait until it is connected again. */
    status: MailboxStatus;
    /** The connected address (OAuth mailboxes), null for a password one. */
    email: string | null;
  };
};

/* Sent emails (the lead's history). */

export const EMAIL_KINDS = ['single', 'followup', 'bulk', 'campaign', 'invitation'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/**
 * 'queued': reserved against the daily limit by a bulk run, not yet handed to the mail server
 * (a run resumed after a crash sends it). 'sending': with the mail server, under way.
 * 'unconfirmed': was with the mail server when the server process died: it may have been
 * delivered, and it is never sent again.
 */
export const SENT_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unconfirmed'] as const;
export type SentEmailStatus = (typeof SENT_EMAIL_STATUSES)[number];

/**
 * What one entry of a lead's history is: an email sent to it, or a message received for it
 * (a reply, an automatic answer such as an out-of-office note, or a bounce).
 */
export const LEAD_EMAIL_KINDS = ['sent', 'reply', 'auto-reply', 'bounce'] as const;
export type LeadEmailKind = (typeof LEAD_EMAIL_KINDS)[number];
export type LeadEmailStatus = SentEmailStatus | 'received';

/**
 * One email of a lead's history (GET /api/leads/:id/emails). `kind` says what it is; `via`,
 * for a sent one, how it was sent (single, follow-up, bulk, campaign, invitation), null for a
 * received one. A received message (status 'received') has its writer as `sender` (a mail
 * system for a bounce), the inbox it arrived in as `to`, its time as `sentAt` and the start of
 * its text as `snippet` (for a bounce: the failed address and the reason). `bounce` is set on
 * a sent email a delivery report or the mail server's refusal said bounced. `returnsOn` is the
 * day an auto-reply says its writer is back. `bodyHtml` is the HTML an email was sent with,
 * sanitised for display (as the inbox shows a message); null for a received message and for
 * an email sent before Leadline kept it.
 */
export type SentEmail = {
  _id: string;
  subject: string;
  to: string;
  cc: string[];
  messageId: string;
  kind: LeadEmailKind;
  via: EmailKind | null;
  status: LeadEmailStatus;
  error?: string;
  sentAt: string;
  sender: { name: string; email: string } | null;
  snippet?: string;
  bounce?: BounceType | null;
  returnsOn?: string | null;
  bodyHtml: string | null;
  /** GET /api/leads/:id/emails: sent with tracking, and its hits by class (zeros otherwise). */
  tracked?: boolean;
  opens?: OpenCounts;
  clicks?: ClickCounts;
};

export const sentEmailsQuerySchema = z.object({
  limit: limitParam(200, 50),
});
export type SentEmailsParams = z.output<typeof sentEmailsQuerySchema>;

/* Bulk email: a durable server job per run. */

export const BULK_EMAIL_TYPES = ['initial', 'followup'] as const;
export type BulkEmailType = (typeof BULK_EMAIL_TYPES)[number];

/** The composer's font families; the bulk body is wrapped in the chosen one. */
export const EMAIL_FONTS = [
  'Arial',
  'Helvetica',
  'Times New Roman',
  'Georgia',
  'Verdana',
  'Courier New',
  'Tahoma',
  'Trebuchet MS',
] as const;
export type EmailFont = (typeof EMAIL_FONTS)[number];
export const DEFAULT_EMAIL_FONT: EmailFont = 'Arial';

/** Leads one bulk run may take. */
export const BULK_MAX_LEADS = 10_000;

export const NO_LEADS_SELECTED = 'No leads selected';
export const SUBJECT_AND_BODY_REQUIRED = 'Subject and body are required';
export const TOO_MANY_BULK_LEADS = `At most ${BULK_MAX_LEADS.toLocaleString('en-US')} leads can be emailed in one bulk run`;
export const BULK_STARTED = 'Bulk email started';

/**
 * Replaces `{{firstName}}` (any case, with or without a fallback) with the first name, or its
 * fallback ('there' when none is written) when it is blank. See merge-fields.ts for the rest.
 */
export const fillFirstName = (text: string, firstName: string | null | undefined): string =>
  fillMergeFields(text, { firstName });

/** Subject or body: present and not blank, else 'Subject and body are required'. */
const requiredForBulk = () =>
  z.string({ error: SUBJECT_AND_BODY_REQUIRED }).refine((value) => plainText(value).length > 0, {
    message: SUBJECT_AND_BODY_REQUIRED,
    abort: true,
  });

/** POST /api/email/bulk. */
export const bulkEmailSchema = z.object({
  leadIds: z
    .array(z.string({ error: 'Each lead ID must be text' }).trim().max(100, 'Invalid lead ID'), {
      error: NO_LEADS_SELECTED,
    })
    .min(1, NO_LEADS_SELECTED)
    .max(BULK_MAX_LEADS, TOO_MANY_BULK_LEADS)
    .transform((ids) => [...new Set(ids)]),
  subject: withKnownMergeFields(requiredForBulk().pipe(subjectField)),
  body: withKnownMergeFields(requiredForBulk().pipe(messageBodyField)),
  type: z.enum(BULK_EMAIL_TYPES, { error: 'type must be initial or followup' }),
  mailboxId: mailboxIdField,
  font: z
    .enum(EMAIL_FONTS, { error: `font must be one of ${EMAIL_FONTS.join(', ')}` })
    .optional()
    .default(DEFAULT_EMAIL_FONT),
  track: trackField,
});
export type BulkEmailInput = z.input<typeof bulkEmailSchema>;
export type BulkEmailData = z.output<typeof bulkEmailSchema>;

/** 202 answer of POST /api/email/bulk. */
export type BulkEmailStarted = { message: string; jobId: string; total: number };

/**
 * 'paused': the run paused itself (too many hard bounces, see `message`); it keeps its place
 * and goes on where it paused when resumed (POST /api/email/bulk/:jobId/resume), or is stopped.
 */
export const BULK_EMAIL_STATUSES = ['running', 'paused', 'completed', 'stopped'] as const;
export type BulkEmailStatus = (typeof BULK_EMAIL_STATUSES)[number];

/**
 * A bulk run's progress (GET /api/email/bulk/:jobId). `processed` = sent + failed + unconfirmed + skipped,
 * out of `total`. Skipped leads: unsubscribed (on the suppression list), replied (follow-ups
 * only) or deleted since the run started. `message` says why a run stopped (the daily limit:
 * it contains "daily limit"; a mail server refusing the login; the user stopping it) or paused
 * (too many hard bounces: "Too many bounces: …").
 * `failures` lists the first failed leads with the mail server's reason.
 */
export type BulkEmailJob = {
  jobId: string;
  type: BulkEmailType;
  subject: string;
  font: EmailFont;
  status: BulkEmailStatus;
  total: number;
  sent: number;
  failed: number;
  /**
   * Emails that were with the mail server when a server process died: maybe delivered, not
   * sent again, not counted as failed (at most one per crash).
   */
  unconfirmed: number;
  skipped: number;
  skippedReasons: { unsubscribed: number; replied: number; deleted: number };
  processed: number;
  message?: string;
  failures: { leadId: string | null; to: string; error: string }[];
  createdAt: string;
  finishedAt: string | null;
};

/** GET /api/email/bulk?status=running: the caller's own runs, newest first. */
export const bulkEmailListQuerySchema = z.object({
  status: z
    .enum(BULK_EMAIL_STATUSES, { error: 'status must be running, paused, completed or stopped' })
    .optional(),
  limit: limitParam(100, 20),
});
export type BulkEmailListQuery = z.input<typeof bulkEmailListQuerySchema>;
export type BulkEmailListParams = z.output<typeof bulkEmailListQuerySchema>;
export type BulkEmailListResponse = { jobs: BulkEmailJob[] };

/** POST /api/email/bulk/:jobId/stop answers the run as it stopped. */
export type BulkEmailStopped = { message: string; job: BulkEmailJob };
export const BULK_STOPPED_BY_USER = 'Stopped by the user';

/** POST /api/email/bulk/:jobId/resume answers the run as it resumed (running again). */
export type BulkEmailResumed = { message: string; job: BulkEmailJob };
export const BULK_RESUMED = 'Bulk email resumed';
/** A resume of a run that is not paused (running, completed or stopped): 409. */
export const BULK_NOT_PAUSED = 'Only a paused bulk email job can be resumed';
