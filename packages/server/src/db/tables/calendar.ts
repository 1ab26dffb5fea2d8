// Tables of this feature; re-exported by ../tables.ts so drizzle-kit and the typed client see them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AttendeeResponse, InvitationStatus } from '@leadline/shared/calendar';
import { clients, createdAt, id, leads, organizationId, updatedAt, users } from '../schema.ts';

/**
 * Meetings of an organisation. Start and end are instants (timestamptz); `timeZone` is the
 * organiser's IANA zone, in which the meeting was planned and its invitations are written.
 * `uid` is the iCalendar UID, fixed for the meeting's life; `sequence` rises with each change
 * so that calendars replace the earlier version.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    organizationId: organizationId(),
    organizerId: uuid('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    uid: text('uid').notNull().unique(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meetings_org_start_idx').on(t.organizationId, t.startsAt),
    index('meetings_org_end_idx').on(t.organizationId, t.endsAt),
  ],
);

/**
 * A meeting's attendees and where each one's invitation stands: 'pending' until the current
 * version (`sentSequence` = the meeting's sequence) has been delivered, 'sent', or 'failed'
 * with the mail server's reason. `response` is the attendee's answer (iCalendar PARTSTAT):
 * 'needs-action' until they (or the organiser, by hand) say otherwise; a reschedule asks again.
 * An attendee picked from the organisation's leads or clients keeps the link (`leadId` or
 * `clientId`, of the meeting's organisation): the lead's drawer lists its meetings.
 */
export const meetingAttendees = pgTable(
  'meeting_attendees',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    position: integer('position').notNull().default(0),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    sentSequence: integer('sent_sequence'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    response: text('response').$type<AttendeeResponse>().notNull().default('needs-action'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.meetingId, t.email] }),
    index('meeting_attendees_lead_idx')
      .on(t.leadId)
      .where(sql`${t.leadId} is not null`),
    index('meeting_attendees_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('meeting_attendees_email_idx').on(t.email),
  ],
);
