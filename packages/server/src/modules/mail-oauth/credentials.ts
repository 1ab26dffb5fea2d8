import { RECONNECT_MAILBOX } from '@leadline/shared/mail-oauth';
import type { Db } from '../../db/connection.ts';
import { HttpError } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { MailSecret } from '../../mail/secret.ts';
import type { StoredServer } from '../mail-accounts/stored.ts';
import { GrantRefused, accessTokenOf } from './tokens.ts';

export { setReconnectNotice } from './tokens.ts';

/**
 * 409: the mailbox's OAuth grant was refused (status 'reconnect'); its sends wait until the
 * owner connects it again. Runs and campaign steps pause on it as on a daily limit.
 */
export class MailboxNeedsReconnect extends HttpError {
  constructor() {
    super(409, RECONNECT_MAILBOX);
  }
}

/** 503: the provider could not hand out an access token just now; a retry may work. */
export class MailTokenUnavailable extends HttpError {
  constructor(detail: string) {
    super(
      503,
      `Your mail provider could not sign the mailbox in just now (${detail}). Try again later.`,
    );
  }
}

/**
 * The one way every mailbox's login is got, for SMTP and IMAP alike: the stored password
 * unsealed, or (OAuth) a current access token (tokens.ts: cached, refreshed one at a time).
 * Answers null when a stored password can no longer be read (SECRET_KEY changed); throws
 * MailboxNeedsReconnect or MailTokenUnavailable for a grant that gives no token.
 */
export const mailSecretOf = async (
  db: Db,
  box: SecretBox,
  server: StoredServer,
): Promise<MailSecret | null> => {
  if (server.oauth) {
    if (server.oauth.status === 'reconnect') throw new MailboxNeedsReconnect();
    try {
      return { accessToken: await accessTokenOf(db, box, server.oauth) };
    } catch (error) {
      if (error instanceof GrantRefused) throw new MailboxNeedsReconnect();
      throw new MailTokenUnavailable((error as Error).message);
    }
  }
  if (server.passEncrypted === null) return null;
  try {
    return { pass: box.decrypt(server.passEncrypted) };
  } catch {
    return null;
  }
};
