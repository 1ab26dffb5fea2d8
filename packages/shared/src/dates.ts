import { z } from 'zod';

/*
 * The dates the API accepts: whole days `YYYY-MM-DD` (and dates and times) in the years
 * 1900 to 2200. Checked here once, so no arithmetic on a date a user sends can run past the
 * year 9999 (where ISO strings stop sorting) or make a loop or an allocation unbounded.
 */

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';
export const DATE_OUT_OF_RANGE = `Dates must be between ${MIN_DATE} and ${MAX_DATE}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MIN_MS = Date.parse(`${MIN_DATE}T00:00:00.000Z`);
/** The first instant after the last day accepted. */
const END_MS = Date.parse(`${MAX_DATE}T00:00:00.000Z`) + 86_400_000;

/** A calendar date that exists (2024-02-30 does not). */
export const isCalendarDate = (value: string): boolean => {
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A `YYYY-MM-DD` day from 1900-01-01 to 2200-12-31 (four digits, so strings compare as days). */
export const isDayInRange = (value: string): boolean =>
  DAY.test(value) && value >= MIN_DATE && value <= MAX_DATE;

/** An instant (anything `Date.parse` reads) from 1900-01-01 to 2200-12-31 in UTC. */
export const isInstantInRange = (value: string): boolean => {
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && ms >= MIN_MS && ms < END_MS;
};

/** A valid `YYYY-MM-DD` day in range: what every `dateParam` lets through. */
export const isAcceptedDay = (value: string | undefined): value is string =>
  value !== undefined && isDayInRange(value) && isCalendarDate(value);

/** A required `YYYY-MM-DD` field: a real calendar date from 1900-01-01 to 2200-12-31. */
export const dateField = (label: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)`,
    })
    .regex(DAY, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} is not a valid date`)
    .refine(isDayInRange, DATE_OUT_OF_RANGE);

/**
 * An optional `YYYY-MM-DD` query parameter: a real calendar date from 1900-01-01 to
 * 2200-12-31. Every date the API takes in a query goes through here.
 */
export const dateParam = (label: string) => dateField(label).optional();

/** A date and time with an offset (ISO 8601) in the accepted years. */
export const dateTimeParam = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine(isInstantInRange, DATE_OUT_OF_RANGE);

/** Whole days from 1970-01-01 to a valid `YYYY-MM-DD` day. */
export const dayNumber = (day: string): number =>
  Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 86_400_000);

/**
 * A range check for an object holding `from` and `to`: a reversed range is refused (once both
 * dates are valid; zod runs refinements even after a field's own check failed).
 */
export const REVERSED_RANGE = 'The end date must not be before the start date';
export const refuseReversedRange = (
  query: { from?: string; to?: string },
  ctx: z.RefinementCtx,
): void => {
  if (!isAcceptedDay(query.from) || !isAcceptedDay(query.to)) return;
  if (query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REVERSED_RANGE });
};
