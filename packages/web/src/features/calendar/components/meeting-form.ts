import {
  ENTER_TITLE,
  SELECT_DATE_FIRST,
  SET_BOTH_TIMES,
  defaultMeetingTimes,
  invalidAttendees,
  meetingConflictQuerySchema,
  meetingSchema,
  splitAttendees,
  timeToMinutes,
} from '@leadline/shared/calendar';
import type { Meeting, MeetingInput, MeetingLink } from '@leadline/shared/calendar';
import type { ConflictQuery } from '../api/get-conflicts.ts';

/** The Schedule Meeting form as typed (attendees as one comma-separated text). */
export type MeetingFormValues = {
  topic: string;
  date: string;
  startTime: string;
  endTime: string;
  location: string;
  attendees: string;
  description: string;
};
export type MeetingField = keyof MeetingFormValues;

export const MEETING_FIELDS: readonly MeetingField[] = [
  'topic',
  'date',
  'startTime',
  'endTime',
  'location',
  'attendees',
  'description',
];

/** A new meeting on `date`: now rounded up to 15 minutes, one hour long. */
export const newMeetingValues = (date: string, now = new Date()): MeetingFormValues => ({
  topic: '',
  date,
  ...defaultMeetingTimes(now),
  location: '',
  attendees: '',
  description: '',
});

/**
 * An existing meeting as the form edits it: its organiser's date and times; the typed
 * attendees are those who are not linked leads or clients (those are the picker's).
 */
export const meetingValues = (meeting: Meeting): MeetingFormValues => {
  const linked = new Set(meeting.links.map((link) => link.email));
  return {
    topic: meeting.topic,
    date: meeting.date,
    startTime: meeting.startTime,
    endTime: meeting.endTime,
    location: meeting.location,
    attendees: meeting.attendees.filter((email) => !linked.has(email)).join(', '),
    description: meeting.description,
  };
};

export const toMeetingInput = (
  values: MeetingFormValues,
  timeZone: string,
  links: readonly MeetingLink[] = [],
): MeetingInput => ({
  topic: values.topic,
  date: values.date,
  startTime: values.startTime,
  endTime: values.endTime,
  timeZone,
  location: values.location,
  description: values.description,
  attendees: splitAttendees(values.attendees),
  links: links.map((link) => ({ kind: link.kind, id: link.id })),
});

/**
 * The page's own checks before it sends, first failing one; null when fine. Times
 * in the wrong order are left to the End Time field's own message, so it shows once.
 */
export const submitProblem = (values: MeetingFormValues): string | null => {
  if (!values.date) return SELECT_DATE_FIRST;
  if (!values.topic.trim()) return ENTER_TITLE;
  if (!values.startTime || !values.endTime) return SET_BOTH_TIMES;
  return null;
};

/** Each field's first problem under the shared rules (the server checks the same). */
export const fieldProblems = (
  values: MeetingFormValues,
  timeZone: string,
): Partial<Record<MeetingField, string>> => {
  const result = meetingSchema.safeParse(toMeetingInput(values, timeZone));
  const problems: Partial<Record<MeetingField, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (MEETING_FIELDS as readonly string[]).includes(field))
      problems[field as MeetingField] ??= issue.message;
  }
  return problems;
};

/** Minutes between the two times (0 when not both set or not in order). */
export const durationMinutes = (values: MeetingFormValues): number => {
  const start = timeToMinutes(values.startTime);
  const end = timeToMinutes(values.endTime);
  return start !== null && end !== null && end > start ? end - start : 0;
};

/** The valid addresses typed so far and the picked leads' and clients' (the summary's count). */
export const attendeeCount = (
  values: MeetingFormValues,
  links: readonly MeetingLink[] = [],
): number => {
  const list = splitAttendees(values.attendees);
  const invalid = new Set(invalidAttendees(list));
  return new Set([
    ...list.filter((entry) => !invalid.has(entry)).map((e) => e.toLowerCase()),
    ...links.map((link) => link.email.toLowerCase()),
  ]).size;
};

/** What the conflict warning asks about; null until the date and both times make sense. */
export const conflictQuery = (
  values: MeetingFormValues,
  timeZone: string,
  excludeId: string | null,
): ConflictQuery | null => {
  const query = {
    date: values.date,
    startTime: values.startTime,
    endTime: values.endTime,
    timeZone,
    ...(excludeId ? { exclude: excludeId } : {}),
  };
  return meetingConflictQuerySchema.safeParse(query).success ? query : null;
};
