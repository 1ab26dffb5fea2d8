import { CONFIG_SAVED, PASSWORD_REQUIRED, configDeletedMessage } from '@leadline/shared/email';
import type {
  EmailConfigData,
  EmailConfigResponse,
  ImapSettingsData,
  MailProtocol,
} from '@leadline/shared/email';
import { utcDate } from '@leadline/shared/sending-window';
import type { Warmup } from '@leadline/shared/sending-window';
import type { Db } from '../../db/connection.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { MailLoginError } from '../../mail/errors.ts';
import { verifyImapLogin } from '../../mail/imap.ts';
import { verifySmtpLogin } from '../../mail/smtp.ts';
import { logActivity } from '../activity/log.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import {
  clearMailProtocol,
  findMailAccount,
  saveSendingLimits,
  imapOf,
  saveMailAccount,
  smtpOf,
  warmupOf,
} from './repo.ts';
import type { MailAccountRow, StoredServer, StoredWarmup } from './repo.ts';
import { toEmailConfig } from './present.ts';

export const PASSWORD_UNREADABLE =
  'Enter the password again: the stored one can no longer be read (the server key changed)';

/** GET /api/email/config: the caller's own settings, without passwords. */
export const getEmailConfig = async (db: Db, actor: CurrentUser): Promise<EmailConfigResponse> => ({
  config: toEmailConfig(await findMailAccount(db, actor.id)),
});

/**
 * The warm-up to store: absent keeps the stored one; null ends it; the same numbers keep their
 * first day; new numbers (or switching it on) start the ramp today.
 */
export const warmupChange = (
  sent: Warmup | null | undefined,
  stored: StoredWarmup | null,
  now: Date,
): StoredWarmup | null | undefined => {
  if (sent === undefined || sent === null) return sent;
  if (stored && stored.start === sent.start && stored.increment === sent.increment) return stored;
  return { ...sent, startedOn: utcDate(now) };
};

type Resolved = { pass: string } | { error: string };

/**
 * The password to log in with: the one sent, or (editing) the stored one, but only while the
 * host and username stay the same, so that the stored password is never handed to another
 * server.
 */
const resolvePassword = (
  settings: ImapSettingsData,
  stored: StoredServer | null,
  box: SecretBox,
): Resolved => {
  if (settings.pass !== undefined) return { pass: settings.pass };
  if (!stored?.passEncrypted || stored.host !== settings.host || stored.user !== settings.user)
    return { error: PASSWORD_REQUIRED };
  try {
    return { pass: box.decrypt(stored.passEncrypted) };
  } catch {
    return { error: PASSWORD_UNREADABLE };
  }
};

const loginCheck = async (check: () => Promise<void>): Promise<string | null> => {
  try {
    await check();
    return null;
  } catch (error) {
    if (error instanceof MailLoginError) return error.message;
    throw error;
  }
};

/**
 * POST /api/email/config: logs in to each server sent (SMTP and IMAP at once) and saves only
 * when every login worked; otherwise a 400 saying why, per protocol in `errors`. A blank
 * password keeps the stored one when the host and username are unchanged.
 */
export const saveEmailConfig = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  data: EmailConfigData,
): Promise<{ message: string }> => {
  const row = await findMailAccount(db, actor.id);
  if (keepsOAuthLogin(row, data)) return saveLimitsOnly(db, actor, row!, data.smtp!);
  const smtpPass = data.smtp && resolvePassword(data.smtp, smtpOf(row), box);
  const imapPass = data.imap && resolvePassword(data.imap, imapOf(row), box);
  const missing: Record<string, string> = {};
  if (smtpPass && 'error' in smtpPass) missing['smtp.pass'] = smtpPass.error;
  if (imapPass && 'error' in imapPass) missing['imap.pass'] = imapPass.error;
  const [firstMissing] = Object.values(missing);
  if (firstMissing) throw badRequest(firstMissing, missing);
  const passOf = (resolved: Resolved | undefined) =>
    resolved && 'pass' in resolved ? resolved.pass : '';
  const smtp = data.smtp && { ...data.smtp, pass: passOf(smtpPass) };
  const imap = data.imap && { ...data.imap, pass: passOf(imapPass) };

  const [smtpFailure, imapFailure] = await Promise.all([
    smtp ? loginCheck(() => verifySmtpLogin(smtp)) : null,
    imap ? loginCheck(() => verifyImapLogin(imap)) : null,
  ]);
  if (smtpFailure || imapFailure) {
    throw badRequest((smtpFailure ?? imapFailure)!, {
      ...(smtpFailure ? { smtp: smtpFailure } : {}),
      ...(imapFailure ? { imap: imapFailure } : {}),
    });
  }

  // A connected (OAuth) mailbox turns into a password one: a protocol not sent here had only
  // the grant to log in with, so it goes.
  const wasOAuth = row !== undefined && row.provider !== 'password';
  await db.transaction(async (tx) => {
    await saveMailAccount(tx, actor.id, {
      ...(wasOAuth ? { smtp: null, imap: null } : {}),
      ...(smtp ? { warmup: warmupChange(smtp.warmup, warmupOf(row), new Date()) } : {}),
      ...(smtp
        ? {
            smtp: {
              host: smtp.host,
              port: smtp.port,
              secure: smtp.secure,
              user: smtp.user,
              passEncrypted: box.encrypt(smtp.pass),
              dailyLimit: smtp.dailyLimit ?? null,
            },
          }
        : {}),
      ...(imap
        ? {
            imap: {
              host: imap.host,
              port: imap.port,
              secure: imap.secure,
              user: imap.user,
              passEncrypted: box.encrypt(imap.pass),
            },
          }
        : {}),
    });
    const saved = [smtp && `SMTP (${smtp.host})`, imap && `IMAP (${imap.host})`].filter(Boolean);
    await logActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.id,
      type: 'Email',
      action: 'settings saved',
      details: `${actor.name} saved mail settings: ${saved.join(', ')}`,
    });
  });
  return { message: CONFIG_SAVED };
};

/**
 * A connected (OAuth) mailbox's SMTP card saved with its server and address unchanged and no
 * password: only its daily limit and warm-up change; it keeps logging in with its grant.
 */
const keepsOAuthLogin = (row: MailAccountRow | undefined, data: EmailConfigData): boolean =>
  row !== undefined &&
  row.provider !== 'password' &&
  data.imap === undefined &&
  data.smtp !== undefined &&
  data.smtp.pass === undefined &&
  data.smtp.host === row.smtpHost &&
  data.smtp.port === row.smtpPort &&
  data.smtp.user === row.smtpUser;

const saveLimitsOnly = async (
  db: Db,
  actor: CurrentUser,
  row: MailAccountRow,
  smtp: NonNullable<EmailConfigData['smtp']>,
): Promise<{ message: string }> => {
  await db.transaction(async (tx) => {
    await saveSendingLimits(tx, actor.id, {
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
