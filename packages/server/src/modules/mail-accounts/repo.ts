import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
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
/**
 * `dailyLimit`: the limit today (the warm-up's when lower); null: none. `mailboxId`: the mailbox
 * whose limit a send counts against.
 */
export type StoredSmtp = StoredServer & {
  dailyLimit: number | null;
  mailboxId: string;
  /** The name its emails go out under; null: the sender's own. */
  fromName: string | null;
  /** Plain text added to the end of its emails (read with the mailbox); null: none. */
  signature: string | null;
};

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
        mailboxId: row.id,
        fromName: row.fromName,
        signature: row.signature,
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

/** The mailbox a send that names none goes from: the user's default. */
export const findMailAccount = (db: Db, userId: string): Promise<MailAccountRow | undefined> =>
  findSendingMailbox(db, userId, null);

/** One of the user's mailboxes by id; undefined when it is not theirs (or not there). */
export const findMailbox = async (
  db: Db,
  userId: string,
  mailboxId: string,
): Promise<MailAccountRow | undefined> => {
  const [row] = await db
    .select()
    .from(mailAccounts)
    .where(and(eq(mailAccounts.id, mailboxId), eq(mailAccounts.userId, userId)));
  return row;
};

/** The user's mailboxes: the default first, then the oldest first. */
export const listMailboxes = (db: Db, userId: string): Promise<MailAccountRow[]> =>
  db
    .select()
    .from(mailAccounts)
    .where(eq(mailAccounts.userId, userId))
    .orderBy(desc(mailAccounts.isDefault), asc(mailAccounts.createdAt), asc(mailAccounts.id));

/** One of the user's mailboxes: the one named, or their default when none is. */
const namedOrDefault = (userId: string, mailboxId: string | null | undefined) =>
  and(
    eq(mailAccounts.userId, userId),
    mailboxId ? eq(mailAccounts.id, mailboxId) : eq(mailAccounts.isDefault, true),
  );

/**
 * The mailbox a send or a read goes from: `mailboxId` (undefined when it is not the user's),
 * or the user's default when none is named.
 */
export const findSendingMailbox = async (
  db: Db,
  userId: string,
  mailboxId: string | null | undefined,
): Promise<MailAccountRow | undefined> => {
  const [row] = await db.select().from(mailAccounts).where(namedOrDefault(userId, mailboxId));
  return row;
};

/**
 * The mailbox a send goes from (see findSendingMailbox), locked until the transaction ends
 * (SELECT ... FOR UPDATE): a second send from the same mailbox waits here until the first has
 * counted and reserved.
 */
export const lockMailAccount = async (
  db: Db,
  userId: string,
  mailboxId: string | null = null,
): Promise<MailAccountRow | undefined> => {
  const [row] = await db
    .select()
    .from(mailAccounts)
    .where(namedOrDefault(userId, mailboxId))
    .for('update');
  return row;
};

const smtpColumns = (smtp: SmtpToStore | null) => ({
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

/** SMTP settings as a save writes them (the limit as configured). */
export type SmtpToStore = Omit<StoredSmtp, 'mailboxId' | 'fromName' | 'signature' | 'oauth'>;

export type MailboxChanges = {
  smtp?: SmtpToStore | null;
  imap?: Omit<StoredServer, 'oauth'> | null;
  warmup?: StoredWarmup | null;
  fromName?: string | null;
  signature?: string | null;
};

/** A password saved: the mailbox logs in with passwords from now on (an OAuth grant it had goes). */
const PASSWORD_LOGIN = {
  provider: 'password' as const,
  oauthRefreshEncrypted: null,
  status: 'ok' as const,
};

const columnsOf = (changes: MailboxChanges) => ({
  ...(changes.smtp?.passEncrypted || changes.imap?.passEncrypted ? PASSWORD_LOGIN : {}),
  ...(changes.smtp !== undefined ? smtpColumns(changes.smtp) : {}),
  ...(changes.warmup !== undefined ? warmupColumns(changes.warmup) : {}),
  ...(changes.imap !== undefined ? imapColumns(changes.imap) : {}),
  ...(changes.fromName !== undefined ? { fromName: changes.fromName } : {}),
  ...(changes.signature !== undefined ? { signature: changes.signature } : {}),
});

/**
 * Writes the protocols given (null clears one) to the user's default mailbox, made (as the
 * default) when the user has none; the others keep their settings. `smtp.dailyLimit` is the
 * configured limit here; `warmup` absent keeps the stored one.
 */
export const saveMailAccount = async (
  db: Db,
  userId: string,
  changes: MailboxChanges,
): Promise<string> => {
  const values = columnsOf(changes);
  const [row] = await db
    .insert(mailAccounts)
    .values({ userId, isDefault: true, ...values })
    .onConflictDoUpdate({
      target: mailAccounts.userId,
      targetWhere: sql`${mailAccounts.isDefault}`,
      set: { ...values, updatedAt: new Date() },
    })
    .returning({ id: mailAccounts.id });
  return row!.id;
};

/** Adds a mailbox (the user's default when it is their first); answers its id. */
export const insertMailbox = async (
  db: Db,
  userId: string,
  changes: MailboxChanges,
): Promise<string> => {
  const [row] = await db
    .insert(mailAccounts)
    .values({
      userId,
      isDefault: sql`NOT EXISTS (SELECT 1 FROM mail_accounts WHERE user_id = ${userId}::uuid)`,
      ...columnsOf(changes),
    })
    .returning({ id: mailAccounts.id });
  return row!.id;
};

/** Changes one of the user's mailboxes. */
export const updateMailbox = async (
  db: Db,
  userId: string,
  mailboxId: string,
  changes: MailboxChanges,
): Promise<void> => {
  await db
    .update(mailAccounts)
    .set({ ...columnsOf(changes), updatedAt: new Date() })
    .where(and(eq(mailAccounts.id, mailboxId), eq(mailAccounts.userId, userId)));
};

/** Makes one of the user's mailboxes the default (and no other). */
export const setDefaultMailbox = async (
  db: Db,
  userId: string,
  mailboxId: string,
): Promise<void> => {
  await db
    .update(mailAccounts)
    .set({ isDefault: false })
    .where(and(eq(mailAccounts.userId, userId), eq(mailAccounts.isDefault, true)));
  await db
    .update(mailAccounts)
    .set({ isDefault: true, updatedAt: new Date() })
    .where(and(eq(mailAccounts.id, mailboxId), eq(mailAccounts.userId, userId)));
};

/**
 * Removes one of the user's mailboxes; when it was the default, the oldest remaining one
 * becomes the default.
 */
export const deleteMailbox = async (db: Db, userId: string, mailboxId: string): Promise<void> => {
  const [gone] = await db
    .delete(mailAccounts)
    .where(and(eq(mailAccounts.id, mailboxId), eq(mailAccounts.userId, userId)))
    .returning({ isDefault: mailAccounts.isDefault });
  if (!gone?.isDefault) return;
  const [next] = await listMailboxes(db, userId);
  if (next) await setDefaultMailbox(db, userId, next.id);
};

/** The mailbox's daily limit and (when given: absent keeps it) its warm-up, nothing else. */
export const saveSendingLimits = async (
  db: Db,
  mailboxId: string,
  limits: { dailyLimit: number | null; warmup: StoredWarmup | null | undefined },
): Promise<void> => {
  await db
    .update(mailAccounts)
    .set({
      smtpDailyLimit: limits.dailyLimit,
      ...(limits.warmup !== undefined ? warmupColumns(limits.warmup) : {}),
      updatedAt: new Date(),
    })
    .where(eq(mailAccounts.id, mailboxId));
};

/** Removes one protocol's settings of the default mailbox; it goes once neither is left. */
export const clearMailProtocol = async (
  db: Db,
  userId: string,
  protocol: MailProtocol,
): Promise<void> => {
  const target = (await findMailAccount(db, userId))?.id;
  if (!target) return;
  const [row] = await db
    .update(mailAccounts)
    .set({
      ...(protocol === 'smtp' ? smtpColumns(null) : imapColumns(null)),
      updatedAt: new Date(),
    })
    .where(and(eq(mailAccounts.id, target), eq(mailAccounts.userId, userId)))
    .returning();
  if (row && !row.smtpHost && !row.imapHost) await deleteMailbox(db, userId, target);
};

/**
 * Human pacing: takes the mailbox's next send slot when it is free at `now` (paced_until
 * past), keeping it until `until`. Answers null when taken (or there is no such mailbox:
 * nothing to pace), else when the mailbox is free again.
 */
export const takePaceSlot = async (
  db: Db,
  mailboxId: string,
  now: Date,
  until: Date,
): Promise<Date | null> => {
  const taken = await db
    .update(mailAccounts)
    .set({ pacedUntil: until })
    .where(
      and(
        eq(mailAccounts.id, mailboxId),
        or(isNull(mailAccounts.pacedUntil), lte(mailAccounts.pacedUntil, now)),
      ),
    )
    .returning({ id: mailAccounts.id });
  if (taken.length > 0) return null;
  const [row] = await db
    .select({ pacedUntil: mailAccounts.pacedUntil })
    .from(mailAccounts)
    .where(eq(mailAccounts.id, mailboxId));
  return row?.pacedUntil ?? null;
};

/** The mailbox's next campaign email waits until `until` (null: no wait). */
export const setPacedUntil = async (
  db: Db,
  mailboxId: string,
  until: Date | null,
): Promise<void> => {
  await db.update(mailAccounts).set({ pacedUntil: until }).where(eq(mailAccounts.id, mailboxId));
};
