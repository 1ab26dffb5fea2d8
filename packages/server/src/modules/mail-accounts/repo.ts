import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { MailProtocol } from '@leadline/shared/email';
import type { MailOAuthProvider, MailboxStatus } from '@leadline/shared/mail-oauth';
import { effectiveDailyLimit } from '@leadline/shared/sending-window';
import type { Warmup } from '@leadline/shared/sending-window';
import type { Db } from '../../db/connection.ts';
import { mailAccounts } from '../../db/schema.ts';

export type MailAccountRow = typeof mailAccounts.$inferSelect;

/** An OAuth mailbox's grant: the mailbox's id, its provider, the refresh token still sealed. */
export type StoredGrant = {
  mailboxId: string;
  provider: MailOAuthProvider;
  refreshEncrypted: string;
  status: MailboxStatus;
};

/**
 * One protocol's stored settings; the password still encrypted, or (OAuth mailboxes, where
 * `passEncrypted` is null) the grant the access token comes from.
 */
export type StoredServer = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  passEncrypted: string | null;
  oauth: StoredGrant | null;
};

/** The grant of an OAuth mailbox row; null for a password one. */
export const grantOf = (row: MailAccountRow | undefined): StoredGrant | null =>
  row && row.provider !== 'password' && row.oauthRefreshEncrypted
    ? {
        mailboxId: row.id,
        provider: row.provider,
        refreshEncrypted: row.oauthRefreshEncrypted,
        status: row.status,
      }
    : null;

/** Whether the row can log in to its servers: a stored password, or an OAuth grant. */
const canLogIn = (row: MailAccountRow, passEncrypted: string | null) =>
  passEncrypted !== null || grantOf(row) !== null;
/** `dailyLimit`: the limit today (the warm-up's when lower); null: none. */
export type StoredSmtp = StoredServer & { dailyLimit: number | null };

/** A warm-up as stored: its numbers and the (UTC) day it began. */
export type StoredWarmup = Warmup & { startedOn: string };

export const warmupOf = (row: MailAccountRow | undefined): StoredWarmup | null =>
  row?.warmupStart != null && row.warmupStartedOn
    ? {
        start: row.warmupStart,
        increment: row.warmupIncrement ?? 0,
        startedOn: row.warmupStartedOn,
      }
    : null;

/**
 * The SMTP settings every send uses, with the limit that holds on `now`'s (UTC) day: the
 * daily limit, lowered by the warm-up's ramp while it is under it.
 */
export const smtpOf = (row: MailAccountRow | undefined, now = new Date()): StoredSmtp | null =>
  row?.smtpHost && canLogIn(row, row.smtpPassEncrypted)
    ? {
        host: row.smtpHost,
        port: row.smtpPort!,
        secure: row.smtpSecure ?? false,
        user: row.smtpUser!,
        passEncrypted: row.smtpPassEncrypted,
        oauth: grantOf(row),
        dailyLimit: effectiveDailyLimit(row.smtpDailyLimit, warmupOf(row), now),
      }
    : null;

export const imapOf = (row: MailAccountRow | undefined): StoredServer | null =>
  row?.imapHost && canLogIn(row, row.imapPassEncrypted)
    ? {
        host: row.imapHost,
        port: row.imapPort!,
        secure: row.imapSecure ?? false,
        user: row.imapUser!,
        passEncrypted: row.imapPassEncrypted,
        oauth: grantOf(row),
      }
    : null;

export const findMailAccount = async (
  db: Db,
  userId: string,
): Promise<MailAccountRow | undefined> => {
  const [row] = await db.select().from(mailAccounts).where(eq(mailAccounts.userId, userId));
  return row;
};

/**
 * The account row, locked until the transaction ends (SELECT ... FOR UPDATE): a second send
 * of the same user waits here until the first has counted and reserved.
 */
export const lockMailAccount = async (
  db: Db,
  userId: string,
): Promise<MailAccountRow | undefined> => {
  const [row] = await db
    .select()
    .from(mailAccounts)
    .where(eq(mailAccounts.userId, userId))
    .for('update');
  return row;
};

const smtpColumns = (smtp: Omit<StoredSmtp, 'oauth'> | null) => ({
  smtpHost: smtp?.host ?? null,
  smtpPort: smtp?.port ?? null,
  smtpSecure: smtp?.secure ?? null,
  smtpUser: smtp?.user ?? null,
  smtpPassEncrypted: smtp?.passEncrypted ?? null,
  smtpDailyLimit: smtp?.dailyLimit ?? null,
  // The warm-up belongs to the SMTP account: cleared with it (saving sets its own).
  ...(smtp ? {} : warmupColumns(null)),
});

const warmupColumns = (warmup: StoredWarmup | null) => ({
  warmupStart: warmup?.start ?? null,
  warmupIncrement: warmup?.increment ?? null,
  warmupStartedOn: warmup?.startedOn ?? null,
});

const imapColumns = (imap: Omit<StoredServer, 'oauth'> | null) => ({
  imapHost: imap?.host ?? null,
  imapPort: imap?.port ?? null,
  imapSecure: imap?.secure ?? null,
  imapUser: imap?.user ?? null,
  imapPassEncrypted: imap?.passEncrypted ?? null,
});

/**
 * Writes the protocols given (null clears one); the others keep their settings. `smtp.dailyLimit`
 * is the configured limit here; `warmup` absent keeps the stored one.
 */
export const saveMailAccount = async (
  db: Db,
  userId: string,
  changes: {
    smtp?: Omit<StoredSmtp, 'oauth'> | null;
    imap?: Omit<StoredServer, 'oauth'> | null;
    warmup?: StoredWarmup | null;
  },
): Promise<void> => {
  const values = {
    // Passwords saved: the mailbox logs in with them (an OAuth grant it had goes).
    provider: 'password' as const,
    oauthRefreshEncrypted: null,
    status: 'ok' as const,
    ...(changes.smtp !== undefined ? smtpColumns(changes.smtp) : {}),
    ...(changes.warmup !== undefined ? warmupColumns(changes.warmup) : {}),
    ...(changes.imap !== undefined ? imapColumns(changes.imap) : {}),
  };
  await db
    .insert(mailAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: mailAccounts.userId, set: { ...values, updatedAt: new Date() } });
};

/** The mailbox's daily limit and (when given: absent keeps it) its warm-up, nothing else. */
export const saveSendingLimits = async (
  db: Db,
  userId: string,
  limits: { dailyLimit: number | null; warmup: StoredWarmup | null | undefined },
): Promise<void> => {
  await db
    .update(mailAccounts)
    .set({
      smtpDailyLimit: limits.dailyLimit,
      ...(limits.warmup !== undefined ? warmupColumns(limits.warmup) : {}),
      updatedAt: new Date(),
    })
    .where(eq(mailAccounts.userId, userId));
};

/** Removes one protocol's settings; the row goes once neither is left. */
export const clearMailProtocol = async (
  db: Db,
  userId: string,
  protocol: MailProtocol,
): Promise<void> => {
  const [row] = await db
    .update(mailAccounts)
    .set({
      ...(protocol === 'smtp' ? smtpColumns(null) : imapColumns(null)),
      updatedAt: new Date(),
    })
    .where(eq(mailAccounts.userId, userId))
    .returning();
  if (row && !row.smtpHost && !row.imapHost) {
    await db.delete(mailAccounts).where(eq(mailAccounts.userId, userId));
  }
};

/**
 * Human pacing: takes the mailbox's next send slot when it is free at `now` (paced_until
 * past), keeping it until `until`. Answers null when taken (or the user has no mail account:
 * nothing to pace), else when the mailbox is free again.
 */
export const takePaceSlot = async (
  db: Db,
  userId: string,
  now: Date,
  until: Date,
): Promise<Date | null> => {
  const taken = await db
    .update(mailAccounts)
    .set({ pacedUntil: until })
    .where(
      and(
        eq(mailAccounts.userId, userId),
        or(isNull(mailAccounts.pacedUntil), lte(mailAccounts.pacedUntil, now)),
      ),
    )
    .returning({ userId: mailAccounts.userId });
  if (taken.length > 0) return null;
  const [row] = await db
    .select({ pacedUntil: mailAccounts.pacedUntil })
    .from(mailAccounts)
    .where(eq(mailAccounts.userId, userId));
  return row?.pacedUntil ?? null;
};

/** The mailbox's next campaign email waits until `until` (null: no wait). */
export const setPacedUntil = async (db: Db, userId: string, until: Date | null): Promise<void> => {
  await db.update(mailAccounts).set({ pacedUntil: until }).where(eq(mailAccounts.userId, userId));
};
