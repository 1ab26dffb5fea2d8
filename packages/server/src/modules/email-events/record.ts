import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { SentEmail } from '@leadline/shared/email';
import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { sentEmails, users } from '../../db/schema.ts';
import { recordEvents } from '../events/record.ts';
import { toSentEmail } from './present.ts';
import type { LeadEmailRow } from './present.ts';

/*
 * The email.* events, written by sending (email.sent), replies (email.replied) and
 * deliverability (email.bounced): below all three, so that each may import it.
 */

/** A sent email as email.* events carry it: as a lead's history shows it, with its lead. */
export type EventEmail = SentEmail & { leadId: string | null };

const readEmails = async (tx: Db, ids: readonly string[]): Promise<LeadEmailRow[]> =>
  ids.length === 0
    ? []
    : tx
        .select({ ...getTableColumns(sentEmails), senderName: users.name })
        .from(sentEmails)
        .leftJoin(users, eq(users.id, sentEmails.userId))
        .where(sql`${sentEmails.id} = ANY(${sql.param([...ids])}::uuid[])`);

const eventEmail = (row: LeadEmailRow): EventEmail => ({ ...toSentEmail(row), leadId: row.leadId });

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
