import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AttendeeResponse } from '@leadline/shared/calendar';
import type { Db } from '../db/connection.ts';
import { leads, users } from '../db/schema.ts';
import { meetingAttendees } from '../db/tables/calendar.ts';
import { logActivity } from '../modules/activity/repo.ts';
import { whenText } from '../modules/calendar/invitation-message.ts';
import { scheduledDetails } from '../modules/calendar/present.ts';
import { insertMeeting, replaceAttendees, setResponse } from '../modules/calendar/repo.ts';
import { wallTimeAt, zonedToInstant } from '../modules/calendar/zone.ts';

type DemoMeeting = [
  day: number,
  start: string,
  minutes: number,
  topic: string,
  location: string,
  description: string,
  leads: number,
];

/** Demo meetings: days from today, start, length, topic, place, agenda, how many lead attendees. */
// prettier-ignore
const DEMO_MEETINGS: readonly DemoMeeting[] = [
  [-12, '10:00', 60, 'Discovery call', 'Video call', 'First call: needs, team size and timeline.', 1],
  [-6, '14:00', 45, 'Product demo', 'Video call', 'Demo of the reporting module.', 2],
  [-3, '09:30', 30, 'Pricing follow-up', 'Phone', 'Answer the questions on the annual plan.', 1],
  [-1, '16:00', 60, 'Contract review', 'Head office, room 2', 'Go through the draft contract.', 2],
  [0, '11:00', 30, 'Pipeline review', 'Room 4', 'Weekly review of open deals.', 0],
  [0, '15:00', 60, 'Onboarding kickoff', 'Video call', 'Plan the first month together.\n1. Accounts\n2. Import\n3. Training', 3],
  [1, '10:30', 60, 'Quarterly business review', 'Client office', 'Results of the quarter and goals for the next.', 2],
  [2, '13:00', 90, 'Workshop: data import', 'Video call', 'Hands-on session importing their spreadsheets.', 2],
  [4, '09:00', 30, 'Renewal call', 'Phone', 'Renewal terms for next year.', 1],
  [7, '11:00', 60, 'Partnership meeting', 'Head office, room 1', 'Referral partnership: terms and next steps.', 3],
  [9, '15:30', 45, 'Security questionnaire', 'Video call', 'Walk through their security questions.', 1],
  [14, '10:00', 120, 'Executive briefing', 'Client office', 'Roadmap briefing for their leadership team.', 4],
];

const DAY = 86_400_000;

const ALL_ACCEPTED: readonly AttendeeResponse[] = [
  'accepted',
  'accepted',
  'accepted',
  'accepted',
  'accepted',
];

/** The answers recorded, attendee by attendee: some meetings confirmed, one attendee declined. */
const DEMO_RESPONSES: Readonly<Record<string, readonly AttendeeResponse[]>> = {
  'Discovery call': ALL_ACCEPTED,
  'Product demo': ALL_ACCEPTED,
  'Contract review': ALL_ACCEPTED,
  'Onboarding kickoff': ['accepted', 'tentative', 'accepted'],
  'Quarterly business review': ALL_ACCEPTED,
  'Workshop: data import': ['declined', 'accepted'],
};

/**
 * The demo organisation's meetings, past and upcoming, around today in the server's time zone:
 * leads of the organisation and colleagues as attendees, each with its activity entry. Demo
 * meetings send no email: their invitations are marked sent, as if sent when the meetings
 * were planned, except for the last two, which stay 'pending' until someone uses Resend. Some
 * attendees have answered (DEMO_RESPONSES): a few meetings are confirmed, one attendee declined.
 */
export const seedDemoMeetings = async (
  db: Db,
  organizationId: string,
  organizerId: string | null,
  now = new Date(),
): Promise<void> => {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const colleagues = (
    await db
      .select({ email: users.email })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          organizerId ? ne(users.id, organizerId) : undefined,
        ),
      )
      .orderBy(asc(users.email))
  ).map((user) => user.email);
  const needed = DEMO_MEETINGS.reduce((sum, meeting) => sum + meeting[6], 0);
  const people = await db
    .select({ email: leads.personEmail, leadId: leads.id })
    .from(leads)
    .where(eq(leads.organizationId, organizationId))
    .orderBy(asc(leads.personEmail))
    .limit(needed);
  let next = 0;
  for (const [
    index,
    [days, start, minutes, topic, location, description, count],
  ] of DEMO_MEETINGS.entries()) {
    const day = wallTimeAt(now.getTime() + days * DAY, timeZone);
    const [hour, minute] = start.split(':').map(Number) as [number, number];
    const startsAt = zonedToInstant({ ...day, hour, minute, second: 0 }, timeZone);
    const endsAt = startsAt + minutes * 60_000;
    // The leads are linked: their drawers list the meeting.
    const colleague = colleagues[index % Math.max(colleagues.length, 1)];
    const guests = [...people.slice(next, next + count), ...(colleague ? [colleague] : [])];
    const attendees = guests.map((guest) => (typeof guest === 'string' ? guest : guest.email));
    next += count;
    const createdAt = new Date(Math.min(startsAt, now.getTime()) - 2 * DAY);
    const id = await insertMeeting(db, {
      organizationId,
      organizerId,
      topic,
      description,
      location,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      timeZone,
      uid: `${randomUUID()}@demo.leadline.test`,
      createdAt,
      updatedAt: createdAt,
    });
    await replaceAttendees(db, id, guests);
    // As if they went out when the meeting was planned; the last two still wait to be sent.
    if (index < DEMO_MEETINGS.length - 2) {
      await db
        .update(meetingAttendees)
        .set({ status: 'sent', sentSequence: 0, sentAt: createdAt })
        .where(eq(meetingAttendees.meetingId, id));
      for (const [position, response] of (DEMO_RESPONSES[topic] ?? []).entries()) {
        const email = attendees[position];
        if (email) await setResponse(db, id, email, response);
      }
    }
    await logActivity(db, {
      organizationId,
      userId: organizerId,
      type: 'Meeting',
      entityId: id,
      action: 'scheduled',
      details: scheduledDetails(topic, whenText(startsAt, endsAt, timeZone), attendees.length),
      createdAt,
    });
  }
};
