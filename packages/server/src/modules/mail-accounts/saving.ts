import { PASSWORD_REQUIRED } from '@leadline/shared/email';
import type { EmailConfigData, ImapSettingsData } from '@leadline/shared/email';
import { utcDate } from '@leadline/shared/sending-window';
import type { Warmup } from '@leadline/shared/sending-window';
import { badRequest } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { MailLoginError } from '../../mail/errors.ts';
import { verifyImapLogin } from '../../mail/imap.ts';
import { verifySmtpLogin } from '../../mail/smtp.ts';
import { imapOf, smtpOf, warmupOf } from './repo.ts';
import type { MailAccountRow, MailboxChanges, StoredServer, StoredWarmup } from './repo.ts';

/*
 * Saving a mailbox's settings, for the one-mailbox API (service.ts) and the mailboxes module:
 * the login to each server before anything is stored, the password kept or sealed, the
 * warm-up's first day.
 */

/**
 * Saving settings logs in to a server the user names: per user, at most 20 attempts in 10
 * minutes, so the server is no password-guessing or port-scanning tool.
 */
export const CONFIG_SAVE_LIMIT = { max: 20, timeWindow: 10 * 60_000 };

export const PASSWORD_UNREADABLE =
  'Enter the password again: the stored one can no longer be read (the server key changed)';

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
 * What a save changes in a mailbox (`row`; undefined for a new one): logs in to each server
 * sent (SMTP and IMAP at once) and answers the changes only when every login worked;
 * otherwise a 400 saying why, per protocol in `errors`. A blank password keeps the stored one
 * when the host and username are unchanged.
 */
export const checkedChanges = async (
  box: SecretBox,
  row: MailAccountRow | undefined,
  data: Pick<EmailConfigData, 'smtp' | 'imap'>,
): Promise<MailboxChanges> => {
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
  return {
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
  };
};

/** "SMTP (smtp.example.com), IMAP (imap.example.com)": what a save saved, for the activity log. */
export const savedServers = (changes: MailboxChanges): string =>
  [changes.smtp && `SMTP (${changes.smtp.host})`, changes.imap && `IMAP (${changes.imap.host})`]
    .filter(Boolean)
    .join(', ');

/**
 * A connected (OAuth) mailbox's SMTP card saved with its server and address unchanged and no
 * password: only its daily limit and warm-up change; it keeps logging in with its grant.
 */
export const keepsOAuthLogin = (
  row: MailAccountRow | undefined,
  data: Pick<EmailConfigData, 'smtp' | 'imap'>,
): boolean =>
  row !== undefined &&
  row.provider !== 'password' &&
  data.imap === undefined &&
  data.smtp !== undefined &&
  data.smtp.pass === undefined &&
  data.smtp.host === row.smtpHost &&
  data.smtp.port === row.smtpPort &&
  data.smtp.user === row.smtpUser;
