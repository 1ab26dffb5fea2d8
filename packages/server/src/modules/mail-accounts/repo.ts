import { eq } from 'drizzle-orm';
import type { MailProtocol } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { mailAccounts } from '../../db/schema.ts';

export type MailAccountRow = typeof mailAccounts.$inferSelect;

/** One protocol's stored settings; the password still encrypted. */
export type StoredServer = {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  passEncrypted: string;
};
export type StoredSmtp = StoredServer & { dailyLimit: number | null };

export const smtpOf = (row: MailAccountRow | undefined): StoredSmtp | null =>
  row?.smtpHost && row.smtpPassEncrypted
    ? {
        host: row.smtpHost,
        port: row.smtpPort!,
        secure: row.smtpSecure ?? false,
        user: row.smtpUser!,
        passEncrypted: row.smtpPassEncrypted,
        dailyLimit: row.smtpDailyLimit,
      }
    : null;

export const imapOf = (row: MailAccountRow | undefined): StoredServer | null =>
  row?.imapHost && row.imapPassEncrypted
    ? {
        host: row.imapHost,
        port: row.imapPort!,
        secure: row.imapSecure ?? false,
        user: row.imapUser!,
        passEncrypted: row.imapPassEncrypted,
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

const smtpColumns = (smtp: StoredSmtp | null) => ({
  smtpHost: smtp?.host ?? null,
  smtpPort: smtp?.port ?? null,
  smtpSecure: smtp?.secure ?? null,
  smtpUser: smtp?.user ?? null,
  smtpPassEncrypted: smtp?.passEncrypted ?? null,
  smtpDailyLimit: smtp?.dailyLimit ?? null,
});

const imapColumns = (imap: StoredServer | null) => ({
  imapHost: imap?.host ?? null,
  imapPort: imap?.port ?? null,
  imapSecure: imap?.secure ?? null,
  imapUser: imap?.user ?? null,
  imapPassEncrypted: imap?.passEncrypted ?? null,
});

/** Writes the protocols given (null clears one); the others keep their settings. */
export const saveMailAccount = async (
  db: Db,
  userId: string,
  changes: { smtp?: StoredSmtp | null; imap?: StoredServer | null },
): Promise<void> => {
  const values = {
    ...(changes.smtp !== undefined ? smtpColumns(changes.smtp) : {}),
    ...(changes.imap !== undefined ? imapColumns(changes.imap) : {}),
  };
  await db
    .insert(mailAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: mailAccounts.userId, set: { ...values, updatedAt: new Date() } });
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
