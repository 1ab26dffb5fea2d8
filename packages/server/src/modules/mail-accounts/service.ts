import { CONFIG_SAVED, configDeletedMessage } from '@leadline/shared/email';
import type { EmailConfigData, EmailConfigResponse, MailProtocol } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import {
  clearMailProtocol,
  findMailAccount,
  imapOf,
  saveMailAccount,
  saveSendingLimits,
  smtpOf,
  warmupOf,
} from './repo.ts';
import type { MailAccountRow } from './repo.ts';
import { toEmailConfig } from './present.ts';
import { checkedChanges, keepsOAuthLogin, savedServers, warmupChange } from './saving.ts';

/** GET /api/email/config: the caller's own settings, without passwords. */
export const getEmailConfig = async (db: Db, actor: CurrentUser): Promise<EmailConfigResponse> => ({
  config: toEmailConfig(await findMailAccount(db, actor.id)),
});

/**
 * POST /api/email/config: saves the user's default mailbox (made when they have none) after
 * logging in with the settings sent (see checkedChanges).
 */
export const saveEmailConfig = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: EmailConfigData,
): Promise<{ message: string }> => {
  const row = await findMailAccount(db, actor.id);
  if (keepsOAuthLogin(row, data)) return saveLimitsOnly(db, actor, row!, data.smtp!);
  const changes = await checkedChanges(box, row, data);
  // A connected (OAuth) mailbox turns into a password one: a protocol not sent here had only
  // the grant to log in with, so it goes.
  const wasOAuth = row !== undefined && row.provider !== 'password';
  await db.transaction(async (tx) => {
    await saveMailAccount(tx, actor.id, {
      ...(wasOAuth ? { smtp: null, imap: null } : {}),
      ...changes,
    });
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'settings saved',
      details: `${actor.name} saved mail settings: ${savedServers(changes)}`,
    });
  });
  return { message: CONFIG_SAVED };
};

const saveLimitsOnly = async (
  db: Db,
  actor: CurrentUser,
  row: MailAccountRow,
  smtp: NonNullable<EmailConfigData['smtp']>,
): Promise<{ message: string }> => {
  await db.transaction(async (tx) => {
    await saveSendingLimits(tx, row.id, {
      dailyLimit: smtp.dailyLimit ?? null,
      warmup: warmupChange(smtp.warmup, warmupOf(row), new Date()),
    });
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'settings saved',
      details: `${actor.name} saved the sending limits of ${row.smtpUser}`,
    });
  });
  return { message: CONFIG_SAVED };
};

/** DELETE /api/email/config?protocol=smtp|imap */
export const deleteEmailConfig = async (
  db: Db,
  actor: CurrentUser,
  protocol: MailProtocol,
): Promise<{ message: string }> => {
  const row = await findMailAccount(db, actor.id);
  const stored = protocol === 'smtp' ? smtpOf(row) : imapOf(row);
  const name = protocol.toUpperCase();
  if (!stored) throw notFound(`No ${name} configuration found`);
  await db.transaction(async (tx) => {
    await clearMailProtocol(tx, actor.id, protocol);
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'settings deleted',
      details: `${actor.name} deleted the ${name} settings (${stored.host})`,
    });
  });
  return { message: configDeletedMessage(protocol) };
};
