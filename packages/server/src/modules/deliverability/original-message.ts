import { NOTICE_SCAN_MAX } from './bounce-text.ts';
import type { MailInput } from './message.ts';

/** Parts that return the original message or only its headers (RFC 3462, RFC 6533). */
const RETURNED_TYPES = new Set([
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
]);

/** Message-IDs a bounce may name; a forged one listing thousands gains nothing but a cut. */
export const NAMED_IDS_MAX = 10;

const MESSAGE_ID = /^[ \t]*(?:X-Original-)?Message-ID:\s*(<[^<>\s]+>)/gim;
const ONE_ID = /^<[^<>\s]+>$/;

const headerSection = (raw: string) => raw.split(/\r?\n[ \t]*\r?\n/, 1)[0] ?? '';

const idsIn = (text: string) => [...text.matchAll(MESSAGE_ID)].map((found) => found[1]!);

const listed = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).filter((id) => ONE_ID.test(id));

/**
 * The Message-IDs a bounce names for the email it answers, the likeliest first: those of the
 * returned headers, a copy of them in the text (text bounces quote the original below their
 * notice), then the bounce's own In-Reply-To and References, which some servers set. Only
 * one of them that names an email Leadline sent makes the bounce believed (see
 * replies/service.ts); an id alone proves nothing.
 */
export const originalMessageIds = (
  message: Pick<MailInput, 'attachments' | 'text' | 'inReplyTo' | 'references'>,
): string[] => {
  const returned = message.attachments
    .filter((part) => RETURNED_TYPES.has(part.contentType))
    .flatMap((part) => idsIn(headerSection(part.content.subarray(0, NOTICE_SCAN_MAX).toString())));
  const quoted = idsIn((message.text ?? '').slice(0, NOTICE_SCAN_MAX));
  const own = [...listed(message.inReplyTo), ...listed(message.references).reverse()];
  return [...new Set([...returned, ...quoted, ...own])].slice(0, NAMED_IDS_MAX);
};
