import { and, desc, eq, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { BounceType } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { sentEmails } from '../../db/schema.ts';

/*
 * The bounce columns of sent_emails (bounce, bounced_at) are written here only: a bounce is
 * recorded by the sending module (a refusal while sending) and the inbox check alike, and
 * this module sits below both.
 */

/** The email a bounce answers. */
export type BouncedEmail = { id: string; leadId: string; to: string };

const bouncedColumns = {
  id: sentEmails.id,
  leadId: sentEmails.leadId,
  to: sentEmails.to,
};

const toBounced = (row: { id: string; leadId: string | null; to: string } | undefined) =>
  row?.leadId ? { id: row.id, leadId: row.leadId, to: row.to } : undefined;

/** The organisation's email to a lead with this Message-ID. */
export const findSentByMessageId = async (
  db: Db,
  organizationId: string,
  messageId: string,
): Promise<BouncedEmail | undefined> => {
  const [row] = await db
    .select(bouncedColumns)
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.organizationId, organizationId),
        eq(sentEmails.messageId, messageId),
        isNotNull(sentEmails.leadId),
      ),
    )
    .limit(1);
  return toBounced(row);
};

/** The organisation's latest email to a lead at this (lower-cased) address. */
export const findLatestSentTo = async (
  db: Db,
  organizationId: string,
  address: string,
): Promise<BouncedEmail | undefined> => {
  const [row] = await db
    .select(bouncedColumns)
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.organizationId, organizationId),
        sql`lower(${sentEmails.to}) = ${address}`,
        isNotNull(sentEmails.leadId),
        inArray(sentEmails.status, ['sent', 'unconfirmed', 'failed']),
      ),
    )
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(1);
  return toBounced(row);
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
      ),
    );
  return { sends: row?.sends ?? 0, hard: row?.hard ?? 0 };
};
