import type { MessageAddressObject } from 'imapflow';
import type { AddressObject, Attachment, ParsedMail } from 'mailparser';
import { formatAddress } from '@leadline/shared/inbox';
import type {
  InboxAttachment,
  InboxEmail,
  InboxMessage,
  MailAddress,
} from '@leadline/shared/inbox';
import { sanitiseEmailHtml } from '../../mail/sanitize.ts';
import type { ListedMessage } from './mailbox.ts';
import { hasAttachments } from './structure.ts';

const toAddress = (value: MessageAddressObject | undefined): MailAddress | null =>
  value && (value.name || value.address)
    ? { name: (value.name ?? '').trim(), address: (value.address ?? '').trim() }
    : null;

const iso = (...dates: (Date | null | undefined)[]): string =>
  dates.find((date) => date && !Number.isNaN(date.getTime()))?.toISOString() ?? '';

/** A row of the inbox list. */
export const toInboxEmail = (message: ListedMessage): InboxEmail => {
  const sender = toAddress(message.envelope?.from?.[0]);
  const headerDate = message.envelope?.date ? new Date(message.envelope.date) : null;
  return {
    _id: String(message.uid),
    subject: message.envelope?.subject ?? '',
    from: formatAddress(sender),
    sender,
    date: iso(headerDate, message.internalDate),
    body: message.snippet,
    hasAttachments: hasAttachments(message.bodyStructure),
  };
};

const addresses = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => ({ name: entry.name ?? '', address: entry.address ?? '' }))
    .filter((entry) => entry.name || entry.address);

/** Files the reader would save: inline images of the HTML body are not listed. */
export const listedAttachments = (parsed: ParsedMail): { index: number; file: Attachment }[] =>
  parsed.attachments
    .map((file, index) => ({ index, file }))
    .filter(({ file }) => !file.related || file.contentDisposition === 'attachment');

export const attachmentName = (file: Attachment, index: number): string =>
  file.filename?.trim() || `attachment-${index + 1}`;

/** The preview of one email: its HTML sanitised, remote images held back. */
export const toInboxMessage = (
  uid: number,
  parsed: ParsedMail,
  internalDate: Date | null,
  conversation: InboxMessage['conversation'] = null,
): InboxMessage => {
  const sender = addresses(parsed.from)[0] ?? null;
  const sanitised = parsed.html ? sanitiseEmailHtml(parsed.html) : null;
  const text = (parsed.text ?? '').trim();
  const attachments: InboxAttachment[] = listedAttachments(parsed).map(({ index, file }) => ({
    index,
    filename: attachmentName(file, index),
    contentType: file.contentType,
    size: file.size,
  }));
  return {
    _id: String(uid),
    subject: parsed.subject ?? '',
    from: formatAddress(sender),
    sender,
    date: iso(parsed.date, internalDate),
    body: text,
    hasAttachments: attachments.length > 0,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    messageId: parsed.messageId ?? null,
    text,
    html: sanitised?.html ? sanitised.html : null,
    remoteImages: sanitised?.remoteImages ?? 0,
    attachments,
    conversation,
  };
};
