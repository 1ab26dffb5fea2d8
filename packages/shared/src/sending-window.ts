// When a campaign may send: days of the week and hours in a time zone (the campaign's, or each
// lead's own), and a random gap between two emails from one mailbox. Pure arithmetic on
// Intl.DateTimeFormat (Node and browsers carry the time zone data), no dependency.
import { z } from 'zod';
import { isTimeZone } from './calendar.ts';

/** Whether a zone is one the runtime knows: the calendar's check, one for the whole app. */
export { isTimeZone };

/** Days are ISO weekdays: 1 Monday ... 7 Sunday. `start`/`end` are "HH:MM" (end may be "24:00"). */
export type SendingWindow = {
  days: number[];
  start: string;
  end: string;
  timeZone: string;
  /** Send in each lead's own time zone (its time zone, else its country's, else `timeZone`). */
  leadTimeZone: boolean;
};

export type GapSeconds = { min: number; max: number };

/** SMTP warm-up: `start` emails on the first day, `increment` more each day, up to the daily limit. */
export type Warmup = { start: number; increment: number };

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEKDAY_LABELS: Record<number, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};
export const WEEKDAY_SHORT: Record<number, string> = {
  1: 'Mon',
  2: 'Tue',
  3: 'Wed',
  4: 'Thu',
  5: 'Fri',
  6: 'Sat',
  7: 'Sun',
};

/** A new campaign's window: Monday to Friday, 09:00 to 17:00, in `timeZone`. */
export const defaultSendingWindow = (timeZone: string): SendingWindow => ({
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  timeZone,
  leadTimeZone: false,
});
export const DEFAULT_GAP_SECONDS: GapSeconds = { min: 60, max: 180 };
/** A gap longer than a day would be no pacing at all. */
export const GAP_SECONDS_MAX = 86_400;
export const WARMUP_MAX = 100_000;

/* Time zones. */

/** The zones a picker offers (the runtime's list; UTC first). */
export const timeZoneNames = (): string[] => {
  const values =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...values.filter((zone) => zone !== 'UTC')];
};

/** The zone the runtime runs in (the browser's, the creator's), UTC when unknown. */
export const localTimeZone = (): string => {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
};

/** Wall-clock parts of an instant in a zone. */
type Wall = { year: number; month: number; day: number; minutes: number; weekday: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (zone: string): Intl.DateTimeFormat => {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
};

/** ISO weekday (1 Monday ... 7 Sunday) of a calendar date. */
const weekdayOf = (year: number, month: number, day: number): number =>
  ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

export const wallTime = (zone: string, at: Date): Wall => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  return { year, month, day, minutes: hour * 60 + minute, weekday: weekdayOf(year, month, day) };
};

/** "HH:MM" as minutes after midnight. */
export const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** Minutes the zone is ahead of UTC at an instant. */
const offsetMinutes = (zone: string, at: number): number => {
  const wall = wallTime(zone, new Date(at));
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * 60_000;
  return Math.round((asUtc - Math.floor(at / 60_000) * 60_000) / 60_000);
};

const MINUTE = 60_000;

/**
 * The first instant at which the zone's clock shows `minutes` past midnight of the calendar
 * date (or later, when that time does not exist: the spring-forward hour begins at its end).
 */
export const instantOf = (
  zone: string,
  date: { year: number; month: number; day: number },
  minutes: number,
): Date => {
  const wanted = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE;
  const key = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE;
  let at = wanted - offsetMinutes(zone, wanted - offsetMinutes(zone, wanted) * MINUTE) * MINUTE;
  // The earlier of two repeated wall times (fall back): step back while it still shows them.
  const earlier = at - (offsetMinutes(zone, at - 3 * 3_600_000) - offsetMinutes(zone, at)) * MINUTE;
  if (earlier < at && key(wallTime(zone, new Date(earlier))) === wanted) at = earlier;
  // A time in the spring-forward gap: the gap's end is the first instant after it.
  if (key(wallTime(zone, new Date(at))) !== wanted)
    for (let step = 0; step < 180 && key(wallTime(zone, new Date(at - MINUTE))) > wanted; step++)
      at -= MINUTE;
  return new Date(at);
};

/* The window. */

/** Whether the window is open at `at` in `zone`: a listed day, from `start` up to `end`. */
export const isOpen = (window: SendingWindow, zone: string, at: Date): boolean => {
  const wall = wallTime(zone, at);
  return (
    window.days.includes(wall.weekday) &&
    wall.minutes >= minutesOf(window.start) &&
    wall.minutes < minutesOf(window.end)
  );
};

/**
 * The first instant at or after `after` when the window is open in `zone`: `after` itself when
 * open, else the start of the next listed day's hours (in that day's offset, so that 09:00
 * stays 09:00 across daylight-saving changes). null when the window never opens.
 */
export const nextOpening = (window: SendingWindow, zone: string, after: Date): Date | null => {
  if (isOpen(window, zone, after)) return after;
  const today = wallTime(zone, after);
  for (let offset = 0; offset <= 7; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const day = {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
    if (!window.days.includes(weekdayOf(day.year, day.month, day.day))) continue;
    const opening = instantOf(zone, day, minutesOf(window.start));
    if (opening >= after && isOpen(window, zone, opening)) return opening;
  }
  return null;
};

/** The window in words: "Mon–Fri, 09:00–17:00 (Europe/Berlin)" or "… in each lead's time zone". */
export const describeWindow = (window: SendingWindow | null): string => {
  if (!window) return 'Any day, any time';
  const days = [...window.days].sort((a, b) => a - b);
  const consecutive = days.length > 2 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayText =
    days.length === 7
      ? 'Every day'
      : consecutive
        ? `${WEEKDAY_SHORT[days[0]!]}–${WEEKDAY_SHORT[days[days.length - 1]!]}`
        : days.map((d) => WEEKDAY_SHORT[d]).join(', ');
  const zone = window.leadTimeZone
    ? `each lead's time zone, else ${window.timeZone}`
    : window.timeZone;
  return `${dayText}, ${window.start}–${window.end} (${zone})`;
};

/* Rules both sides check. */

export const TIME_FORMAT = 'Times are HH:MM, from 00:00 to 24:00';
export const UNKNOWN_TIME_ZONE = 'Choose a known time zone (for example Europe/Berlin)';
export const DAYS_RANGE = 'Days are numbers from 1 (Monday) to 7 (Sunday)';
export const DAYS_REQUIRED = 'Choose at least one day';
export const START_BEFORE_END = 'The start time must be before the end time';
export const GAP_RANGE = `Gaps are whole seconds from 0 to ${GAP_SECONDS_MAX.toLocaleString('en')}`;
export const GAP_ORDER = 'The shortest gap cannot be longer than the longest';
export const WARMUP_START_RANGE = `Warm-up starts at 1 to ${WARMUP_MAX.toLocaleString('en')} emails a day`;
export const WARMUP_INCREMENT_RANGE = `The daily increase is 0 to ${WARMUP_MAX.toLocaleString('en')} emails`;

const timeField = z
  .string({ error: TIME_FORMAT })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, TIME_FORMAT);

export const timeZoneField = z
  .string({ error: UNKNOWN_TIME_ZONE })
  .max(64, UNKNOWN_TIME_ZONE)
  .refine(isTimeZone, UNKNOWN_TIME_ZONE);

export const sendingWindowSchema = z
  .object(
    {
      days: z
        .array(
          z.number({ error: DAYS_RANGE }).int(DAYS_RANGE).min(1, DAYS_RANGE).max(7, DAYS_RANGE),
          {
            error: DAYS_RANGE,
          },
        )
        .min(1, DAYS_REQUIRED)
        .max(7, DAYS_RANGE)
        .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
      start: timeField,
      end: timeField,
      timeZone: timeZoneField,
      leadTimeZone: z
        .boolean({ error: 'leadTimeZone must be true or false' })
        .optional()
        .default(false),
    },
    { error: 'sendingWindow must be an object' },
  )
  .superRefine((window, ctx) => {
    if (minutesOf(window.start) >= minutesOf(window.end))
      ctx.addIssue({ code: 'custom', path: ['end'], message: START_BEFORE_END });
  });

const gapField = z
  .number({ error: GAP_RANGE })
  .int(GAP_RANGE)
  .min(0, GAP_RANGE)
  .max(GAP_SECONDS_MAX, GAP_RANGE);

export const gapSecondsSchema = z
  .object({ min: gapField, max: gapField }, { error: 'gapSeconds must be an object' })
  .superRefine((gap, ctx) => {
    if (gap.min > gap.max) ctx.addIssue({ code: 'custom', path: ['min'], message: GAP_ORDER });
  });

export const warmupSchema = z.object(
  {
    start: z
      .number({ error: WARMUP_START_RANGE })
      .int(WARMUP_START_RANGE)
      .min(1, WARMUP_START_RANGE)
      .max(WARMUP_MAX, WARMUP_START_RANGE),
    increment: z
      .number({ error: WARMUP_INCREMENT_RANGE })
      .int(WARMUP_INCREMENT_RANGE)
      .min(0, WARMUP_INCREMENT_RANGE)
      .max(WARMUP_MAX, WARMUP_INCREMENT_RANGE),
  },
  { error: 'warmup must be an object or null' },
);

/** A random whole number of seconds in the gap (inclusive). */
export const randomGap = (gap: GapSeconds, random = Math.random): number =>
  gap.min + Math.floor(random() * (gap.max - gap.min + 1));

/* Warm-up. */

const DAY = 86_400_000;

/** Whole UTC days from `startedOn` ("YYYY-MM-DD") to `now`'s UTC date (0 on the first day). */
export const daysSince = (startedOn: string, now: Date): number => {
  const start = Date.parse(`${startedOn}T00:00:00Z`);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Number.isNaN(start) ? 0 : Math.max(0, Math.floor((today - start) / DAY));
};

/** Today's date in UTC as "YYYY-MM-DD" (the day the daily limit counts). */
export const utcDate = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * The limit today: the daily limit, or while warming up the ramp (`start` + `increment` per
 * day since `startedOn`) when that is lower; with no daily limit the ramp alone. null: none.
 */
export const effectiveDailyLimit = (
  dailyLimit: number | null,
  warmup: (Warmup & { startedOn: string }) | null,
  now: Date,
): number | null => {
  if (!warmup) return dailyLimit;
  const ramp = warmup.start + warmup.increment * daysSince(warmup.startedOn, now);
  return dailyLimit === null ? ramp : Math.min(dailyLimit, ramp);
};

/** The window as the API answers it. */
export const sendingWindowAnswerSchema = z.object({
  days: z.array(z.number()),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  leadTimeZone: z.boolean(),
});
