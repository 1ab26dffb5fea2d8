import { and, eq, lte, sql } from 'drizzle-orm';
import type { MailOAuthProvider } from '@leadline/shared/mail-oauth';
import type { Db } from '../../db/connection.ts';
import { mailAccounts, mailOAuthStates } from '../../db/schema.ts';
import { deleteMailbox, listMailboxes } from '../mail-accounts/stored.ts';
import type { OAuthServer } from './providers.ts';

/** A sign-in under way, as the callback takes it. */
export type OAuthState = { userId: string; provider: MailOAuthProvider; verifierEncrypted: string };

export const insertState = async (
  db: Db,
  state: OAuthState & { stateHash: string; expiresAt: Date },
): Promise<void> => {
  // Sign-ins left unfinished go as new ones start.
  await db.delete(mailOAuthStates).where(lte(mailOAuthStates.expiresAt, new Date()));
  await db.insert(mailOAuthStates).values(state);
};

/**
 * Takes the state (deleted: a second callback with it finds nothing), when it has not expired;
 * undefined when unknown, used or expired.
 */
export const takeState = async (db: Db, stateHash: string): Promise<OAuthState | undefined> => {
  const [row] = await db
    .delete(mailOAuthStates)
    .where(eq(mailOAuthStates.stateHash, stateHash))
    .returning();
  return row && row.expiresAt > new Date() ? row : undefined;
};

/**
 * The connected mailbox: the user's mailbox with this address (whatever it logged in with
 * before) becomes it, else a new mailbox is added (the default when it is the user's first).
 * The provider's servers, the address as the login of both, the refresh token sealed, status
 * 'ok' (connecting again clears 'reconnect'); passwords go. Its daily limit, warm-up, pacing
 * and from-name stay.
 */
export const saveOAuthMailbox = async (
  db: Db,
  userId: string,
  mailbox: {
    provider: MailOAuthProvider;
    email: string;
    refreshEncrypted: string;
    smtp: OAuthServer;
    imap: OAuthServer;
  },
): Promise<string> => {
  const values = {
    provider: mailbox.provider,
    status: 'ok' as const,
    oauthRefreshEncrypted: mailbox.refreshEncrypted,
    smtpHost: mailbox.smtp.host,
    smtpPort: mailbox.smtp.port,
    smtpSecure: mailbox.smtp.secure,
    smtpUser: mailbox.email,
    smtpPassEncrypted: null,
    imapHost: mailbox.imap.host,
    imapPort: mailbox.imap.port,
    imapSecure: mailbox.imap.secure,
    imapUser: mailbox.email,
    imapPassEncrypted: null,
  };
  const address = mailbox.email.toLowerCase();
  const same = (await listMailboxes(db, userId)).find((row) =>
    [row.smtpUser, row.imapUser].some((login) => login?.toLowerCase() === address),
  );
  if (same) {
    await db
      .update(mailAccounts)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(mailAccounts.id, same.id));
    return same.id;
  }
  const [row] = await db
    .insert(mailAccounts)
    .values({
      userId,
      isDefault: sql`NOT EXISTS (SELECT 1 FROM mail_accounts WHERE user_id = ${userId}::uuid)`,
      ...values,
    })
    .returning({ id: mailAccounts.id });
  return row!.id;
};

/** The sealed refresh token and status of an OAuth mailbox (by its id). */
export const findGrant = async (
  db: Db,
  mailboxId: string,
): Promise<
  { provider: string; refreshEncrypted: string | null; status: string; userId: string } | undefined
> => {
  const [row] = await db
    .select({
      provider: mailAccounts.provider,
      refreshEncrypted: mailAccounts.oauthRefreshEncrypted,
      status: mailAccounts.status,
      userId: mailAccounts.userId,
    })
    .from(mailAccounts)
    .where(eq(mailAccounts.id, mailboxId));
  return row;
};

/** A provider that rotates refresh tokens handed a new one: kept (sealed). */
export const replaceRefreshToken = async (
  db: Db,
  mailboxId: string,
  refreshEncrypted: string,
): Promise<void> => {
  await db
    .update(mailAccounts)
    .set({ oauthRefreshEncrypted: refreshEncrypted })
    .where(eq(mailAccounts.id, mailboxId));
};

/**
 * The mailbox needs reconnecting. Answers the owner's id when this call turned it (it was
 * 'ok'), so that only one notice goes out; null when it already was.
 */
export const markReconnect = async (db: Db, mailboxId: string): Promise<string | null> => {
  const [row] = await db
    .update(mailAccounts)
    .set({ status: 'reconnect', updatedAt: new Date() })
    .where(and(eq(mailAccounts.id, mailboxId), eq(mailAccounts.status, 'ok')))
    .returning({ userId: mailAccounts.userId });
  return row?.userId ?? null;
};

/**
 * Disconnect: the user's connected mailbox goes (the default when it is connected, else the
 * first connected one; a password mailbox is left alone). When it was the default, the next
 * mailbox becomes the default.
 */
export const deleteOAuthMailbox = async (db: Db, userId: string): Promise<string | null> => {
  const connected = (await listMailboxes(db, userId)).find((row) => row.provider !== 'password');
  if (!connected) return null;
  await deleteMailbox(db, userId, connected.id);
  return connected.id;
};
