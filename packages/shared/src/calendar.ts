import { z } from 'zod';
import { answerSchema, isoDateTime, nullableDateTime, text } from './answers.ts';
import { uuidSchema } from './ids.ts';
import { limitParam } from './list-query.ts';
import {
  DATE_OUT_OF_RANGE,
  dateParam,
  dayNumber,
  isAcceptedDay,
  isCalendarDate,
  isDayInRange,
} from './dates.ts';

/** Limits of the meeting form. */
export const MEETING_TITLE_MAX = 100;
export const MEETING_LOCATION_MAX = 150;
export const MEETING_DESCRIPTION_MAX = 500;
/** Invitations go one email per attendee, each counted against the daily limit. */
export const MEETING_ATTENDEES_MAX = 50;
/** Default duration one hour, start times rounded up to 15 minutes. */
export const MEETING_DEFAULT_MINUTES = 60;
export const MEETING_ROUNDING_MINUTES = 15;
/** The longest range GET /api/calendar answers (a year view and a little). */
export const CALENDAR_RANGE_MAX_DAYS = 400;
export const MEETING_COLOR = 'blue';

/** The meeting form's messages. */
export const TITLE_REQUIRED = 'Meeting title is required';
export const START_REQUIRED = 'Start time is required';
export const END_REQUIRED = 'End time is required';
export const END_BEFORE_START = 'End time must be after start time';
export const INVALID_EMAIL_FORMAT = 'Invalid email format: ';
export const SELECT_DATE_FIRST = 'Please select a date first';
export const ENTER_TITLE = 'Please enter a meeting title';
export const SET_BOTH_TIMES = 'Please set both start and end times';
export const SCHEDULING_CONFLICT =
  'There appears to be a scheduling conflict with another meeting. Do you want to proceed anyway?';
export const FETCH_MEETINGS_FAILED = 'Failed to fetch meetings';
export const CREATE_MEETING_FAILED = 'Failed to create meeting';
export const SCHEDULE_FAILED =
  'Failed to schedule meeting. Please check your connection and try again.';
export const LOADING_MEETINGS = 'Loading meetings...';
export const NO_MEETINGS = 'No meetings scheduled for this date.';

export const TITLE_TOO_LONG = `Meeting title must be at most ${MEETING_TITLE_MAX} characters`;
export const LOCATION_TOO_LONG = `Location must be at most ${MEETING_LOCATION_MAX} characters`;
export const DESCRIPTION_TOO_LONG = `Description must be at most ${MEETING_DESCRIPTION_MAX} characters`;
export const TOO_MANY_ATTENDEES = `A meeting may have at most ${MEETING_ATTENDEES_MAX} attendees`;
export const INVALID_TIME_ZONE = 'Time zone must be an IANA time zone such as Europe/Berlin';
export const INVALID_DATE = 'Date must be a date (YYYY-MM-DD)';

/** The success alert. */
export const meetingScheduledMessage = (topic: string, invitations: number): string =>
  `Meeting '${topic}' scheduled successfully!` +
  (invitations > 0 ? ` Invitations will be sent to ${invitations} attendee(s).` : '');

/** The header badge. */
export const meetingsTodayLabel = (count: number): string => `${count} meeting(s) today`;

const knownZones = new Map<string, boolean>();

const checkTimeZone = (value: string): boolean => {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/**
 * A time zone the runtime knows (Intl), such as Europe/Berlin or UTC. Answers are kept (up to
 * 1,000 names): a campaign asks it for every lead it sends to.
 */
export const isTimeZone = (value: string): boolean => {
  const known = knownZones.get(value);
  if (known !== undefined) return known;
  const valid = checkTimeZone(value);
  if (knownZones.size < 1000) knownZones.set(value, valid);
  return valid;
};

/** "HH:MM" (24 hours) as minutes after midnight; null when malformed. */
export const timeToMinutes = (value: string): number | null => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes after midnight as "HH:MM". */
export const minutesToTime = (minutes: number): string =>
  `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** "1h 30m", "45m", "2h": a meeting's length in hours and minutes. */
export const durationText = (minutes: number): string => {
  if (!Number.isFinite(minutes) || minutes <= 0) return '0m';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
};

/**
 * The form's default times: now rounded up to the next 15 minutes and one
 * hour later; the end stays on the same day (at most 23:59).
 */
export const defaultMeetingTimes = (now: Date): { startTime: string; endTime: string } => {
  const minutes = now.getHours() * 60 + now.getMinutes() + (now.getSeconds() > 0 ? 1 : 0);
  const start = Math.min(
    Math.ceil(minutes / MEETING_ROUNDING_MINUTES) * MEETING_ROUNDING_MINUTES,
    24 * 60 - MEETING_ROUNDING_MINUTES,
  );
  const end = Math.min(start + MEETING_DEFAULT_MINUTES, 24 * 60 - 1);
  return { startTime: minutesToTime(start), endTime: minutesToTime(end) };
};

/** The start time of an ISO instant in 12-hour format ("2:30 PM"), 'Invalid Time' if malformed. */
export const formatTime12 = (value: string, timeZone?: string): string => {
  const date = new Date(value);
  if (!value || Number.isNaN(date.getTime())) return 'Invalid Time';
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
};

/** Attendees as typed (comma, semicolon or line separated) or as a list. */
export const splitAttendees = (value: string | readonly string[]): string[] =>
  (typeof value === 'string' ? [value] : [...value])
    .flatMap((entry) => entry.split(/[,;\n]/))
    .map((entry) => entry.trim())
    .filter(Boolean);

const ADDRESS = z.email().max(254);

/** The entries that are not valid email addresses. */
export const invalidAttendees = (list: readonly string[]): string[] =>
  list.filter((entry) => !ADDRESS.safeParse(entry).success);

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

const dateField = z
  .string({ error: SELECT_DATE_FIRST })
  .trim()
  .min(1, SELECT_DATE_FIRST)
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine(isCalendarDate, INVALID_DATE)
  .refine(isDayInRange, DATE_OUT_OF_RANGE);

const timeField = (required: string, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => timeToMinutes(value) !== null, `${label} must be a time (HH:MM)`);

const attendeesField = z
  .union(
    [
      z.string().max(MEETING_ATTENDEES_MAX * 260, TOO_MANY_ATTENDEES),
      z.array(z.string()).max(MEETING_ATTENDEES_MAX * 2, TOO_MANY_ATTENDEES),
    ],
    { error: 'Attendees must be a list of email addresses' },
  )
  .optional()
  .transform((value) => splitAttendees(value ?? []))
  .superRefine((list, ctx) => {
    const invalid = invalidAttendees(list);
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${INVALID_EMAIL_FORMAT}${invalid
          .slice(0, 5)
          .map((entry) => (entry.length > 60 ? `${entry.slice(0, 57)}...` : entry))
          .join(', ')}`,
      });
    }
  })
  .transform((list) => [...new Set(list.map((entry) => entry.toLowerCase()))])
  .refine((list) => list.length <= MEETING_ATTENDEES_MAX, TOO_MANY_ATTENDEES);

/** The end time comes after the start time: one problem, on the end time. */
const endAfterStart = (
  times: { startTime: string; endTime: string },
  ctx: z.RefinementCtx,
): void => {
  const start = timeToMinutes(times.startTime);
  const end = timeToMinutes(times.endTime);
  if (start !== null && end !== null && end <= start) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_BEFORE_START });
  }
};

const timeZoneField = z
  .string({ error: INVALID_TIME_ZONE })
  .trim()
  .max(64, INVALID_TIME_ZONE)
  .refine(isTimeZone, INVALID_TIME_ZONE)
  .optional()
  .default('UTC');

/** A meeting attendee picked from the organisation's leads or clients. */
export const MEETING_LINK_KINDS = ['lead', 'client'] as const;
export type MeetingLinkKind = (typeof MEETING_LINK_KINDS)[number];

export const INVALID_LINK = 'Each linked attendee must be a lead or a client of the organisation';
export const linkedNotFound = (kind: MeetingLinkKind): string =>
  kind === 'lead' ? 'Attendee lead not found' : 'Attendee client not found';
export const linkedWithoutEmail = (name: string): string =>
  `${name} has no email address to send the invitation to`;

const linkField = z
  .array(
    z.object(
      {
        kind: z.enum(MEETING_LINK_KINDS, { error: INVALID_LINK }),
        id: uuidSchema(INVALID_LINK),
      },
      { error: INVALID_LINK },
    ),
    { error: INVALID_LINK },
  )
  .max(MEETING_ATTENDEES_MAX, TOO_MANY_ATTENDEES)
  .optional()
  .default([])
  .transform((list) => {
    const seen = new Set<string>();
    return list
      .map((link) => ({ kind: link.kind, id: link.id.toLowerCase() }))
      .filter(
        (link) => !seen.has(`${link.kind}:${link.id}`) && seen.add(`${link.kind}:${link.id}`),
      );
  });

/**
 * A meeting as the form sends it (POST and PUT /api/calendar): the date and times are wall
 * times in `timeZone`, the organiser's IANA zone (the browser's, from Intl).
 */
export const meetingSchema = z
  .object({
    topic: z
      .string({ error: TITLE_REQUIRED })
      .transform(oneLine)
      .pipe(z.string().min(1, TITLE_REQUIRED).max(MEETING_TITLE_MAX, TITLE_TOO_LONG)),
    date: dateField,
    startTime: timeField(START_REQUIRED, 'Start time'),
    endTime: timeField(END_REQUIRED, 'End time'),
    timeZone: timeZoneField,
    location: z
      .string({ error: 'Location must be text' })
      .transform(oneLine)
      .pipe(z.string().max(MEETING_LOCATION_MAX, LOCATION_TOO_LONG))
      .optional()
      .default(''),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(MEETING_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG)
      .optional()
      .default(''),
    attendees: attendeesField,
    /** Leads and clients picked as attendees: linked to the meeting, invited at their email. */
    links: linkField,
  })
  .superRefine(endAfterStart);
export type MeetingInput = z.input<typeof meetingSchema>;
export type MeetingData = z.output<typeof meetingSchema>;

/**
 * GET /api/calendar: one day (`date`) or the days `from` to `to` (inclusive), as days in
 * `timeZone` (the viewer's; UTC when absent). A meeting is listed on every day it overlaps.
 */
export const calendarQuerySchema = z
  .object({
    date: dateParam('date'),
    from: dateParam('from'),
    to: dateParam('to'),
    timeZone: z
      .string()
      .max(64, INVALID_TIME_ZONE)
      .refine(isTimeZone, INVALID_TIME_ZONE)
      .optional()
      .default('UTC'),
  })
  .superRefine((query, ctx) => {
    if (query.date) return;
    if (!query.from || !query.to) {
      ctx.addIssue({
        code: 'custom',
        path: [query.from ? 'to' : 'from'],
        message: 'Give a date, or from and to (YYYY-MM-DD)',
      });
      return;
    }
    if (!isAcceptedDay(query.from) || !isAcceptedDay(query.to)) return;
    const days = dayNumber(query.to) - dayNumber(query.from);
    if (days < 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    } else if (days >= CALENDAR_RANGE_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A range may span at most ${CALENDAR_RANGE_MAX_DAYS} days`,
      });
    }
  });
export type CalendarQuery = z.input<typeof calendarQuerySchema>;
export type CalendarParams = z.output<typeof calendarQuerySchema>;

export const calendarActivityQuerySchema = z.object({
  limit: limitParam(50, 8),
});
export type CalendarActivityParams = z.output<typeof calendarActivityQuerySchema>;

export const INVITATION_STATUSES = ['pending', 'sent', 'failed'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An attendee's answer, as iCalendar's PARTSTAT (lower case): no answer yet until they reply. */
export const ATTENDEE_RESPONSES = ['needs-action', 'accepted', 'declined', 'tentative'] as const;
export type AttendeeResponse = (typeof ATTENDEE_RESPONSES)[number];

export const RESPONSE_LABELS: Record<AttendeeResponse, string> = {
  'needs-action': 'No answer yet',
  accepted: 'Accepted',
  declined: 'Declined',
  tentative: 'Tentative',
};

export const INVALID_RESPONSE = `Response must be one of ${ATTENDEE_RESPONSES.join(', ')}`;

/** PUT /api/calendar/:id/attendees/:email/response. */
export const attendeeResponseSchema = z.object({
  response: z.enum(ATTENDEE_RESPONSES, { error: INVALID_RESPONSE }),
});
export type AttendeeResponseInput = z.input<typeof attendeeResponseSchema>;
export type AttendeeResponseData = z.output<typeof attendeeResponseSchema>;

/** One attendee's invitation: not sent yet, sent (for the meeting's current version) or failed. */
export type MeetingInvitation = {
  email: string;
  status: InvitationStatus;
  sentAt: string | null;
  /** Their answer to the current version. */
  response: AttendeeResponse;
  /** Why it is still pending or why it failed. */
  error?: string;
};

/** An attendee who is one of the organisation's leads or clients. */
export type MeetingLink = { kind: MeetingLinkKind; id: string; name: string; email: string };

export type Meeting = {
  _id: string;
  topic: string;
  description: string;
  location: string;
  /** The organiser's wall date and times, in `timeZone`. */
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  /** The same instants in UTC (ISO): the grid shows them in the viewer's local time. */
  start: string;
  end: string;
  attendees: string[];
  /** The attendees who are leads or clients (their emails are among `attendees`). */
  links: MeetingLink[];
  invitations: MeetingInvitation[];
  organizer: { _id: string | null; name: string; email: string };
  /** The iCalendar SEQUENCE: rises with every change. */
  sequence: number;
  color: typeof MEETING_COLOR;
  createdAt: string;
  updatedAt: string;
};

/** Every attendee accepted (a meeting without attendees is not 'confirmed'). */
export const isConfirmed = (meeting: Pick<Meeting, 'invitations'>): boolean =>
  meeting.invitations.length > 0 &&
  meeting.invitations.every((invitation) => invitation.response === 'accepted');

/**
 * GET /api/calendar/conflicts: the organisation's meetings that overlap these wall times of
 * `timeZone` (the organiser's), leaving out `exclude` (the meeting being edited).
 */
export const meetingConflictQuerySchema = z
  .object({
    date: dateField,
    startTime: timeField(START_REQUIRED, 'Start time'),
    endTime: timeField(END_REQUIRED, 'End time'),
    timeZone: timeZoneField,
    exclude: z.string().max(64).optional(),
  })
  .superRefine(endAfterStart);
export type MeetingConflictQuery = z.input<typeof meetingConflictQuerySchema>;
export type MeetingConflictParams = z.output<typeof meetingConflictQuerySchema>;

/** A clashing meeting: its topic and its wall times in the zone asked about. */
export type MeetingConflict = { _id: string; topic: string; startTime: string; endTime: string };

/** 'Overlaps “Quarterly review” (10:00–11:00) and 2 more'; null without conflicts. */
export const conflictWarning = (conflicts: readonly MeetingConflict[]): string | null => {
  const [first, ...rest] = conflicts;
  if (!first) return null;
  const more = rest.length > 0 ? ` and ${rest.length} more` : '';
  return `Overlaps “${first.topic}” (${first.startTime}–${first.endTime})${more}`;
};

/**
 * What sending did: how many invitations (or cancellations) went out, and, when some could
 * not, why (no SMTP settings, the daily limit, the mail server's answer).
 */
export type InvitationOutcome = { invitationsSent: number; notice?: string };

/** POST /api/calendar (201). */
export type ScheduleMeetingResponse = InvitationOutcome & { topic: string; meeting: Meeting };
/** PUT /api/calendar/:id and POST /api/calendar/:id/resend. */
export type MeetingChangeResponse = InvitationOutcome & { message: string; meeting: Meeting };
/** DELETE /api/calendar/:id. */
export type MeetingDeleteResponse = InvitationOutcome & { message: string };

/* Answers (the server's response schemas, and so /api/docs). */

const invitationAnswerSchema = answerSchema<MeetingInvitation>()({
  email: text,
  status: text,
  sentAt: nullableDateTime,
  response: text,
  error: text.optional(),
});

const meetingLinkAnswerSchema = answerSchema<MeetingLink>()({
  kind: text,
  id: text,
  name: text,
  email: text,
});

export const meetingAnswerSchema = answerSchema<Meeting>()({
  _id: text,
  topic: text,
  description: text,
  location: text,
  date: text,
  startTime: text,
  endTime: text,
  timeZone: text,
  start: isoDateTime,
  end: isoDateTime,
  attendees: z.array(text),
  links: z.array(meetingLinkAnswerSchema),
  invitations: z.array(invitationAnswerSchema),
  organizer: z.object({ _id: text.nullable(), name: text, email: text }),
  sequence: z.number(),
  color: z.literal(MEETING_COLOR),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

// Last, as the services spread it (the serializer writes the keys in the schema's order).
const outcome = { invitationsSent: z.number(), notice: text.optional() };

export const scheduleMeetingAnswerSchema = answerSchema<ScheduleMeetingResponse>()({
  topic: text,
  meeting: meetingAnswerSchema,
  ...outcome,
});

export const meetingChangeAnswerSchema = answerSchema<MeetingChangeResponse>()({
  message: text,
  meeting: meetingAnswerSchema,
  ...outcome,
});

export const meetingDeleteAnswerSchema = answerSchema<MeetingDeleteResponse>()({
  message: text,
  ...outcome,
});

export const meetingConflictAnswerSchema = answerSchema<MeetingConflict>()({
  _id: text,
  topic: text,
  startTime: text,
  endTime: text,
});

/* Leads and clients as attendees. */

export const ATTENDEE_SEARCH_MIN = 2;
export const ATTENDEE_SEARCH_LIMIT = 8;

/** GET /api/calendar/attendee-options?q=: the organisation's leads and clients by name or email. */
export const attendeeSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Search text is required' })
    .trim()
    .min(ATTENDEE_SEARCH_MIN, `Type at least ${ATTENDEE_SEARCH_MIN} characters`)
    .max(100, 'Search text must be at most 100 characters'),
});
export type AttendeeSearchQuery = z.input<typeof attendeeSearchQuerySchema>;

/** A lead or client the attendee picker offers. */
export type AttendeeOption = MeetingLink & { company: string };

export const attendeeOptionAnswerSchema = answerSchema<AttendeeOption>()({
  kind: text,
  id: text,
  name: text,
  email: text,
  company: text,
});

export const LINKED_MEETINGS_MAX = 50;

/** GET /api/calendar/linked?leadId= | clientId=: the meetings a lead or client attends. */
export const linkedMeetingsQuerySchema = z
  .object({
    leadId: uuidSchema('Invalid lead ID').optional(),
    clientId: uuidSchema('Invalid client ID').optional(),
  })
  .refine((query) => (query.leadId === undefined) !== (query.clientId === undefined), {
    message: 'Give a leadId or a clientId',
  });
export type LinkedMeetingsQuery = z.input<typeof linkedMeetingsQuerySchema>;

/** Upcoming ones soonest first; past ones most recent first (at most LINKED_MEETINGS_MAX each). */
export type LinkedMeetings = { upcoming: Meeting[]; past: Meeting[] };

export const linkedMeetingsAnswerSchema = answerSchema<LinkedMeetings>()({
  upcoming: z.array(meetingAnswerSchema),
  past: z.array(meetingAnswerSchema),
});
