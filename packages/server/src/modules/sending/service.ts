import {
  EMAIL_SENT,
  FOLLOW_UP_SENT,
  emailSendSchema,
  leadEmailSchema,
} from '@leadline/shared/email';
import type { FollowUpData, SentEmail, SentEmailsParams } from '@leadline/shared/email';
import type { Lead } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { HttpError } from '../../lib/errors.ts';
import { presentLead } from '../leads/owners.ts';
import { suppressedMessage, suppressionOf } from '../suppression/check.ts';
import { findLeadIdByEmail } from '../leads/mail-state.ts';
import { getLead, organizationOf } from '../leads/service.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { checkAttachments } from './attachments.ts';
import type { UploadedFile } from './attachments.ts';
import type { Sender } from './email.ts';
import { sendOne } from './outbox.ts';
import { toReplyEmail } from '../replies/present.ts';
import { toSentEmail } from '../email-events/present.ts';
import { findLeadReplies } from '../replies/history.ts';
import { findLeadEmails, findMailboxOfMessage } from './repo.ts';
import { ownMailboxId } from '../mail-accounts/stored.ts';
import { shouldTrack, trackingOfEmails } from '../tracking/service.ts';

/** The composer's fields (JSON body or multipart fields) and its files. */
export type EmailRequest = { fields: unknown; files: UploadedFile[] };

export type SendEmailResponse = { message: string; lead?: Lead };

/**
 * Refuses (409, naming the field) a send to an address the organisation has suppressed, by
 * address or by domain: single sends and follow-ups go to no suppressed recipient.
 */
export const refuseSuppressed = async (
  db: Db,
  organizationId: string | null,
  recipients: { to: string; cc?: readonly string[]; bcc?: readonly string[] },
): Promise<void> => {
  if (!organizationId) return;
  const fields = [
    ['to', [recipients.to]],
    ['cc', recipients.cc ?? []],
    ['bcc', recipients.bcc ?? []],
  ] as const;
  for (const [field, addresses] of fields) {
    for (const address of addresses) {
      const entry = await suppressionOf(db, organizationId, address);
      if (entry === undefined) continue;
      const message = suppressedMessage(address, entry);
      throw new HttpError(409, message, { [field]: message });
    }
  }
};

export const senderOf = (actor: CurrentUser): Sender => ({
  id: actor.id,
  name: actor.name,
  email: actor.email,
  organizationId: actor.organizationId,
});

/** POST /api/email/send: to any address; with a leadId the lead's counters and history too. */
export const sendEmail = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  request: EmailRequest,
): Promise<SendEmailResponse> => {
  const data = emailSendSchema.parse(request.fields);
  const attachments = checkAttachments(request.files);
  const lead = data.leadId ? await getLead(db, actor, data.leadId) : null;
  const mailboxId = await ownMailboxId(db, actor.id, data.mailboxId);
  await refuseSuppressed(db, actor.organizationId, data);
  const delivery = await sendOne(db, box, senderOf(actor), {
    kind: 'single',
    mailboxId,
    to: data.to,
    cc: data.cc,
    bcc: data.bcc,
    subject: data.subject,
    html: data.body,
    priority: data.priority,
    attachments,
    leadId: lead?._id ?? null,
    track: await shouldTrack(db, actor.organizationId, lead?._id ?? null, data.track),
  });
  return {
    message: EMAIL_SENT,
    ...(delivery.lead ? { lead: await presentLead(db, delivery.lead) } : {}),
  };
};

/** POST /api/leads/:id/send-mail: the composer to the lead's own address. */
export const sendLeadEmail = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  leadId: string,
  request: EmailRequest,
): Promise<Required<SendEmailResponse>> => {
  const lead = await getLead(db, actor, leadId);
  const data = leadEmailSchema.parse(request.fields);
  const attachments = checkAttachments(request.files);
  const mailboxId = await ownMailboxId(db, actor.id, data.mailboxId);
  await refuseSuppressed(db, actor.organizationId, { ...data, to: lead.personEmail });
  const delivery = await sendOne(db, box, senderOf(actor), {
    kind: 'single',
    mailboxId,
    to: lead.personEmail,
    cc: data.cc,
    bcc: data.bcc,
    subject: data.subject,
    html: data.body,
    priority: data.priority,
    attachments,
    leadId: lead._id,
    track: await shouldTrack(db, actor.organizationId, lead._id, data.track),
  });
  return { message: EMAIL_SENT, lead: delivery.lead ? await presentLead(db, delivery.lead) : lead };
};

/**
 * POST /api/email/follow-up: threaded under the original (In-Reply-To, References). When the
 * recipient is a lead of the organisation, it counts for that lead.
 */
export const sendFollowUp = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: FollowUpData,
): Promise<{ message: string }> => {
  const references = data.references.includes(data.inReplyTo)
    ? data.references
    : [...data.references, data.inReplyTo];
  // The mailbox chosen, else the one the email it follows went from, else the default.
  const mailboxId =
    (await ownMailboxId(db, actor.id, data.mailboxId)) ??
    (await findMailboxOfMessage(db, actor.id, data.inReplyTo));
  await refuseSuppressed(db, actor.organizationId, data);
  const leadId = actor.organizationId
    ? ((await findLeadIdByEmail(db, actor.organizationId, data.to)) ?? null)
    : null;
  await sendOne(db, box, senderOf(actor), {
    kind: 'followup',
    mailboxId,
    to: data.to,
    cc: [],
    bcc: [],
    subject: data.subject,
    html: data.message,
    priority: 'normal',
    leadId,
    inReplyTo: data.inReplyTo,
    references,
    track: await shouldTrack(db, actor.organizationId, leadId, data.track),
  });
  return { message: FOLLOW_UP_SENT };
};

/** GET /api/leads/:id/emails: the emails sent to the lead and its replies, newest first. */
export const listLeadEmails = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  { limit }: SentEmailsParams,
): Promise<SentEmail[]> => {
  const lead = await getLead(db, actor, leadId);
  const organizationId = organizationOf(actor);
  const [sent, replies] = await Promise.all([
    findLeadEmails(db, organizationId, lead._id, limit),
    findLeadReplies(db, organizationId, lead._id, limit),
  ]);
  const tracking = await trackingOfEmails(
    db,
    organizationId,
    sent.map((row) => row.id),
  );
  return [
    ...sent.map((row) => ({ ...toSentEmail(row), ...tracking(row.id) })),
    ...replies.map((row) => ({ ...toReplyEmail(row), ...tracking('') })),
  ]
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt))
    .slice(0, limit);
};

/**
 * GET /api/leads/:id/send-check: whether a new email to the lead would be refused because the
 * organisation suppressed its address or domain (the refusal's words), else null. The lead
 * drawer disables its Email action with these words.
 */
export const leadSendCheck = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
): Promise<{ suppressed: string | null }> => {
  const lead = await getLead(db, actor, leadId);
  const entry = await suppressionOf(db, organizationOf(actor), lead.personEmail);
  return { suppressed: entry === undefined ? null : suppressedMessage(lead.personEmail, entry) };
};
