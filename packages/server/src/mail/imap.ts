import { ImapFlow } from 'imapflow';
import { MAIL_TIMEOUT_SECONDS, MailLoginError, explainLoginFailure } from './errors.ts';

/** An IMAP account with its password in clear (only ever held in memory). */
export type ImapAccount = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
};

/** An imapflow client for the account; it never logs (its log would carry the password). */
export const createImapClient = (account: ImapAccount, timeoutSeconds = MAIL_TIMEOUT_SECONDS) =>
  new ImapFlow({
    host: account.host,
    port: account.port,
    secure: account.secure,
    auth: { user: account.user, pass: account.pass },
    logger: false,
    connectionTimeout: timeoutSeconds * 1000,
    greetingTimeout: timeoutSeconds * 1000,
    socketTimeout: 3 * timeoutSeconds * 1000,
  });

/** Connects, logs in and out; throws MailLoginError saying why it could not. */
export const verifyImapLogin = async (account: ImapAccount): Promise<void> => {
  const client = createImapClient(account);
  // Errors also arrive as events; without a listener they would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw new MailLoginError(explainLoginFailure({ protocol: 'IMAP', ...account }, error));
  }
  await client.logout().catch(() => client.close());
};
