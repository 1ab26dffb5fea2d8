import { asHtml, cleanEmailHtml, htmlToText, priorityHeaders } from '../../mail/message.ts';
import type { OutgoingMessage } from '../../mail/smtp.ts';
import type { OutgoingEmail, PreparedBody } from './email.ts';
import { signedBody } from './signature.ts';
import { currentTracker } from '../tracking/service.ts';

export type PreparedEmail = OutgoingEmail & { prepared: PreparedBody };

/**
 * The email with its HTML as it goes out (cleaned) and its text, worked out once: the message
 * and the sent_emails record carry the same HTML.
 */
export const prepareEmail = (email: OutgoingEmail): PreparedEmail => {
  if (email.prepared) return { ...email, prepared: email.prepared };
  const html = cleanEmailHtml(asHtml(email.html));
  return { ...email, prepared: { html, text: htmlToText(html) } };
};

/**
 * The nodemailer message: HTML with a text alternative (both with the sending mailbox's
 * `signature`, when it has one), threading and priority headers.
 */
export const composeMessage = (
  email: OutgoingEmail,
  from: { name: string; address: string },
  messageId: string,
  signature: string | null,
  trackedId: string | null = null,
): OutgoingMessage => {
  const signed = signedBody(email.kind, prepareEmail(email).prepared, signature);
  const { text } = signed;
  // Tracked: the HTML part only (links and the pixel); the text part keeps its links as they
  // are, and the sent_emails record keeps the original HTML.
  const tracker = trackedId ? currentTracker() : null;
  const html = tracker && trackedId ? tracker.rewrite(signed.html, trackedId) : signed.html;
  return {
    from,
    to: email.to,
    cc: email.cc.length > 0 ? email.cc : undefined,
    bcc: email.bcc.length > 0 ? email.bcc : undefined,
    subject: email.subject,
    html,
    text,
    messageId,
    inReplyTo: email.inReplyTo ?? undefined,
    references: email.references && email.references.length > 0 ? email.references : undefined,
    headers: { ...priorityHeaders(email.priority), ...email.headers },
    attachments: email.attachments?.map((file) => ({
      filename: file.filename,
      content: file.content,
      contentType: file.contentType,
    })),
    ...(email.icalEvent ? { icalEvent: email.icalEvent } : {}),
  };
};
