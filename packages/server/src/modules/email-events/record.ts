import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { SentEmail } from '@leadline/shared/email';
import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { sentEmails, users } from '../../db/schema.ts';
import { currentEventDepth } from '../events/context.ts';
import { recordEvents } from '../events/record.ts';
import { toSentEmail } from './present.ts';
import type { LeadEmailRow } from './present.ts';

/*
 * The email.* events, written by sending (email.sent), replies (email.replied) and
 * deliverability (email.bounced): below all three, so that each may import it.
 */

/** A sent email as email.* events carry it: as a lead's history shows it, with its lead. */
export type EventEmail = SentEmail & { leadId: string | null };

/** Sent emails with their sender's name, as a lead's history and the events read them. */
export const leadEmailRows = (db: Db) =>
  db
    .select({ ...getTableColumns(sentEmails), senderName: users.name })
    .from(sentEmails)
    .leftJoin(users, eq(users.id, sentEmails.userId));

const readEmails = async (tx: Db, ids: readonly string[]): Promise<LeadEmailRow[]> =>
  ids.length === 0
    ? []
    : leadEmailRows(tx).where(sql`${sentEmails.id} = ANY(${sql.param([...ids])}::uuid[])`);

/**
 * The email as the lead's history shows it, but with the body as it was sent: the history
 * cleans HTML for display in the app, which a receiver of the event does itself (and cleaning
 * every email of a bulk run would slow the run down by a third).
 */
const eventEmail = (row: LeadEmailRow): EventEmail => ({
  ...toSentEmail({ ...row, bodyHtml: null }),
  bodyHtml: row.bodyHtml,
  leadId: row.leadId,
});

/** An email event about something that came in (a reply, a bounce) for a sent email. */
export type IncomingEmailEvent = {
  type: Extract<EventType, 'email.replied' | 'email.bounced'>;
  organizationId: string;
  leadId: string;
  /** The email answered or bounced, when known (else `email` is null). */
  sentEmailId: string | null;
  /** The record the event is about: the reply, else the sent email, else the lead. */
  subjectId?: string;
  /** What the event adds beside `email` (the reply, the bounce). */
  extra: Record<string, unknown>;
};

/** Writes an email.replied / email.bounced event in `tx`, the change's transaction. */
export const recordIncomingEmailEvent = async (tx: Db, event: IncomingEmailEvent) => {
  const [row] = event.sentEmailId ? await readEmails(tx, [event.sentEmailId]) : [];
  await recordEvents(tx, [
    {
      organizationId: event.organizationId,
      type: event.type,
      subjectId: event.subjectId ?? event.sentEmailId ?? event.leadId,
      leadId: event.leadId,
      data: { email: row ? eventEmail(row) : null, leadId: event.leadId, ...event.extra },
    },
  ]);
};

/**
 * email.sent for emails the mail server accepted (not meeting invitations), in `tx`, the
 * transaction that records them sent: `{ email }`, the sender as actor. One read however many.
 */
export const recordEmailsSent = async (tx: Db, sentEmailIds: readonly string[]): Promise<void> => {
  const rows = await readEmails(tx, sentEmailIds);
  await recordEvents(
    tx,
    rows.flatMap((row) =>
      row.organizationId
        ? [
            {
              organizationId: row.organizationId,
              type: 'email.sent' as const,
              subjectId: row.id,
              leadId: row.leadId,
              actorId: row.userId,
              data: { email: eventEmail(row) },
            },
          ]
        : [],
    ),
  );
};

/**
 * email.sent for the rows of `sent`, the name of a CTE that updates sent_emails to 'sent' and
 * returns whole rows: an INSERT to put in the same statement, so a bulk or campaign run records
 * its emails sent and their events in one round trip, as it recorded them before events. It
 * builds, in SQL, the email as eventEmail does (events.test compares the two).
 */
export const emailSentEventsSql = (sent: SQL): SQL => sql`
  INSERT INTO events (organization_id, type, subject_id, lead_id, actor_id, data, depth)
  SELECT s.organization_id, 'email.sent', s.id, s.lead_id, s.user_id,
    jsonb_build_object('email', jsonb_build_object(
      '_id', s.id, 'subject', s.subject, 'to', s.to_address,
      'cc', coalesce((SELECT jsonb_agg(trim(c.address) ORDER BY c.n)
                      FROM unnest(string_to_array(s.cc, ',')) WITH ORDINALITY AS c(address, n)
                      WHERE trim(c.address) <> ''), '[]'::jsonb),
      'messageId', s.message_id, 'kind', 'sent', 'via', s.kind, 'status', s.status,
      'sentAt', to_char(s.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'sender', CASE WHEN s.user_id IS NULL THEN NULL
                ELSE jsonb_build_object('name', coalesce(u.name, ''), 'email', s.from_address) END,
      'bounce', s.bounce, 'bodyHtml', s.body_html, 'leadId', s.lead_id)
      || CASE WHEN coalesce(s.error, '') <> '' THEN jsonb_build_object('error', s.error)
              ELSE '{}'::jsonb END),
    ${currentEventDepth()}::smallint
  FROM ${sent} s LEFT JOIN users u ON u.id = s.user_id
  WHERE s.organization_id IS NOT NULL AND s.kind <> 'invitation'
  ORDER BY s.sent_at, s.id`;
