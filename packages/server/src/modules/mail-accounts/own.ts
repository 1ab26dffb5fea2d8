import { MAILBOX_NOT_FOUND } from '@leadline/shared/mailboxes';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { findMailbox } from './repo.ts';

/**
 * The mailbox a send names, checked to be the sender's own (404 otherwise: another user's
 * mailbox is answered as unknown); null when none is named (their default goes).
 */
export const ownMailboxId = async (
  db: Db,
  userId: string,
  mailboxId: string | undefined | null,
): Promise<string | null> => {
  if (!mailboxId) return null;
  if (!(await findMailbox(db, userId, mailboxId))) throw notFound(MAILBOX_NOT_FOUND);
  return mailboxId;
};
