import type { EmailPriority } from '@leadline/shared/email';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { MailAttachment } from '../../mail/message.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { composeMessage } from './compose.ts';
import type { Delivery, OutgoingEmail } from './email.ts';
import { sendOne } from './outbox.ts';
import { refuseSuppressed, senderOf } from './service.ts';
import { shouldTrack } from '../tracking/service.ts';

export { checkAttachments } from './attachments.ts';
export { COMPOSER_MULTIPART, readEmailRequest } from './multipart.ts';
export type { EmailRequest } from './service.ts';

/** A reply written in Leadline, threaded under the message it answers. */
export type ThreadedReply = {
  leadId: string;
  to: string;
  cc: string[];
  subject: string;
  html: string;
  priority: EmailPriority;
  attachments: MailAttachment[];
  inReplyTo: string;
  references: string[];
  /** The sender's own mailbox (checked); null: their default. */
  mailboxId: string | null;
  /** Track opens and clicks; absent: the organisation's switch (as a single email). */
  track?: boolean;
};

export type SentReply = Delivery & {
  /** The message as it went (for the Sent folder), rebuilt from the same parts. */
  raw: () => Promise<Buffer>;
};

/**
 * Sends a reply like every single email (suppressed recipients refused, the mailbox's daily
 * limit, the sent_emails record and its events), with In-Reply-To and References so that the
 * lead's mail client threads it.
 */
export const sendThreadedReply = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  reply: ThreadedReply,
  /** Who it went from as the message said, and the mailbox's signature it carried. */
  from: (
    delivery: Delivery,
  ) => Promise<{ name: string; address: string; signature: string | null }>,
): Promise<SentReply> => {
  await refuseSuppressed(db, actor.organizationId, reply);
  const email: OutgoingEmail = {
    kind: 'single',
    mailboxId: reply.mailboxId,
    to: reply.to,
    cc: reply.cc,
    bcc: [],
    subject: reply.subject,
    html: reply.html,
    priority: reply.priority,
    attachments: reply.attachments,
    leadId: reply.leadId,
    inReplyTo: reply.inReplyTo,
    references: reply.references,
    track: await shouldTrack(db, actor.organizationId, reply.leadId, reply.track),
  };
  const delivery = await sendOne(db, box, senderOf(actor), email);
  return {
    ...delivery,
    raw: async () => {
      const { signature, ...sender } = await from(delivery);
      const message = composeMessage(email, sender, delivery.messageId, signature);
      return new MailComposer(message).compile().build();
    },
  };
};
