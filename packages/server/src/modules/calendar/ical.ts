/**
 * An iCalendar (RFC 5545) writer for meeting invitations (iTIP, RFC 5546): METHOD REQUEST or
 * CANCEL, one VEVENT in the organiser's time zone with its VTIMEZONE, CRLF line endings,
 * lines folded at 75 octets, TEXT values escaped.
 */
import { offsetAt, transitionsBetween, wallTimeAt } from './zone.ts';
import type { WallTime } from './zone.ts';

export type ICalMethod = 'REQUEST' | 'CANCEL';

export type ICalPerson = { name: string; email: string };

export type ICalEvent = {
  method: ICalMethod;
  uid: string;
  sequence: number;
  /** When this version was written (DTSTAMP), in ms. */
  stamp: number;
  start: number;
  end: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: ICalPerson;
  attendees: readonly string[];
  created: number;
  lastModified: number;
};

const CRLF = '\r\n';
const MAX_OCTETS = 75;

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, '0');

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in a content line.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** A parameter value (CN): quoted when it holds ':', ';' or ','; quotes are not allowed in it. */
export const paramValue = (value: string): string => {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '').trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
};

/**
 * One content line folded so that no line is longer than 75 octets (UTF-8), never inside a
 * character; each continuation line starts with a space (RFC 5545 §3.1).
 */
export const foldLine = (line: string): string => {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = pieces.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
};

const dateTime = (wall: WallTime) =>
  `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;

/** A UTC DATE-TIME: 20250114T093000Z. */
export const utcDateTime = (ms: number): string => `${dateTime(wallTimeAt(ms, 'UTC'))}Z`;

/** A local DATE-TIME (used with TZID): 20250114T103000. */
export const localDateTime = (ms: number, timeZone: string): string =>
  dateTime(wallTimeAt(ms, timeZone));

/** A UTC-OFFSET: +0100, -0330, +053028 when seconds are part of it. */
export const utcOffset = (offsetMs: number): string => {
  const total = Math.round(Math.abs(offsetMs) / 1000);
  const sign = offsetMs < 0 ? '-' : '+';
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${sign}${pad(hours)}${pad(minutes)}${seconds ? pad(seconds) : ''}`;
};

const shortNames = new Map<string, Intl.DateTimeFormat>();

const shortName = (locale: string, ms: number, timeZone: string): string => {
  const key = `${locale}|${timeZone}`;
  let format = shortNames.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    shortNames.set(key, format);
  }
  return (
    format.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
};

/** The zone's abbreviation at an instant as Intl knows it (EST, CET), else GMT+1. */
const zoneName = (ms: number, timeZone: string): string => {
  const names = ['en-US', 'en-GB'].map((locale) => shortName(locale, ms, timeZone));
  return names.find((name) => /^[A-Z]{2,5}$/.test(name) && name !== 'GMT') ?? names[0]!;
};

type Observance = {
  kind: 'STANDARD' | 'DAYLIGHT';
  /** Local wall time (before the change) at which it starts. */
  onset: string;
  offsetFrom: number;
  offsetTo: number;
  name: string;
};

const yearStart = (year: number) => Date.UTC(year, 0, 1);

const cache = new Map<string, string[]>();

/**
 * The VTIMEZONE of `timeZone` for the years from `start` to `end`: every offset change in
 * those years, each as a STANDARD or DAYLIGHT observance with its real onset, plus the last
 * change before them so that the first day is covered. A zone without changes gets one
 * STANDARD observance.
 */
export const vtimezone = (timeZone: string, start: number, end: number): string[] => {
  const firstYear = wallTimeAt(start, timeZone).year;
  const lastYear = wallTimeAt(end, timeZone).year;
  const key = `${timeZone}|${firstYear}|${lastYear}`;
  const cached = cache.get(key);
  if (cached) return cached;

  const spanStart = yearStart(firstYear) - 86_400_000;
  const spanEnd = yearStart(lastYear + 1) + 86_400_000;
  const earlier = transitionsBetween(yearStart(firstYear - 1), spanStart, timeZone);
  const within = transitionsBetween(spanStart, spanEnd, timeZone);
  const toObservance = (t: { at: number; offsetBefore: number; offsetAfter: number }) => ({
    kind: t.offsetAfter > t.offsetBefore ? ('DAYLIGHT' as const) : ('STANDARD' as const),
    onset: dateTime(wallTimeAt(t.at + t.offsetBefore, 'UTC')),
    offsetFrom: t.offsetBefore,
    offsetTo: t.offsetAfter,
    name: zoneName(t.at, timeZone),
  });
  const observances: Observance[] = within.map(toObservance);
  const before = earlier.at(-1);
  if (before) {
    observances.unshift(toObservance(before));
  } else {
    const offset = offsetAt(spanStart, timeZone);
    observances.unshift({
      kind: 'STANDARD',
      onset: '19700101T000000',
      offsetFrom: offset,
      offsetTo: offset,
      name: zoneName(spanStart, timeZone),
    });
  }
  const lines = [`BEGIN:VTIMEZONE`, `TZID:${timeZone}`];
  for (const observance of observances) {
    lines.push(
      `BEGIN:${observance.kind}`,
      `DTSTART:${observance.onset}`,
      `TZOFFSETFROM:${utcOffset(observance.offsetFrom)}`,
      `TZOFFSETTO:${utcOffset(observance.offsetTo)}`,
      ...(observance.name ? [`TZNAME:${escapeText(observance.name)}`] : []),
      `END:${observance.kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  if (cache.size > 500) cache.clear();
  cache.set(key, lines);
  return lines;
};

const mailto = (email: string) => `mailto:${email}`;

const attendeeLine = (email: string, method: ICalMethod) =>
  method === 'REQUEST'
    ? `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;CN=${paramValue(email)}:${mailto(email)}`
    : `ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;CN=${paramValue(email)}:${mailto(email)}`;

/** The whole iCalendar object, CRLF-terminated lines, ready to send. */
export const buildICalendar = (event: ICalEvent): string => {
  const tz = event.timeZone;
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Leadline//Leadline CRM//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    ...vtimezone(tz, event.start, event.end),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART;TZID=${tz}:${localDateTime(event.start, tz)}`,
    `DTEND;TZID=${tz}:${localDateTime(event.end, tz)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `ORGANIZER;CN=${paramValue(event.organizer.name || event.organizer.email)}:${mailto(event.organizer.email)}`,
    ...event.attendees.map((email) => attendeeLine(email, event.method)),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    `CREATED:${utcDateTime(event.created)}`,
    `LAST-MODIFIED:${utcDateTime(event.lastModified)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
};
