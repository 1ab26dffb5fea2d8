import { randomUUID } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '@leadline/shared/email';
import type { EmailPriority } from '@leadline/shared/email';

export { asHtml, escapeHtml, isHtmlMessage } from '@leadline/shared/email-html';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

/** The plain-text alternative of an HTML message, with its paragraphs and line breaks. */
export const htmlToText = (html: string): string =>
  decodeEntities(
    html
      .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre)>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '- ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export type MailAttachment = { filename: string; content: Buffer; contentType: string };
