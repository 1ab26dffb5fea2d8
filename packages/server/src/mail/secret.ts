/**
 * How a mailbox logs in: its password, or an OAuth access token (SASL XOAUTH2; it wins when
 * both are set), in clear (only ever held in memory). Every mailbox takes the same SMTP and
 * IMAP path; only this differs.
 */
export type MailSecret = { pass?: string; accessToken?: string };

/** The secret an error text must never show: the password or the access token. */
export const secretOf = (account: MailSecret): string | undefined =>
  account.accessToken ?? account.pass;
