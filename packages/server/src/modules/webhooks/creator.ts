import type { Db } from '../../db/connection.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { onUserDeleting } from '../users/deletion.ts';
import { disableNotice, recordDisabled } from './notice.ts';
import { disableWebhooksCreatedBy } from './repo.ts';
import type { WebhookRow } from './repo.ts';

/** Why a creator can no longer manage webhooks. */
export type CreatorChange = 'demoted' | 'deactivated' | 'deleted';

/** The system mailbox the Admins' notice goes through (none: the activity entry alone). */
export type CreatorNoticeMail = {
  mailer: SystemMailer;
  publicUrl: string;
  onError: (error: Error) => void;
};

const REASONS: Record<CreatorChange, string> = {
  demoted: 'its creator is no longer an administrator',
  deactivated: 'its creator was deactivated',
  deleted: 'its creator was deleted',
};

/**
 * Switches off every active webhook `creator` made, in the caller's transaction (their role
 * changed away from administrator, or their account was deactivated or deleted): a webhook
 * sends the organisation's data on its creator's authority, which has ended. Each gets an
 * activity entry; answers them, for `mailSwitchedOff` once the transaction is committed.
 */
export const switchOffCreatorWebhooks = async (
  tx: Db,
  creator: { id: string; email: string },
  change: CreatorChange,
): Promise<WebhookRow[]> => {
  const rows = await disableWebhooksCreatedBy(
    tx,
    creator.id,
    `Switched off because ${REASONS[change]} (${creator.email}).`,
  );
  for (const row of rows) await recordDisabled(tx, row, 'creator');
  return rows;
};

/** Tells each switched-off webhook's organisation Admins, by the system mail when there is one. */
export const mailSwitchedOff = async (
  db: Db,
  mail: CreatorNoticeMail | undefined,
  rows: readonly WebhookRow[],
): Promise<void> => {
  if (!mail) return;
  const notice = disableNotice(mail.mailer, mail.publicUrl, mail.onError);
  for (const row of rows) await notice.mailAdmins(db, row, 'creator');
};

// A deleted creator's webhooks are switched off in the deletion's transaction; the Admins hear
// of it once the deletion is committed.
onUserDeleting(async (tx, { user, afterCommit }) => {
  const rows = await switchOffCreatorWebhooks(tx, user, 'deleted');
  if (rows.length > 0) afterCommit((db, mail) => mailSwitchedOff(db, mail, rows));
});
