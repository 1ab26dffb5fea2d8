import { and, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { BounceType } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { sentEmails } from '../../db/schema.ts';

/*
 * The bounce columns of sent_emails (bounce, bounced_at) are written here only: a bounce is
 * recorded by the sending module (a refusal while sending) and the inbox check alike, and
 * this module sits below both.
 */

/** The email a bounce answers. */
export type BouncedEmail = { id: string; leadId: string; to: string; messageId: string };

/**
 * The emails to leads with one of these Message-IDs that this user sent (from their own
 * mailbox) in this organisation: the only emails a bounce arriving in that user's inbox may
 * answer. An id of another user's or organisation's email matches nothing here.
 */
export const findSentFromMailbox = async (
  db: Db,
  organizationId: string,
  userId: string,
  messageIds: readonly string[],
): Promise<BouncedEmail[]> => {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({
      id: sentEmails.id,
      leadId: sentEmails.leadId,
      to: sentEmails.to,
      messageId: sentEmails.messageId,
    })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.organizationId, organizationId),
        eq(sentEmails.userId, userId),
        inArray(sentEmails.messageId, [...messageIds]),
        isNotNull(sentEmails.leadId),
      ),
    );
  return rows.flatMap((row) => (row.leadId ? [{ ...row, leadId: row.leadId }] : []));
};

/**
 * Marks the email bounced; a hard bounce overrides a soft one. False when it already was
 * (the same report read again), so a bounce is counted once.
 */
export const markSentBounced = async (
  db: Db,
  sentEmailId: string,
  kind: BounceType,
): Promise<boolean> => {
  const rows = await db
    .update(sentEmails)
    .set({ bounce: kind, bouncedAt: sql`now()` })
    .where(
      and(
        eq(sentEmails.id, sentEmailId),
        kind === 'hard'
          ? or(isNull(sentEmails.bounce), eq(sentEmails.bounce, 'soft'))
          : isNull(sentEmails.bounce),
      ),
    )
    .returning({ id: sentEmails.id });
  return rows.length > 0;
};

/**
 * A run's sends and hard bounces (its job ids: a bulk run, or a campaign's steps): an email
 * handed to the mail server, or refused by it (a bounce at once), is a send.
 */
export const countRunBounces = async (
  db: Db,
  organizationId: string,
  jobIds: readonly string[],
  /** Only the emails sent from then on (a resumed run's are judged since its resume). */
  since?: Date,
  /** Only the emails of this mailbox. */
  mailboxId?: string,
): Promise<{ sends: number; hard: number }> => {
  if (jobIds.length === 0) return { sends: 0, hard: 0 };
  const [row] = await db
    .select({
      sends:
        sql<number>`count(*) FILTER (WHERE ${sentEmails.status} IN ('sent', 'sending', 'unconfirmed') OR ${sentEmails.bounce} IS NOT NULL)`.mapWith(
          Number,
        ),
      hard: sql<number>`count(*) FILTER (WHERE ${sentEmails.bounce} = 'hard')`.mapWith(Number),
    })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.organizationId, organizationId),
        inArray(sentEmails.jobId, [...jobIds]),
        since ? gte(sentEmails.sentAt, since) : undefined,
        mailboxId ? eq(sentEmails.mailboxId, mailboxId) : undefined,
      ),
    );
  return { sends: row?.sends ?? 0, hard: row?.hard ?? 0 };
};
