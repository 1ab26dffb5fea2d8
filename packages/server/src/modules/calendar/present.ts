import { MEETING_COLOR } from '@leadline/shared/calendar';
import type { Meeting, MeetingInvitation } from '@leadline/shared/calendar';
import type { AttendeeRow, MeetingRow } from './repo.ts';
import { wallClock, wallDate, wallTimeAt } from './zone.ts';

const toInvitation = (row: AttendeeRow): MeetingInvitation => ({
  email: row.email,
  status: row.status,
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  ...(row.error ? { error: row.error } : {}),
});

/** A meeting as the API shows it: the organiser's wall times and the UTC instants. */
export const toMeeting = (row: MeetingRow, attendees: readonly AttendeeRow[]): Meeting => {
  const start = wallTimeAt(row.startsAt.getTime(), row.timeZone);
  const end = wallTimeAt(row.endsAt.getTime(), row.timeZone);
  return {
    _id: row.id,
    topic: row.topic,
    description: row.description,
    location: row.location,
    date: wallDate(start),
    startTime: wallClock(start),
    endTime: wallClock(end),
    timeZone: row.timeZone,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    attendees: attendees.map((attendee) => attendee.email),
    invitations: attendees.map(toInvitation),
    organizer: {
      _id: row.organizerId,
      name: row.organizerName ?? '',
      email: row.organizerEmail ?? '',
    },
    sequence: row.sequence,
    color: MEETING_COLOR,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** How activity entries name a meeting: 'Meeting "Quarterly review"'. */
export const meetingName = (topic: string): string => `Meeting "${topic}"`;

const attendeeCount = (count: number) => `${count} ${count === 1 ? 'attendee' : 'attendees'}`;

/** The activity entry of a new meeting: what, when (organiser's zone) and with how many. */
export const scheduledDetails = (topic: string, when: string, attendees: number): string =>
  `${meetingName(topic)} scheduled for ${when} with ${attendeeCount(attendees)}`;
