import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { NoSentFolderError, appendToSent } from '../../mail/imap.ts';
import { MailLoginError, explainReadFailure } from '../../mail/errors.ts';
import { HttpError } from '../../lib/errors.ts';
import { imapOf } from '../mail-accounts/stored.ts';
import type { MailAccountRow } from '../mail-accounts/stored.ts';
import { mailSecretOf } from '../mail-oauth/credentials.ts';

export type SentFolderOutcome = { savedToSent: boolean; sentFolderError: string | null };

/** Providers whose SMTP servers keep every message sent through them in Sent themselves. */
const KEEPS_SENT_ITSELF = new Set(['google', 'microsoft']);
const SELF_KEEPING_HOSTS = new Set(['smtp.gmail.com', 'smtp.office365.com']);

/**
 * Puts a reply sent from Leadline into the mailbox's Sent folder over IMAP (APPEND), so the
 * rep's own mail client shows it; Google's and Microsoft's servers do that themselves (a copy
 * would show twice). Never throws: answers whether it is there, else why not.
 */
export const saveToSentFolder = async (
  db: Db,
  box: SecretBox,
  mailbox: MailAccountRow | undefined,
  raw: () => Promise<Buffer>,
): Promise<SentFolderOutcome> => {
  if (!mailbox) return { savedToSent: false, sentFolderError: 'The mailbox is gone' };
  if (
    KEEPS_SENT_ITSELF.has(mailbox.provider) ||
    SELF_KEEPING_HOSTS.has((mailbox.smtpHost ?? '').toLowerCase())
  )
    return { savedToSent: true, sentFolderError: null };
  const imap = imapOf(mailbox);
  if (!imap)
    return {
      savedToSent: false,
      sentFolderError: 'This mailbox has no IMAP settings, so the reply is not in its Sent folder',
    };
  try {
    const secret = await mailSecretOf(db, box, imap);
    if (!secret)
      return {
        savedToSent: false,
        sentFolderError: 'The stored IMAP password can no longer be read',
      };
    const { host, port, secure, user } = imap;
    await appendToSent({ host, port, secure, user, ...secret }, await raw());
    return { savedToSent: true, sentFolderError: null };
  } catch (error) {
    if (error instanceof NoSentFolderError || error instanceof MailLoginError)
      return { savedToSent: false, sentFolderError: error.message };
    if (error instanceof HttpError) return { savedToSent: false, sentFolderError: error.message };
    return { savedToSent: false, sentFolderError: explainReadFailure(error) };
  }
};
