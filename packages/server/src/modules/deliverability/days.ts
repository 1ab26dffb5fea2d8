/** Calendar days as YYYY-MM-DD strings (which compare in order); all arithmetic in UTC. */

const MS_PER_DAY = 86_400_000;

/** The day of a year, month (1-12) and day of month; null for a date that does not exist. */
export const dayOf = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? date.toISOString().slice(0, 10) : null;
};

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The next day after `day` that falls on `weekday` (a week later when `day` is one). */
export const nextWeekday = (day: string, weekday: number): string =>
  addDays(day, ((weekday - weekdayOf(day) + 6) % 7) + 1);

/** The calendar day a Date header names, in the writer's own time zone (its +hhmm offset). */
export const localDay = (date: Date, rawHeader: string | null): string => {
  const offset = /([+-])(\d{2})(\d{2})\s*(?:\([^)]*\)\s*)?$/.exec(rawHeader ?? '');
  const minutes = offset ? (offset[1] === '-' ? -1 : 1) * (+offset[2]! * 60 + +offset[3]!) : 0;
  return new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 10);
};
