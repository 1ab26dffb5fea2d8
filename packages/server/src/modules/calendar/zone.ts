/**
 * Wall times in an IANA time zone and the instants they name, from the runtime's time zone
 * data (Intl): no zone rules are written here.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** A wall-clock reading, with month 1-12. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** What the clocks in `timeZone` show at the instant `ms`. */
export const wallTimeAt = (ms: number, timeZone: string): WallTime => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
};

const wallAsUtc = (wall: WallTime): number => {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
};

/** The zone's offset from UTC at the instant `ms`, in milliseconds (east positive). */
export const offsetAt = (ms: number, timeZone: string): number => {
  const whole = Math.floor(ms / 1000) * 1000;
  return wallAsUtc(wallTimeAt(whole, timeZone)) - whole;
};

/**
 * The instant at which the clocks in `timeZone` show `wall`. A wall time that is skipped when
 * the clocks go forward names the instant as many minutes after the change (02:30 in a gap of
 * an hour is 03:30); one that happens twice when they go back names the first.
 */
export const zonedToInstant = (wall: WallTime, timeZone: string): number => {
  const local = wallAsUtc(wall);
  const before = offsetAt(local - 86_400_000, timeZone);
  const after = offsetAt(local + 86_400_000, timeZone);
  const candidates = [local - before, local - after].filter(
    (ms) => wallAsUtc(wallTimeAt(ms, timeZone)) === local,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: read the wall time with the offset in force before the change.
  return local - before;
};

/** "YYYY-MM-DD" and "HH:MM" of a wall time. */
export const wallDate = (wall: WallTime): string =>
  `${String(wall.year).padStart(4, '0')}-${String(wall.month).padStart(2, '0')}-${String(wall.day).padStart(2, '0')}`;
export const wallClock = (wall: WallTime): string =>
  `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;

/** "YYYY-MM-DD" plus "HH:MM" as a wall time. */
export const parseWallTime = (date: string, time = '00:00'): WallTime => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return { year, month, day, hour, minute, second: 0 };
};

/** The start of the day after `date` ("YYYY-MM-DD"). */
export const nextDate = (date: string): string => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/** A change of the zone's offset: the instant, and the offsets before and after it. */
export type Transition = { at: number; offsetBefore: number; offsetAfter: number };

const HOUR = 3_600_000;
/** Offsets are sampled every 6 hours: no zone changes its offset twice within that. */
const STEP = 6 * HOUR;

/** The exact instant (to the second) in (low, high] at which the offset changes. */
const findChange = (low: number, high: number, timeZone: string): number => {
  const startOffset = offsetAt(low, timeZone);
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetAt(middle, timeZone) === startOffset) low = middle;
    else high = middle;
  }
  return high;
};

/** Every offset change of the zone between the instants `from` and `to`. */
export const transitionsBetween = (from: number, to: number, timeZone: string): Transition[] => {
  const transitions: Transition[] = [];
  let previousAt = from;
  let previousOffset = offsetAt(from, timeZone);
  for (let at = from + STEP; at < to + STEP; at += STEP) {
    const sampleAt = Math.min(at, to);
    const offset = offsetAt(sampleAt, timeZone);
    if (offset !== previousOffset) {
      const changeAt = findChange(previousAt, sampleAt, timeZone);
      transitions.push({ at: changeAt, offsetBefore: previousOffset, offsetAfter: offset });
    }
    previousAt = sampleAt;
    previousOffset = offset;
  }
  return transitions;
};

/** A form's wall date and start and end times in `timeZone`, as the instants they name. */
export const wallSpanToInstants = (
  span: { date: string; startTime: string; endTime: string },
  timeZone: string,
): { startsAt: Date; endsAt: Date } => ({
  startsAt: new Date(zonedToInstant(parseWallTime(span.date, span.startTime), timeZone)),
  endsAt: new Date(zonedToInstant(parseWallTime(span.date, span.endTime), timeZone)),
});
