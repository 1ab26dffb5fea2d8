import type { MailInput } from './message.ts';

/** Parts that return the original message or only its headers (RFC 3462, RFC 6533). */
const RETURNED_TYPES = new Set([
  'message/rfc822',
  'text/rfc822-headers',
  'message/global',
  'message/global-headers',
]);

const MESSAGE_ID = /^[ \t]*(?:X-Original-)?Message-ID:\s*(<[^<>\s]+>)/im;

const headerSection = (raw: string) => raw.split(/\r?\n[ \t]*\r?\n/)[0] ?? '';

/**
 * The Message-ID of the email a bounce answers: from the returned headers, else a copy of them
 * in the text (text bounces quote the original below their notice), else the bounce's own
 * In-Reply-To, which some servers set.
 */
export const originalMessageId = (
  message: Pick<MailInput, 'attachments' | 'text' | 'inReplyTo'>,
): string | null => {
  for (const part of message.attachments) {
    if (!RETURNED_TYPES.has(part.contentType)) continue;
    const found = MESSAGE_ID.exec(headerSection(part.content.toString('utf8')));
    if (found) return found[1]!;
  }
  const quoted = MESSAGE_ID.exec(message.text ?? '');
  if (quoted) return quoted[1]!;
  return /^<[^<>\s]+>$/.test(message.inReplyTo ?? '') ? message.inReplyTo! : null;
};
