import type { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import {
  ATTACHMENT_NOT_FOUND,
  IMAP_PASSWORD_UNREADABLE,
  INBOX_EMAIL_NOT_FOUND,
  INVALID_EMAIL_ID,
  MAX_PREVIEW_BYTES,
  NO_IMAP_CONFIG,
  parseEmailId,
} from '@leadline/shared/inbox';
import type { InboxEmail, InboxMessage, InboxParams } from '@leadline/shared/inbox';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import {
  MailLoginError,
  classifyMailError,
  explainLoginFailure,
  explainReadFailure,
} from '../../mail/errors.ts';
import type { ImapAccount } from '../../mail/imap.ts';
import { applyCalendarReplies } from '../calendar/replies.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findSendingMailbox, imapOf } from '../mail-accounts/stored.ts';
import { MAILBOX_NOT_FOUND } from '@leadline/shared/mailboxes';
import { openInbox } from '../../mail/imap.ts';
import { secretOf } from '../../mail/secret.ts';
import { mailSecretOf } from '../mail-oauth/credentials.ts';
import { readInboxPage, readMessageSource } from './mailbox.ts';
import { attachmentName, listedAttachments, toInboxEmail, toInboxMessage } from './present.ts';
import { checkReplies } from '../replies/service.ts';
import { conversationOfNewMessage } from '../conversations/service.ts';

/**
 * The IMAP account of one of the caller's mailboxes (their default when none is named), with
 * its password or access token (held in memory only). Another user's mailbox is unknown (404).
 */
const imapAccountOf = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  mailboxId: string | undefined,
): Promise<ImapAccount> => {
  const row = await findSendingMailbox(db, actor.id, mailboxId);
  if (mailboxId && !row) throw notFound(MAILBOX_NOT_FOUND);
  const stored = imapOf(row);
  if (!stored) throw badRequest(NO_IMAP_CONFIG);
  const secret = await mailSecretOf(db, box, stored);
  if (!secret) throw badRequest(IMAP_PASSWORD_UNREADABLE);
  const { host, port, secure, user } = stored;
  return { host, port, secure, user, ...secret };
};

type ImapErrorLike = { code?: unknown; responseText?: unknown };

/**
 * A failure of the mail server (or of reaching it) as a 400 that says why; anything else is
 * a fault of ours and stays a 500.
 */
const asInboxError = (account: ImapAccount, error: unknown): unknown => {
  if (error instanceof HttpError) return error;
  if (error instanceof MailLoginError) return badRequest(error.message);
  const kind = classifyMailError(error);
  if (kind !== 'other')
    return badRequest(
      explainLoginFailure({ protocol: 'IMAP', ...account, pass: secretOf(account) }, error),
    );
  const e = (error ?? {}) as ImapErrorLike;
  if (typeof e.code === 'string' || typeof e.responseText === 'string')
    return badRequest(explainReadFailure(error));
  return error;
};

const readMailbox = async <T>(
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  mailboxId: string | undefined,
  read: (client: ImapFlow) => Promise<T>,
): Promise<T> => {
  const account = await imapAccountOf(db, box, actor, mailboxId);
  try {
    return await openInbox(account, read);
  } catch (error) {
    throw asInboxError(account, error);
  }
};

/** GET /api/email/inbox: one page of the caller's INBOX, newest first, and its size. */
export const listInbox = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  params: InboxParams,
): Promise<{ total: number; emails: InboxEmail[] }> => {
  const page = await readMailbox(db, box, actor, params.mailbox, (client) =>
    readInboxPage(client, params.limit, params.before),
  );
  // Opening the inbox also looks for replies from leads at once, rather than at the next
  // scheduled check. It runs on its own: its outcome never changes or delays this answer.
  if (params.before === undefined)
    void checkReplies(db, box, actor.id, params.mailbox).catch(() => undefined);
  return { total: page.total, emails: page.messages.map(toInboxEmail) };
};

const uidOf = (id: string): number => {
  const uid = parseEmailId(id);
  if (uid === null) throw badRequest(INVALID_EMAIL_ID);
  return uid;
};

const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

/** The whole email, parsed (inline cid: images become data: URLs). */
const parsedEmail = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
  mailboxId: string | undefined,
): Promise<{ uid: number; parsed: ParsedMail; internalDate: Date | null }> => {
  const uid = uidOf(id);
  const message = await readMailbox(db, box, actor, mailboxId, (client) =>
    readMessageSource(client, uid, MAX_PREVIEW_BYTES),
  );
  if (!message.found) throw notFound(INBOX_EMAIL_NOT_FOUND);
  if (message.tooLarge) {
    throw new HttpError(
      413,
      `This email is too large to open here (${megabytes(message.size)}; the limit is ${megabytes(MAX_PREVIEW_BYTES)}). Open it in your mail client.`,
    );
  }
  const parsed = await simpleParser(message.source, { keepCidLinks: false });
  return { uid, parsed, internalDate: message.internalDate };
};

/** The Message-IDs a message's In-Reply-To and References name. */
const threadIdsOf = (parsed: ParsedMail): string[] => {
  const references = parsed.references ?? [];
  return [
    ...(parsed.inReplyTo ? [parsed.inReplyTo] : []),
    ...(Array.isArray(references) ? references : [references]),
  ];
};

/** GET /api/email/inbox/:id: the preview of one email. */
export const getInboxMessage = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
  mailboxId?: string,
): Promise<InboxMessage> => {
  const { uid, parsed, internalDate } = await parsedEmail(db, box, actor, id, mailboxId);
  // A calendar answer to one of the organisation's meetings is recorded on the way.
  if (actor.organizationId) await applyCalendarReplies(db, actor.organizationId, parsed);
  const conversation =
    actor.organizationId && parsed.messageId
      ? await conversationOfNewMessage(
          db,
          actor.organizationId,
          {
            messageId: parsed.messageId,
            from: parsed.from?.value[0]?.address ?? null,
            threadIds: threadIdsOf(parsed),
          },
          () => checkReplies(db, box, actor.id, mailboxId),
        )
      : null;
  return toInboxMessage(uid, parsed, internalDate, conversation);
};

/** GET /api/email/inbox/:id/attachments/:index: one attached file. */
export const getInboxAttachment = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  id: string,
  index: number,
  mailboxId?: string,
): Promise<{ filename: string; content: Buffer }> => {
  const { parsed } = await parsedEmail(db, box, actor, id, mailboxId);
  const entry = listedAttachments(parsed).find((item) => item.index === index);
  if (!entry) throw notFound(ATTACHMENT_NOT_FOUND);
  return { filename: attachmentName(entry.file, index), content: entry.file.content };
};
