import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { EmailKind } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { sentEmails } from '../../db/schema.ts';
import { markLeadsMailedSql } from '../leads/mail-state.ts';
import { emailSentEventsSql, leadEmailRows } from '../email-events/record.ts';
import type { LeadEmailRow } from '../email-events/present.ts';

export type SentEmailRow = typeof sentEmails.$inferSelect;

export type NewSentEmail = {
  organizationId: string | null;
  userId: string;
  /** The mailbox it goes from (its daily limit counts it). */
  mailboxId: string;
  leadId: string | null;
  jobId?: string | null;
  kind: EmailKind;
  fromAddress: string;
  to: string;
  cc: string[];
  bcc: string[];
  subject: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  /** The HTML as sent; null while it waits for the From address (recorded with the outcome). */
  bodyHtml: string | null;
  /** 'queued': a bulk run's reservation ahead of its turn on the connection (default 'sending'). */
  status?: 'queued' | 'sending';
  /** Sent with tracking, and the original addresses of its rewritten links. */
  tracked?: boolean;
  trackedLinks?: string[] | null;
};

/**
 * Writes the email as 'sending' (or 'queued'). Null when the run (`jobId`) already holds an email to this
 * lead: one email per lead per run.
 */
export const insertSentEmail = async (db: Db, email: NewSentEmail): Promise<string | null> => {
  const rows = await db
    .insert(sentEmails)
    .values({
      ...email,
      cc: email.cc.join(', '),
      bcc: email.bcc.join(', '),
      references: email.references.join(' '),
    })
    .onConflictDoNothing()
    .returning({ id: sentEmails.id });
  return rows[0]?.id ?? null;
};

/**
 * Writes emails as 'sending' (or each as its `status`) in one statement, but only while the sender's SMTP account is
 * still the one given (same host, user and password or OAuth grant, not waiting to be
 * reconnected) and has no daily limit: with no limit
 * there is nothing to count, so no lock is needed. Answers the ids of the rows written, by
 * lead; none when the account changed or has a limit (the caller then takes the locked way,
 * which says why), and none for a lead the run already holds an email to.
 */
export const insertSentEmailsWithoutLimit = async (
  db: Db,
  emails: readonly NewSentEmail[],
  account: {
    host: string;
    user: string;
    passEncrypted: string | null;
    oauth: { refreshEncrypted: string } | null;
    mailboxId: string;
  },
): Promise<Map<string | null, string>> => {
  if (emails.length === 0) return new Map();
  const values = emails.map(
    (email) => sql`(${email.organizationId}::uuid, ${email.userId}::uuid,
      ${account.mailboxId}::uuid, ${email.leadId}::uuid,
      ${email.jobId ?? null}::uuid, ${email.kind}::text, ${email.fromAddress}::text,
      ${email.to}::text, ${email.cc.join(', ')}::text, ${email.bcc.join(', ')}::text,
      ${email.subject}::text, ${email.messageId}::text, ${email.inReplyTo}::text,
      ${email.references.join(' ')}::text, ${email.status ?? 'sending'}::text,
      ${email.bodyHtml}::text, ${email.tracked ?? false}::boolean,
      ${email.trackedLinks ? JSON.stringify(email.trackedLinks) : null}::jsonb)`,
  );
  const result = await db.execute(sql`
    INSERT INTO sent_emails (organization_id, user_id, mailbox_id, lead_id, job_id, kind, from_address,
      to_address, cc, bcc, subject, message_id, in_reply_to, "references", status, body_html,
      tracked, tracked_links)
    SELECT * FROM (VALUES ${sql.join(values, sql`, `)}) AS v
    WHERE EXISTS (
      SELECT 1 FROM mail_accounts
      WHERE id = ${account.mailboxId}::uuid AND user_id = ${emails[0]!.userId}::uuid
        AND smtp_daily_limit IS NULL
        AND warmup_start IS NULL
        AND smtp_host = ${account.host} AND smtp_user = ${account.user}
        AND smtp_pass_encrypted IS NOT DISTINCT FROM ${account.passEncrypted}::text
        AND oauth_refresh_encrypted IS NOT DISTINCT FROM ${account.oauth?.refreshEncrypted ?? null}::text
        AND status = 'ok')
    ON CONFLICT DO NOTHING
    RETURNING id, lead_id`);
  return new Map(
    rowsOf<{ id: string; lead_id: string | null }>(result).map((row) => [row.lead_id, row.id]),
  );
};

/** Midnight UTC today, computed by the database (one clock for every server process). */
const START_OF_DAY_UTC = sql`(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** Emails of this sender today (UTC) that count against the limit: sent or under way. */
export const countSendsToday = async (db: Db, mailboxId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.mailboxId, mailboxId),
        ne(sentEmails.status, 'failed'),
        sql`${sentEmails.sentAt} >= ${START_OF_DAY_UTC}`,
      ),
    );
  return row!.n;
};

/**
 * The mailbox the user's email with this Message-ID went from (a follow-up goes from it too);
 * null when they sent no such email or its mailbox is gone.
 */
export const findMailboxOfMessage = async (
  db: Db,
  userId: string,
  messageId: string,
): Promise<string | null> => {
  const [row] = await db
    .select({ mailboxId: sentEmails.mailboxId })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.messageId, messageId),
        eq(sentEmails.userId, userId),
        isNotNull(sentEmails.mailboxId),
      ),
    )
    .orderBy(desc(sentEmails.sentAt))
    .limit(1);
  return row?.mailboxId ?? null;
};

/** Today's (UTC) emails per mailbox that count against their limits, for the mailboxes given. */
export const countSendsTodayByMailbox = async (
  db: Db,
  mailboxIds: readonly string[],
): Promise<Map<string, number>> => {
  if (mailboxIds.length === 0) return new Map();
  const rows = await db
    .select({ mailboxId: sentEmails.mailboxId, n: count() })
    .from(sentEmails)
    .where(
      and(
        inArray(sentEmails.mailboxId, [...mailboxIds]),
        ne(sentEmails.status, 'failed'),
        sql`${sentEmails.sentAt} >= ${START_OF_DAY_UTC}`,
      ),
    )
    .groupBy(sentEmails.mailboxId);
  return new Map(rows.map((row) => [row.mailboxId!, row.n]));
};

export type SentEmailOutcome = {
  status: 'sent' | 'failed';
  error?: string | null;
  /** The HTML as sent, when the reservation could not hold it yet (see NewSentEmail). */
  bodyHtml?: string;
};

export const finishSentEmail = async (
  db: Db,
  id: string,
  outcome: SentEmailOutcome,
): Promise<void> => {
  await db
    .update(sentEmails)
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      sentAt: sql`now()`,
      ...(outcome.bodyHtml === undefined ? {} : { bodyHtml: outcome.bodyHtml }),
    })
    .where(eq(sentEmails.id, id));
};

/**
 * Emails of a run delivered, in one statement (atomic, one round trip however many): the rows
 * 'sent' and their leads' mailSent / sentCount / mailSentDate. (A run's email has one
 * recipient, so a delivered one has no refused recipient to note.) `sent_at` keeps the time
 * of the reservation, taken just before the SMTP conversation: left unchanged, the row is
 * updated in place (no index changes), which matters at bulk volumes.
 */
export const recordRunEmailsSent = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<void> => {
  if (ids.length === 0) return;
  const list = `{${ids.join(',')}}`;
  await db.execute(sql`
    WITH sent AS (
      UPDATE sent_emails SET status = 'sent', error = NULL
      WHERE id = ANY(${list}::uuid[]) AND status = 'sending'
      RETURNING *),
    mailed AS (
      ${markLeadsMailedSql(organizationId, sql`SELECT lead_id FROM sent`)}
      RETURNING 1)
    ${emailSentEventsSql(sql`sent`)}`);
};

export type { LeadEmailRow } from '../email-events/present.ts';

/** A lead's emails, newest first, with the sender's name. */
export const findLeadEmails = (
  db: Db,
  organizationId: string,
  leadId: string,
  limit: number,
): Promise<LeadEmailRow[]> =>
  leadEmailRows(db)
    .where(and(eq(sentEmails.organizationId, organizationId), eq(sentEmails.leadId, leadId)))
    .orderBy(desc(sentEmails.sentAt), desc(sentEmails.id))
    .limit(limit);

/** The run's email to this lead (its reservation), if the run holds one. */
export const findRunEmail = async (
  db: Db,
  jobId: string,
  leadId: string,
): Promise<
  { id: string; status: SentEmailRow['status']; error: string | null; reservedAt: Date } | undefined
> => {
  const [row] = await db
    .select({
      id: sentEmails.id,
      status: sentEmails.status,
      error: sentEmails.error,
      reservedAt: sentEmails.sentAt,
    })
    .from(sentEmails)
    .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.leadId, leadId)))
    .limit(1);
  return row;
};

/**
 * A bulk run's email takes its turn on the SMTP connection, in one statement: the email the
 * connection accepted before it (`accepted`, if any) is recorded as sent (with its lead's
 * mailSent / sentCount / mailSentDate), and this one (`next`), reserved 'queued', becomes
 * 'sending'. So at any moment at most one email of the run is 'sending': the one on the wire,
 * or the one just accepted. False when `next` is no longer queued (a worker that took the run
 * over released it): it must not be sent.
 */
export const startRunEmail = async (
  db: Db,
  organizationId: string,
  accepted: string | null,
  next: string,
): Promise<boolean> => {
  // The email accepted before this one: its email.sent event is written with its 'sent'.
  const result = await db.execute(sql`
    WITH sent AS (
      UPDATE sent_emails SET status = 'sent', error = NULL
      WHERE id = ${accepted}::uuid AND status = 'sending'
      RETURNING *),
    mailed AS (
      ${markLeadsMailedSql(organizationId, sql`SELECT lead_id FROM sent`)}
      RETURNING 1),
    sent_events AS (
      ${emailSentEventsSql(sql`sent`)}
      RETURNING 1)
    UPDATE sent_emails SET status = 'sending',
      -- A tracked email's hits are timed from when it goes (not from its reservation).
      sent_at = CASE WHEN tracked THEN now() ELSE sent_at END
    WHERE id = ${next}::uuid AND status = 'queued'
    RETURNING id`);
  return rowsOf(result).length > 0;
};

/**
 * What a killed process left of a run, settled by the worker that takes it over (only call
 * while holding the run's lease): the email that was 'sending' (with the mail server, or
 * accepted and not yet recorded) becomes 'unconfirmed' with `text` (it may have been
 * delivered: never sent again, never called failed); reservations still 'queued' (never
 * handed to the server) are withdrawn, so that the run reserves and sends them again.
 */
export const settleInterruptedSends = async (
  db: Db,
  jobId: string,
  text: string,
): Promise<{ unconfirmed: number; released: number }> => {
  const unconfirmed = await db
    .update(sentEmails)
    .set({ status: 'unconfirmed', error: text })
    .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.status, 'sending')))
    .returning({ id: sentEmails.id });
  const released = await db
    .delete(sentEmails)
    .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.status, 'queued')))
    .returning({ id: sentEmails.id });
  return { unconfirmed: unconfirmed.length, released: released.length };
};

/** One send of the run found 'sending' on resuming: unconfirmed, never resent. */
export const markUnconfirmed = async (
  db: Db,
  jobId: string,
  leadId: string,
  text: string,
): Promise<void> => {
  await db
    .update(sentEmails)
    .set({ status: 'unconfirmed', error: text })
    .where(
      and(
        eq(sentEmails.jobId, jobId),
        eq(sentEmails.leadId, leadId),
        eq(sentEmails.status, 'sending'),
      ),
    );
};

/** Withdraws a reservation that was never handed to the SMTP server (the run stopped). */
export const releaseReservation = async (db: Db, id: string): Promise<void> => {
  await db.delete(sentEmails).where(and(eq(sentEmails.id, id), eq(sentEmails.status, 'queued')));
};

/** The run's failed emails, oldest first, with the mail server's reason. */
export const findRunFailures = (db: Db, jobId: string, limit: number) =>
  db
    .select({ leadId: sentEmails.leadId, to: sentEmails.to, error: sentEmails.error })
    .from(sentEmails)
    .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.status, 'failed')))
    .orderBy(sentEmails.sentAt, sentEmails.id)
    .limit(limit);

/**
 * Withdraws a reservation whose email never went anywhere: the mailbox gave no login (it needs
 * reconnecting, its provider could not hand out a token), found before the SMTP server was
 * reached. Queued or marked 'sending', it goes, so that the email is sent later, once.
 */
export const releaseUnsent = async (db: Db, id: string): Promise<void> => {
  await db
    .delete(sentEmails)
    .where(and(eq(sentEmails.id, id), inArray(sentEmails.status, ['queued', 'sending'])));
};
