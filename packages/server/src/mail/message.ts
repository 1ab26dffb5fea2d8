import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '@leadline/shared/email';
import type { EmailPriority } from '@leadline/shared/email';

export { asHtml, escapeHtml, isHtmlMessage } from '@leadline/shared/email-html';

// Something@something.something: the domain has a dot with a character either side. Written so
// that no two quantifiers can trade characters (the plain form backtracks on long dotted text).
const EMAIL = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]*[^\s@]$/;

/**
 * The From address: the SMTP username when it is an address (the mailbox the server lets us
 * send as), otherwise the user's own email.
 */
export const senderAddress = (smtpUser: string, userEmail: string): string =>
  EMAIL.test(smtpUser) ? smtpUser.toLowerCase() : userEmail.toLowerCase();

/** A new, globally unique Message-ID on the sender's domain (or the server's host). */
export const newMessageId = (fromAddress: string, smtpHost: string): string => {
  const domain = fromAddress.split('@')[1] || smtpHost;
  return `<${randomUUID()}@${domain}>`;
};

/** The three headers mail clients read for priority (Outlook, Thunderbird, Apple Mail). */
export const priorityHeaders = (priority: EmailPriority): Record<string, string> =>
  ({
    high: { 'X-Priority': '1 (Highest)', 'X-MSMail-Priority': 'High', Importance: 'High' },
    normal: { 'X-Priority': '3 (Normal)', 'X-MSMail-Priority': 'Normal', Importance: 'Normal' },
    low: { 'X-Priority': '5 (Lowest)', 'X-MSMail-Priority': 'Low', Importance: 'Low' },
  })[priority];

const EMAIL_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    '*': ['style', 'align', 'dir', 'class'],
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['face', 'size', 'color'],
    td: ['colspan', 'rowspan', 'width', 'valign'],
    th: ['colspan', 'rowspan', 'width', 'valign'],
    table: ['width', 'cellpadding', 'cellspacing', 'border'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'cid', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
};

/**
 * The rep's HTML as it is sent: formatting, links and images kept; scripts, frames, forms and
 * event handlers removed (no mail client should run them, and none of ours will).
 */
export const cleanEmailHtml = (html: string): string => sanitizeHtml(html, EMAIL_HTML);

const RAW_BLOCK_START = /<(script|style|head)\b/gi;

/**
 * The HTML without its script, style and head blocks (each up to its closing tag). A scanner
 * rather than one lazy pattern: searching a stranger's HTML full of unclosed `<head` for the
 * closing tag from every one of them takes quadratic time; here a kind of block that is never
 * closed is looked for once.
 */
const withoutRawBlocks = (html: string): string => {
  const unclosed = new Set<string>();
  let kept = '';
  let from = 0;
  RAW_BLOCK_START.lastIndex = 0;
  for (let start = RAW_BLOCK_START.exec(html); start; start = RAW_BLOCK_START.exec(html)) {
    const name = start[1]!.toLowerCase();
    if (unclosed.has(name)) continue;
    const close = new RegExp(`</${name}\\s*>`, 'gi');
    close.lastIndex = RAW_BLOCK_START.lastIndex;
    const end = close.exec(html);
    if (!end) {
      unclosed.add(name);
      continue;
    }
    kept += html.slice(from, start.index);
    from = end.index + end[0].length;
    RAW_BLOCK_START.lastIndex = from;
  }
  return kept + html.slice(from);
};

const LIST_ITEM = /<li\b/gi;

/**
 * Every list item's tag (`<li` up to the next `>`) as "- ", in one pass: the pattern
 * `<li\b[^>]*>` read the rest of the text again from every unclosed `<li`.
 */
const listItemsAsDashes = (html: string): string => {
  let text = '';
  let from = 0;
  LIST_ITEM.lastIndex = 0;
  for (let item = LIST_ITEM.exec(html); item; item = LIST_ITEM.exec(html)) {
    const close = html.indexOf('>', LIST_ITEM.lastIndex);
    if (close === -1) break;
    text += `${html.slice(from, item.index)}- `;
    from = close + 1;
    LIST_ITEM.lastIndex = from;
  }
  return text + html.slice(from);
};

/** The HTML without its tags (`<` up to the next `>`), in one pass; a `<` never closed stays. */
const withoutTags = (html: string): string => {
  let text = '';
  let from = 0;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', from)) {
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    text += html.slice(from, open);
    from = close + 1;
  }
  return text + html.slice(from);
};

/** The plain-text alternative of an HTML message, with its paragraphs and line breaks. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    withoutTags(
      listItemsAsDashes(
        withoutRawBlocks(html)
          .replace(/<br\s*\/?>/gi, '\n')
          .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>/gi, '\n'),
      ),
    ),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
