import { MONTH_PATTERN, WEEKDAY_PATTERN, monthNumber, weekdayNumber } from './date-names.ts';
import { dayOf, nextWeekday } from './days.ts';

/** A date written in a text: where it stands and the days it can mean (most likely first). */
export type DateMention = { start: number; end: number; days: string[] };

const NOT_LETTER = '(?![\\p{L}])';
const ORDINAL = '(?:st|nd|rd|th|er|º|°|\\.)?';
const YEAR = '(?:,?\\s*(?:de\\s+)?(\\d{4}))?';

// "2027-03-12"
const ISO = /(?<![\d./-])(\d{4})-(\d{2})-(\d{2})(?![\d])/gu;
// "12/03/2027", "14.03.2027", "14.03." — not a time of day such as "bis 11.30 Uhr"
const NUMERIC =
  /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2}))?(?![\d]|[./-]\d|\s*(?:uhr|h\b|am\b|pm\b|a\.m|p\.m))/giu;
// "8 March", "14. März 2027", "15 mars", "16 de marzo", "1er avril", "8th of March"
const DAY_MONTH = new RegExp(
  `(?<!\\d)(\\d{1,2})${ORDINAL}\\s*(?:de\\s+|of\\s+)?(${MONTH_PATTERN})\\.?${NOT_LETTER}${YEAR}(?!\\d)`,
  'giu',
);
// "March 8", "March 8th, 2027"
const MONTH_DAY = new RegExp(
  `(?<!\\p{L})(${MONTH_PATTERN})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!\\d)${YEAR}(?!\\d)`,
  'giu',
);
const WEEKDAY = new RegExp(`(?<!\\p{L})(${WEEKDAY_PATTERN})${NOT_LETTER}`, 'giu');
// What may stand between a weekday and the date that follows it: "Monday, the 8th", "Montag, den"
const WEEKDAY_TO_DATE = /^[\s,.]*(?:(?:the|den|der|le|el)\s*)?$/i;

const fullYear = (written: string | undefined, fallback: number) =>
  written === undefined
    ? fallback
    : written.length === 2
      ? 2000 + Number(written)
      : Number(written);

/** A day and month without a year: the first such day on or after `today`. */
const comingDay = (today: string, month: number, day: number, year?: string): string[] => {
  const thisYear = Number(today.slice(0, 4));
  if (year !== undefined) return [dayOf(fullYear(year, thisYear), month, day)].filter(isDay);
  const first = dayOf(thisYear, month, day);
  const chosen = first !== null && first < today ? dayOf(thisYear + 1, month, day) : first;
  return [chosen].filter(isDay);
};

const isDay = (day: string | null): day is string => day !== null;

const mentionsOf = (text: string, pattern: RegExp, daysOf: (match: RegExpExecArray) => string[]) =>
  [...text.matchAll(pattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    days: daysOf(match),
  }));

/**
 * Every date in `text`, in reading order. Days are resolved against `today` (a year left out
 * is the coming one; a weekday is the next one after today). A numeric date with a slash is read
 * day-first, then month-first; a dotted one only day-first.
 */
export const findDateMentions = (text: string, today: string): DateMention[] => {
  const explicit = [
    ...mentionsOf(text, ISO, (m) => [dayOf(+m[1]!, +m[2]!, +m[3]!)].filter(isDay)),
    ...mentionsOf(text, NUMERIC, (m) => {
      const [first, second] = [+m[1]!, +m[3]!];
      const orders =
        m[2] === '.'
          ? [[second, first]]
          : [
              [second, first],
              [first, second],
            ];
      return [...new Set(orders.flatMap(([month, day]) => comingDay(today, month!, day!, m[4])))];
    }),
    ...mentionsOf(text, DAY_MONTH, (m) => comingDay(today, monthNumber(m[2]!)!, +m[1]!, m[3])),
    ...mentionsOf(text, MONTH_DAY, (m) => comingDay(today, monthNumber(m[1]!)!, +m[2]!, m[3])),
  ];
  // A weekday followed by its date ("Monday 8 March") is read as that date.
  const weekdays = mentionsOf(text, WEEKDAY, (m) => [
    nextWeekday(today, weekdayNumber(m[1]!)!),
  ]).filter(
    (weekday) =>
      !explicit.some(
        (date) =>
          date.start >= weekday.end && WEEKDAY_TO_DATE.test(text.slice(weekday.end, date.start)),
      ),
  );
  const sorted = [...explicit, ...weekdays].sort((a, b) => a.start - b.start || b.end - a.end);
  // Overlapping readings of one text ("14.03.2027" is not also "03.20"): the first, longest wins.
  return sorted.reduce<DateMention[]>(
    (kept, mention) =>
      kept.some((earlier) => earlier.end > mention.start) ? kept : [...kept, mention],
    [],
  );
};
