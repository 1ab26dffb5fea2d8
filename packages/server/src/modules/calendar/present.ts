import { MEETING_COLOR } from '@leadline/shared/calendar';
import type {
  Meeting,
  MeetingConflict,
  MeetingInvitation,
  MeetingLink,
} from '@leadline/shared/calendar';
import type { AttendeeRow, MeetingRow } from './repo.ts';
import { wallClock, wallDate, wallTimeAt } from './zone.ts';

const toInvitation = (row: AttendeeRow): MeetingInvitation => ({
  email: row.email,
  status: row.status,
  sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  response: row.response,
  ...(row.error ? { error: row.error } : {}),
});

const toLink = (row: AttendeeRow): MeetingLink[] => {
  const name = row.linkName ?? row.email;
  if (row.leadId) return [{ kind: 'lead', id: row.leadId, name, email: row.email }];
  if (row.clientId) return [{ kind: 'client', id: row.clientId, name, email: row.email }];
  return [];
};

/** The attendees who are the organisation's leads or clients. */
export const meetingLinks = (attendees: readonly AttendeeRow[]): MeetingLink[] =>
  attendees.flatMap(toLink);

/** A clashing meeting as the conflict warning names it: its wall times in `timeZone`. */
export const toConflict = (row: MeetingRow, timeZone: string): MeetingConflict => ({
  _id: row.id,
  topic: row.topic,
  startTime: wallClock(wallTimeAt(row.startsAt.getTime(), timeZone)),
  endTime: wallClock(wallTimeAt(row.endsAt.getTime(), timeZone)),
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
    links: meetingLinks(attendees),
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
