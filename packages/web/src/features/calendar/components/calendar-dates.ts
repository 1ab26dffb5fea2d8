import type { Meeting } from '@leadline/shared/calendar';
import { toDateInputValue } from '../../../lib/format.ts';

export const CALENDAR_VIEWS = ['day', 'week', 'month', 'year'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const isCalendarView = (value: string): value is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(value);

/** The browser's IANA time zone: the organiser's zone for a new meeting, the grid's zone. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `YYYY-MM-DD` of a local day. */
export const dayKey = toDateInputValue;

/** A local day from `YYYY-MM-DD`, or null when it is not one. */
export const parseDayKey = (key: string): Date | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return dayKey(date) === key ? date : null;
};

export const startOfDay = (date: Date): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate());

export const addDays = (date: Date, days: number): Date =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** The same day of another month, or that month's last day. */
export const addMonths = (date: Date, months: number): Date => {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const last = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), last));
};

export const isSameDay = (a: Date, b: Date): boolean => dayKey(a) === dayKey(b);

/** Weeks start on Sunday in the calendar's grids. */
export const startOfWeek = (date: Date): Date => addDays(date, -date.getDay());

export const weekDays = (anchor: Date): Date[] =>
  Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));

/** The six weeks (42 days) a month grid shows, from the Sunday before the 1st. */
export const monthGridDays = (anchor: Date): Date[] => {
  const first = startOfWeek(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
};

/** The days a view shows, as the query's `from` and `to`. */
export const visibleRange = (view: CalendarView, anchor: Date): { from: string; to: string } => {
  if (view === 'day') return { from: dayKey(anchor), to: dayKey(anchor) };
  if (view === 'week') {
    const days = weekDays(anchor);
    return { from: dayKey(days[0]!), to: dayKey(days[6]!) };
  }
  if (view === 'month') {
    const days = monthGridDays(anchor);
    return { from: dayKey(days[0]!), to: dayKey(days[41]!) };
  }
  return {
    from: dayKey(new Date(anchor.getFullYear(), 0, 1)),
    to: dayKey(new Date(anchor.getFullYear(), 11, 31)),
  };
};

/** One step of the view's navigation (a day, a week, a month or a year). */
export const stepAnchor = (view: CalendarView, anchor: Date, direction: 1 | -1): Date => {
  if (view === 'day') return addDays(anchor, direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  if (view === 'month') return addMonths(anchor, direction);
  return addMonths(anchor, 12 * direction);
};

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const monthDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** "March 2031", "Mar 9 – Mar 15, 2031", "Wednesday, March 12, 2031" or "2031". */
export const periodLabel = (view: CalendarView, anchor: Date): string => {
  if (view === 'day') return longDay.format(anchor);
  if (view === 'week') {
    const days = weekDays(anchor);
    return `${monthDay.format(days[0]!)} – ${monthDay.format(days[6]!)}, ${days[6]!.getFullYear()}`;
  }
  if (view === 'month') return monthYear.format(anchor);
  return String(anchor.getFullYear());
};

/** "Wednesday, March 12, 2031": the day under 'Meetings for {date}'. */
export const formatLongDay = (date: Date): string => longDay.format(date);

export const monthName = (date: Date): string => monthYear.format(date);

/** Sun, Mon, … in the browser's language. */
export const weekdayNames = (style: 'short' | 'narrow'): string[] => {
  const format = new Intl.DateTimeFormat(undefined, { weekday: style });
  return weekDays(new Date(2024, 0, 7)).map((day) => format.format(day));
};

/** The meetings that overlap a local day, by start. */
export const meetingsOnDay = (meetings: readonly Meeting[], day: Date): Meeting[] => {
  const start = startOfDay(day).getTime();
  const end = addDays(day, 1).getTime();
  return meetings.filter(
    (meeting) => Date.parse(meeting.start) < end && Date.parse(meeting.end) > start,
  );
};

/** The local days (keys) on which any of the meetings take place. */
export const meetingDays = (meetings: readonly Meeting[]): Set<string> => {
  const days = new Set<string>();
  for (const meeting of meetings) {
    const end = Date.parse(meeting.end);
    for (let day = startOfDay(new Date(meeting.start)); day.getTime() < end; day = addDays(day, 1))
      days.add(dayKey(day));
  }
  return days;
};

/** Minutes since local midnight of `day`, clamped to the day (a meeting drawn on it). */
export const minutesIntoDay = (iso: string, day: Date): number => {
  const minutes = (Date.parse(iso) - startOfDay(day).getTime()) / 60_000;
  return Math.min(Math.max(minutes, 0), 24 * 60);
};
