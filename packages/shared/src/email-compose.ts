import { z } from 'zod';
import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_ATTACHMENT_BYTES,
  isAllowedAttachment,
} from './email.ts';
import type { BulkEmailType, SentEmail } from './email.ts';

/*
 * The email screens' own rules (single-lead email, bulk email, the follow-up form): what
 * the leads table hands them through navigation state, which selections bulk email accepts,
 * which files the composer attaches and how the composer counts words. The server checks the
 * sends themselves with the schemas of email.ts.
 */

export const MIXED_SELECTION = 'Please select either only Pending or only Sent leads.';

/** All Pending is an initial run, all Sent a follow-up run; a mix is refused. */
export const bulkTypeOf = (leads: readonly { mailSent: boolean }[]): BulkEmailType | null => {
  if (leads.length === 0) return null;
  const sent = leads.filter((lead) => lead.mailSent).length;
  if (sent === 0) return 'initial';
  if (sent === leads.length) return 'followup';
  return null;
};

/** Navigation state is whatever the history holds: anything but an object reads as empty. */
const state = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'object' && value !== null ? value : {}), schema);

const text = z.string().trim().max(1000).catch('');
const optionalText = z.string().trim().max(1000).optional().catch(undefined);
const count = z.coerce.number().int().min(0).catch(0);
const date = z.string().nullable().optional().catch(null);

/**
 * /send-email-page's navigation state: `to` or `personEmail`, `firstName` or
 * `personFirstName`, `leadId` or `_id`, `sentCount`, `mailSentDate`. Null without an address.
 */
export const sendEmailPageStateSchema = state(
  z
    .object({
      to: optionalText,
      personEmail: optionalText,
      firstName: optionalText,
      personFirstName: optionalText,
      leadId: optionalText,
      _id: optionalText,
      sentCount: count,
      mailSentDate: date,
    })
    .transform((value) => {
      const to = value.to || value.personEmail || '';
      if (!to) return null;
      return {
        to,
        firstName: value.firstName || value.personFirstName || '',
        leadId: value.leadId || value._id || null,
        sentCount: value.sentCount,
        mailSentDate: value.mailSentDate ?? null,
      };
    }),
);
export type SendEmailPageState = NonNullable<z.output<typeof sendEmailPageStateSchema>>;

/** One lead as /send-bulk-email needs it. */
export const bulkLeadSchema = z.object({
  _id: z.string().min(1),
  personEmail: text,
  personFirstName: text,
  personLastName: text,
  mailSent: z.boolean().catch(false),
  sentCount: count,
});
export type BulkLead = z.output<typeof bulkLeadSchema>;

/** /send-bulk-email's navigation state: `leads` and `type` (initial or followup). */
export const bulkEmailPageStateSchema = state(
  z.object({
    leads: z
      .array(z.unknown())
      .catch([])
      .transform((items) =>
        items.flatMap((item) => {
          const lead = bulkLeadSchema.safeParse(item);
          return lead.success ? [lead.data] : [];
        }),
      ),
    type: z.enum(['initial', 'followup']).optional().catch(undefined),
  }),
);

/** What /follow-up is filled in with, for the user to check. */
export type FollowUpPreset = {
  to?: string;
  subject?: string;
  inReplyTo?: string;
  references?: string;
  /** The email being answered, shown above the form. */
  original?: {
    subject: string;
    from?: string;
    to: string;
    sentAt: string;
    /** A reply's text (its start), shown as text. */
    excerpt?: string;
    /** The HTML a sent email went out with, sanitised by the server, for the email frame. */
    html?: string;
  };
};

/** A follow-up's subject: the original one with one "Re: " in front. */
export const replySubject = (subject: string): string =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/**
 * The follow-up of one email of a lead's history: a reply goes back to its sender, an email
 * the lead was sent to its recipient; threaded under it. Null when it cannot be followed up.
 */
export const followUpStateOf = (email: SentEmail): FollowUpPreset | null => {
  if (email.kind === 'bounce') return null;
  const to = email.kind === 'sent' ? email.to : email.sender?.email;
  if (!to || !email.messageId || (email.status !== 'sent' && email.status !== 'received'))
    return null;
  const { sender } = email;
  const from = sender && (sender.name ? `${sender.name} <${sender.email}>` : sender.email);
  return {
    to,
    subject: replySubject(email.subject),
    inReplyTo: email.messageId,
    references: email.messageId,
    original: {
      subject: email.subject,
      ...(from ? { from } : {}),
      to: email.to,
      sentAt: email.sentAt,
      ...(email.snippet ? { excerpt: email.snippet } : {}),
      ...(email.bodyHtml ? { html: email.bodyHtml } : {}),
    },
  };
};

/** Words of a message's text (for the composer's Words counter). */
export const wordCount = (plain: string): number => plain.split(/\s+/).filter(Boolean).length;

export const ATTACHMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.gif';

export type AttachmentPick<F> = { kept: F[]; refused: { name: string; reason: string }[] };

/**
 * Files the composer keeps: the allowed types (pdf, doc, docx, txt, jpg, jpeg, png, gif), at
 * most 10 MB each, at most MAX_ATTACHMENTS and 25 MB in all, each file once.
 */
export const pickAttachments = <F extends { name: string; size: number }>(
  current: readonly F[],
  added: readonly F[],
): AttachmentPick<F> => {
  const kept = [...current];
  const refused: { name: string; reason: string }[] = [];
  let total = kept.reduce((sum, file) => sum + file.size, 0);
  for (const file of added) {
    if (!isAllowedAttachment(file.name)) {
      refused.push({ name: file.name, reason: 'is not an allowed file type' });
    } else if (file.size > MAX_ATTACHMENT_BYTES) {
      refused.push({ name: file.name, reason: 'is larger than 10 MB' });
    } else if (kept.length >= MAX_ATTACHMENTS) {
      refused.push({ name: file.name, reason: `would exceed ${MAX_ATTACHMENTS} attachments` });
    } else if (total + file.size > MAX_ATTACHMENTS_TOTAL_BYTES) {
      refused.push({ name: file.name, reason: 'would exceed 25 MB of attachments in all' });
    } else if (!kept.some((other) => other.name === file.name && other.size === file.size)) {
      kept.push(file);
      total += file.size;
    }
  }
  return { kept, refused };
};

export const FONT_SIZES = ['8px', '10px', '12px', '14px', '16px', '18px', '24px'] as const;
