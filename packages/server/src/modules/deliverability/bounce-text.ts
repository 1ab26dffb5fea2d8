import { SMTP_CODE, STATUS_CODE } from './bounce-kind.ts';
import { oneLine } from './message.ts';

// Where a text bounce starts quoting the returned message (Exim, qmail, Gmail, Exchange).
const COPY_START =
  /^(?:.*(?:this is a copy of the message|below this line is a copy of the message|original message follows|original message headers:)|\s*-{3,}\s*original message\s*-{3,}|return-path:)/im;

const ADDRESS =
  /[\w.!#$%&'*+/=?^`{|}~-]+@[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)+/gi;
/** Addresses of mail systems, named in notices ("send mail to postmaster@…") but never failed. */
export const SYSTEM_SENDER =
  /^(?:mailer[-_]?daemon|mail[-_]?daemon|postmaster|microsoftexchange[\da-f]{32})$/i;

/** The notice of a text bounce: its text above the quoted original. */
export const noticeOf = (text: string): string => {
  const copy = COPY_START.exec(text);
  return copy ? text.slice(0, copy.index) : text;
};

/** The failed addresses a notice names, apart from mail systems and `known` (the bounce's own). */
export const failedAddressesIn = (notice: string, known: string[]): string[] => {
  const found = (notice.match(ADDRESS) ?? []).map((address) => address.toLowerCase());
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
