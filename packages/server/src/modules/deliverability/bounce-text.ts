import { SMTP_CODE, STATUS_CODE } from './bounce-kind.ts';
import { oneLine } from './message.ts';

/**
 * How much of a text bounce is read: notices are a few lines above the returned message, so
 * whatever a stranger puts past this costs nothing.
 */
export const NOTICE_SCAN_MAX = 64 * 1024;

// Where a text bounce starts quoting the returned message (Exim, qmail, Gmail, Exchange): a line
// holding one of these phrases or starting with a Return-Path header, or a
// "--- Original message ---" rule (which, as white space, may begin on a blank line before it).
const COPY_PHRASES = [
  'this is a copy of the message',
  'below this line is a copy of the message',
  'original message follows',
  'original message headers:',
];
const COPY_RULE = /\s*-{3,}\s*original message\s*-{3,}/iy;

const isCopyLine = (line: string): boolean => {
  const lower = line.toLowerCase();
  return COPY_PHRASES.some((phrase) => lower.includes(phrase)) || lower.startsWith('return-path:');
};

const isLineEnd = (code: number) =>
  code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
const isSpace = (character: string) => /^\s$/.test(character);

/** The characters of an address's local part (RFC 5322 atext and dots). */
const LOCAL_CHAR = /^[\w.!#$%&'*+/=?^`{|}~-]$/;
/** A domain right after an `@`: labels of letters, digits and inner hyphens, at least two. */
const DOMAIN = /[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+/iy;

/** Addresses of mail systems, named in notices ("send mail to postmaster@…") but never failed. */
export const SYSTEM_SENDER =
  /^(?:mailer[-_]?daemon|mail[-_]?daemon|postmaster|microsoftexchange[\da-f]{32})$/i;

/**
 * The notice of a text bounce: its text above the quoted original, at most NOTICE_SCAN_MAX.
 * Line by line; the rule is looked for only at the first line start of each run of white space
 * (from any later one it would find the same), so no character is read more than a few times.
 */
export const noticeOf = (text: string): string => {
  const scanned = text.slice(0, NOTICE_SCAN_MAX);
  let lastNonSpace = -1;
  let previousStart = -1;
  for (let start = 0; start <= scanned.length;) {
    let end = start;
    while (end < scanned.length && !isLineEnd(scanned.charCodeAt(end))) end += 1;
    COPY_RULE.lastIndex = start;
    const firstInRun = previousStart === -1 || lastNonSpace >= previousStart;
    if (isCopyLine(scanned.slice(start, end)) || (firstInRun && COPY_RULE.test(scanned)))
      return scanned.slice(0, start);
    for (let at = end - 1; at >= start; at -= 1) {
      if (isSpace(scanned[at]!)) continue;
      lastNonSpace = at;
      break;
    }
    previousStart = start;
    start = end + 1;
  }
  return scanned;
};

/**
 * The addresses written in a text, in order. A scanner rather than one pattern: an address
 * pattern searched through a long run of name characters without an `@` backtracks over the
 * whole run at every position (quadratic time). Here each `@` looks back over the characters
 * since the previous one and forward over one domain, so every character is read about twice.
 */
export const addressesIn = (text: string): string[] => {
  const found: string[] = [];
  let boundary = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > boundary && LOCAL_CHAR.test(text[start - 1]!)) start -= 1;
    DOMAIN.lastIndex = at + 1;
    const domain = start < at ? DOMAIN.exec(text) : null;
    if (domain) found.push(text.slice(start, at + 1 + domain[0].length));
    boundary = domain ? at + 1 + domain[0].length : at + 1;
  }
  return found;
};

/** The failed addresses a notice names, apart from mail systems and `known` (the bounce's own). */
export const failedAddressesIn = (notice: string, known: string[]): string[] => {
  const found = addressesIn(notice).map((address) => address.toLowerCase());
  return [...new Set(found)].filter(
    (address) => !known.includes(address) && !SYSTEM_SENDER.test(address.split('@')[0]!),
  );
};

export type ServerReply = {
  /** The enhanced status code (5.1.1), if the notice gives one. */
  status: string | null;
  /** That code, else a basic SMTP code (550), which still tells hard from soft. */
  code: string | null;
  /** The server's words: from the line with the code to the end of its paragraph. */
  diagnostic: string | null;
};

/** The server's answer quoted in a notice. */
export const serverReplyIn = (notice: string): ServerReply => {
  const enhanced = STATUS_CODE.exec(notice);
  const code = enhanced ?? SMTP_CODE.exec(notice);
  if (!code) return { status: null, code: null, diagnostic: null };
  const lineStart = notice.lastIndexOf('\n', code.index) + 1;
  const paragraphEnd = /\r?\n[ \t]*\r?\n/.exec(notice.slice(code.index));
  const reply = notice.slice(lineStart, paragraphEnd ? code.index + paragraphEnd.index : undefined);
  return { status: enhanced?.[0] ?? null, code: code[0], diagnostic: oneLine(reply) || null };
};
