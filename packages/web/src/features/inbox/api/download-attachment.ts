import { useMutation } from '@tanstack/react-query';
import type { InboxAttachment } from '@leadline/shared/inbox';
import { downloadFile } from '../../../lib/download.ts';

import { mailboxQuery } from './mailbox-query.ts';

type AttachmentRef = { emailId: string; attachment: InboxAttachment; mailbox?: string };

/** GET /api/email/inbox/:id/attachments/:index, saved under the attachment's own name. */
export const downloadAttachment = ({
  emailId,
  attachment,
  mailbox,
}: AttachmentRef): Promise<void> =>
  downloadFile(
    `/api/email/inbox/${encodeURIComponent(emailId)}/attachments/${attachment.index}${mailboxQuery(mailbox)}`,
    attachment.filename,
  );

export const useDownloadAttachment = () => useMutation({ mutationFn: downloadAttachment });
