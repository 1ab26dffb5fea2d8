import { asHtml, cleanEmailHtml, htmlToText, priorityHeaders } from '../../mail/message.ts';
import type { OutgoingMessage } from '../../mail/smtp.ts';
import type { OutgoingEmail } from './email.ts';

/** The nodemailer message: HTML with a text alternative, threading and priority headers. */
export const composeMessage = (
  email: OutgoingEmail,
  from: { name: string; address: string },
  messageId: string,
): OutgoingMessage => {
  const html = email.prepared?.html ?? cleanEmailHtml(asHtml(email.html));
  return {
    from,
    to: email.to,
    cc: email.cc.length > 0 ? email.cc : undefined,
    bcc: email.bcc.length > 0 ? email.bcc : undefined,
    subject: email.subject,
    html,
    text: email.prepared?.text ?? htmlToText(html),
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
