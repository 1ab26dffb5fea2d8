// Readers for the way spreadsheets write dates and amounts, shared so that the mapping step's
// preview reads a cell as the import will. Each reads its text in one pass over short tokens:
// no regular expression here can backtrack on what a stranger's file holds.
import { isCalendarDate, isDayInRange } from './dates.ts';

/** Which part of `1/2/2027` is the day: day first (dmy) or month first (mdy). */
export type DateOrder = 'dmy' | 'mdy';
export const DATE_ORDERS = ['dmy', 'mdy'] as const satisfies readonly DateOrder[];

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

/** "Jan", "January", "sept" -> 1-based month; anything else: undefined. */
const monthOf = (word: string): number | undefined => {
  const lower = word.toLowerCase();
  if (lower.length < 3) return undefined;
  const index = MONTHS.indexOf(lower.slice(0, 3) as (typeof MONTHS)[number]);
  return index < 0 ? undefined : index + 1;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Year, month and day as YYYY-MM-DD when they make a real day between 1900 and 2200. */
const isoOf = (year: number, month: number, day: number): string | undefined => {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day))
    return undefined;
  const iso = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isCalendarDate(iso) && isDayInRange(iso) ? iso : undefined;
};

/** Splits text into runs of digits and runs of letters; everything else separates them. */
const tokens = (text: string): { kind: 'digits' | 'letters'; text: string; sep: string }[] => {
  const out: { kind: 'digits' | 'letters'; text: string; sep: string }[] = [];
  let current = '';
  let kind: 'digits' | 'letters' | null = null;
  let separator = '';
  const push = () => {
    if (kind && current) out.push({ kind, text: current, sep: separator });
    current = '';
    kind = null;
    separator = '';
  };
  for (const char of text) {
    const next = char >= '0' && char <= '9' ? 'digits' : /\p{L}/u.test(char) ? 'letters' : null;
    if (next === null) {
      if (kind) push();
      separator += char;
    } else if (next !== kind) {
      if (kind) push();
      kind = next;
      current = char;
    } else current += char;
  }
  push();
  return out;
};

/** Days from 1899-12-30 (a spreadsheet's day 0, leap-year bug included) to the day. */
const SERIAL_MIN = 10_000; // 1927: a smaller number in a date column is not a date.
const SERIAL_MAX = 110_000; // 2201.
export const serialDate = (serial: number): string | undefined => {
  if (!Number.isFinite(serial) || serial < SERIAL_MIN || serial > SERIAL_MAX) return undefined;
  const ms = Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000;
  const iso = new Date(ms).toISOString().slice(0, 10);
  return isDayInRange(iso) ? iso : undefined;
};

/** The first two numbers of a numeric date (`15/01/2027` -> [15, 1]), to tell its order. */
const numericParts = (text: string): [number, number] | undefined => {
  const parts = tokens(text.trim());
  if (parts.length < 3 || parts.some((part) => part.kind !== 'digits')) return undefined;
  if (parts[0]!.text.length > 2) return undefined;
  return [Number(parts[0]!.text), Number(parts[1]!.text)];
};

/**
 * A date column's order from its values: a first part over 12 means day first, a second part
 * over 12 month first; undefined when no value tells (or the values disagree).
 */
export const detectDateOrder = (values: Iterable<string>): DateOrder | undefined => {
  let dmy = false;
  let mdy = false;
  for (const value of values) {
    const parts = numericParts(value);
    if (!parts) continue;
    if (parts[0] > 12 && parts[1] <= 12) dmy = true;
    if (parts[1] > 12 && parts[0] <= 12) mdy = true;
  }
  if (dmy === mdy) return undefined;
  return dmy ? 'dmy' : 'mdy';
};

/**
 * What a column's values say of their order: 'dmy' or 'mdy' when a value tells, 'ambiguous'
 * when the column holds numeric dates (1/2/2027) that could be read either way and none tells
 * (or they disagree), undefined when it holds no such date (ISO, month names, text).
 */
export const dateColumnOrder = (values: Iterable<string>): DateOrder | 'ambiguous' | undefined => {
  let numeric = false;
  const list: string[] = [];
  for (const value of values) {
    const parts = numericParts(value);
    if (!parts) continue;
    // "15.01.2027" is day first wherever it is written: it asks nothing.
    if (value.includes('.')) continue;
    numeric = true;
    list.push(value);
  }
  if (!numeric) return undefined;
  return detectDateOrder(list) ?? 'ambiguous';
};

/**
 * A date as a spreadsheet may write it, as YYYY-MM-DD: ISO (a time after it ignored),
 * `YYYY/M/D`, `D.M.YYYY`, `DD/MM/YYYY` or `MM/DD/YYYY` (by `order`; day first when not
 * given, unless the numbers only fit month first), `Jan 15, 2027`, `15 January 2027`, and a
 * spreadsheet's serial day number. Anything else: undefined.
 */
export const readDate = (value: string, order?: DateOrder): string | undefined => {
  const text = value.trim();
  if (text === '' || text.length > 40) return undefined;
  const parts = tokens(text);
  if (parts.length === 1 && parts[0]!.kind === 'digits') {
    return parts[0]!.text.length === 8
      ? isoOf(
          Number(parts[0]!.text.slice(0, 4)),
          Number(parts[0]!.text.slice(4, 6)),
          Number(parts[0]!.text.slice(6)),
        )
      : serialDate(Number(parts[0]!.text));
  }
  // A serial with a fraction of a day ("46402.5").
  if (parts.length === 2 && parts.every((part) => part.kind === 'digits') && parts[1]!.sep === '.')
    return serialDate(Number(text));
  if (parts.length < 3) return undefined;
  const [a, b, c] = parts as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  // Anything after the date (a time, a weekday) is left aside, as long as it follows a space or a T.
  const rest = parts.slice(3);
  if (
    rest.length > 0 &&
    !(rest[0]!.sep.includes(' ') || rest[0]!.sep === 'T' || rest[0]!.sep === '')
  )
    return undefined;
  if (a.kind === 'digits' && b.kind === 'digits' && c.kind === 'digits') {
    if (a.text.length === 4) return isoOf(Number(a.text), Number(b.text), Number(c.text));
    if (c.text.length !== 4 || a.text.length > 2 || b.text.length > 2) return undefined;
    const first = Number(a.text);
    const second = Number(b.text);
    const year = Number(c.text);
    // Dots are day first wherever they are written (15.01.2027).
    const chosen: DateOrder =
      b.sep === '.' ? 'dmy' : first > 12 ? 'dmy' : second > 12 ? 'mdy' : (order ?? 'dmy');
    return chosen === 'dmy' ? isoOf(year, second, first) : isoOf(year, first, second);
  }
  // "Jan 15, 2027" and "15 January 2027" (a leading weekday, "Fri", left aside).
  const words = parts[0]!.kind === 'letters' && !monthOf(parts[0]!.text) ? parts.slice(1) : parts;
  if (words.length < 3) return undefined;
  const [x, y, z] = words as [(typeof parts)[0], (typeof parts)[0], (typeof parts)[0]];
  if (x.kind === 'letters' && y.kind === 'digits' && z.kind === 'digits' && z.text.length === 4) {
    const month = monthOf(x.text);
    return month ? isoOf(Number(z.text), month, Number(y.text)) : undefined;
  }
  if (x.kind === 'digits' && y.kind === 'letters' && z.kind === 'digits' && z.text.length === 4) {
    const month = monthOf(y.text);
    return month ? isoOf(Number(z.text), month, Number(x.text)) : undefined;
  }
  return undefined;
};

const CURRENCY_SIGNS = new Set(['$', '€', '£', '¥', '₹', '₽', '₩', '₺', '₪', '₫', 'R', '¢']);

/**
 * An amount as spreadsheets write it: either decimal mark, thousands grouped by dots, commas,
 * spaces or apostrophes, a currency sign or code before or after, a `k`/`m` suffix:
 * `€12.500,00` -> 12500, `$4,100` -> 4100, `4 100,50 €` -> 4100.5, `12.5k` -> 12500.
 * Anything else (words, two amounts, a negative sign): undefined.
 */
export const readAmount = (value: string): number | undefined => {
  let text = value.trim();
  if (text === '' || text.length > 40) return undefined;
  // A currency code (EUR, USD) before or after the amount.
  const letters = tokens(text).filter((part) => part.kind === 'letters');
  let multiplier = 1;
  for (const word of letters) {
    const lower = word.text.toLowerCase();
    if (word.text.length === 3 && word.text === word.text.toUpperCase()) continue;
    if (lower === 'k' && text.toLowerCase().endsWith('k')) multiplier = 1000;
    else if (lower === 'm' && text.toLowerCase().endsWith('m')) multiplier = 1_000_000;
    else return undefined;
  }
  let digits = '';
  let marks = '';
  for (const char of text) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char === '.' || char === ',') {
      if (digits === '') return undefined;
      marks += char;
      digits += char;
    } else if (char === ' ' || char === '\u00a0' || char === '\u202f' || char === "'") {
      // Thousands grouped by spaces or apostrophes (4 100,50; 1'000).
    } else if (CURRENCY_SIGNS.has(char) || /\p{L}/u.test(char)) {
      // The sign or code, checked above.
    } else return undefined;
  }
  if (!/\d/.test(digits)) return undefined;
  text = digits;
  if (marks.length > 0) {
    const lastMark = marks[marks.length - 1]!;
    const lastIndex = text.lastIndexOf(lastMark);
    const after = text.length - lastIndex - 1;
    const mixed = marks.includes('.') && marks.includes(',');
    // The last mark is the decimal mark when the other mark also appears, when it appears once
    // and is followed by other than three digits, or when it ends the text with one or two.
    const decimal =
      mixed || (marks.split(lastMark).length === 2 && after !== 3) ? lastMark : undefined;
    if (mixed && marks.slice(0, -1).includes(lastMark)) return undefined;
    const whole = decimal ? text.slice(0, lastIndex) : text;
    const fraction = decimal ? text.slice(lastIndex + 1) : '';
    const grouped = whole.split(decimal === '.' ? ',' : decimal === ',' ? '.' : lastMark);
    // Groups after the first are three digits: "1,00,0" is not an amount.
    if (grouped.length > 1 && grouped.slice(1).some((group) => group.length !== 3))
      return undefined;
    if (grouped.some((group) => group.includes('.') || group.includes(','))) return undefined;
    text = `${grouped.join('')}${fraction ? `.${fraction}` : ''}`;
  }
  const amount = Number(text) * multiplier;
  if (!Number.isFinite(amount)) return undefined;
  return Math.round(amount * 100) / 100;
};
