import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DomainCheckResult } from '@leadline/shared/domain-check';
import type { Db } from '../../db/connection.ts';
import { domainChecks, mailAccounts, users } from '../../db/schema.ts';

/** A mailbox as the check needs it: where it sends from and as whom. */
export type CheckedMailbox = {
  id: string;
  userId: string;
  organizationId: string | null;
  smtpHost: string | null;
  smtpUser: string | null;
  userEmail: string;
  dkimSelector: string | null;
};

const mailboxColumns = {
  id: mailAccounts.id,
  userId: mailAccounts.userId,
  organizationId: users.organizationId,
  smtpHost: mailAccounts.smtpHost,
  smtpUser: mailAccounts.smtpUser,
  userEmail: users.email,
  dkimSelector: mailAccounts.dkimSelector,
};

/** The mailbox `id` when it is `userId`'s own; undefined otherwise. */
export const findOwnMailbox = async (
  db: Db,
  id: string,
  userId: string,
): Promise<CheckedMailbox | undefined> => {
  const [row] = await db
    .select(mailboxColumns)
    .from(mailAccounts)
    .innerJoin(users, eq(users.id, mailAccounts.userId))
    .where(and(eq(mailAccounts.id, id), eq(mailAccounts.userId, userId)));
  return row;
};

/**
 * The user's mailboxes a campaign sends from: those named (still the user's), or their
 * default mailbox when none is named.
 */
export const findSendingMailboxes = (
  db: Db,
  userId: string,
  mailboxIds: readonly string[] = [],
): Promise<CheckedMailbox[]> =>
  db
    .select(mailboxColumns)
    .from(mailAccounts)
    .innerJoin(users, eq(users.id, mailAccounts.userId))
    .where(
      and(
        eq(mailAccounts.userId, userId),
        mailboxIds.length > 0
          ? inArray(mailAccounts.id, [...mailboxIds])
          : eq(mailAccounts.isDefault, true),
      ),
    )
    .orderBy(asc(mailAccounts.createdAt));

export const setDkimSelector = async (db: Db, id: string, selector: string | null) => {
  await db
    .update(mailAccounts)
    .set({ dkimSelector: selector, updatedAt: new Date() })
    .where(eq(mailAccounts.id, id));
};

export const findDomainCheck = async (db: Db, mailboxId: string) => {
  const [row] = await db.select().from(domainChecks).where(eq(domainChecks.mailboxId, mailboxId));
  return row;
};

export const saveDomainCheck = async (
  db: Db,
  mailboxId: string,
  source: string,
  result: DomainCheckResult,
): Promise<void> => {
  const values = {
    source,
    result,
    complete: result.dnsError === null,
    checkedAt: new Date(result.checkedAt),
  };
  await db
    .insert(domainChecks)
    .values({ mailboxId, ...values })
    .onConflictDoUpdate({ target: domainChecks.mailboxId, set: values });
};

/**
 * Mailboxes whose check is older than `hours` (or never made; an unanswered one after an hour),
 * at most `limit`, taken in turns across organisations: the longest-waiting mailbox of each
 * organisation first, so one organisation's many mailboxes do not hold back another's.
 */
export const findChecksDue = async (db: Db, hours: number, limit: number) => {
  const waited = sql`${domainChecks.checkedAt} ASC NULLS FIRST, ${mailAccounts.id}`;
  return db
    .select(mailboxColumns)
    .from(mailAccounts)
    .innerJoin(users, eq(users.id, mailAccounts.userId))
    .leftJoin(domainChecks, eq(domainChecks.mailboxId, mailAccounts.id))
    .where(
      and(
        isNotNull(mailAccounts.smtpHost),
        isNotNull(users.organizationId),
        eq(users.status, 'active'),
        or(
          isNull(domainChecks.checkedAt),
          lt(domainChecks.checkedAt, sql`now() - make_interval(hours => ${hours})`),
          and(
            eq(domainChecks.complete, false),
            lt(domainChecks.checkedAt, sql`now() - make_interval(hours => 1)`),
          ),
        ),
      ),
    )
    .orderBy(
      sql`row_number() OVER (PARTITION BY ${users.organizationId} ORDER BY ${waited})`,
      waited,
    )
    .limit(limit);
};
