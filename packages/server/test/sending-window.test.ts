import { describe, expect, it } from 'vitest';
import { countryTimeZone, leadZone, COUNTRY_TIME_ZONES } from '@leadline/shared/country-time-zones';
import {
  describeWindow,
  effectiveDailyLimit,
  gapSecondsSchema,
  isOpen,
  isTimeZone,
  nextOpening,
  randomGap,
  sendingWindowSchema,
} from '@leadline/shared/sending-window';
import type { SendingWindow } from '@leadline/shared/sending-window';

const weekdays = (timeZone: string, start = '09:00', end = '17:00'): SendingWindow => ({
  days: [1, 2, 3, 4, 5],
  start,
  end,
  timeZone,
  leadTimeZone: false,
});
const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('the sending window', () => {
  it('is open on listed days from start up to (not including) end, in its zone', () => {
    const window = weekdays('Europe/Berlin');
    // Wednesday 2025-01-15: Berlin is UTC+1 in winter.
    expect(isOpen(window, 'Europe/Berlin', at('2025-01-15T07:59:00Z'))).toBe(false);
    expect(isOpen(window, 'Europe/Berlin', at('2025-01-15T08:00:00Z'))).toBe(true);
    expect(isOpen(window, 'Europe/Berlin', at('2025-01-15T15:59:00Z'))).toBe(true);
    expect(isOpen(window, 'Europe/Berlin', at('2025-01-15T16:00:00Z'))).toBe(false);
    // Saturday.
    expect(isOpen(window, 'Europe/Berlin', at('2025-01-18T10:00:00Z'))).toBe(false);
    // The same instant is 03:00 in New York: closed there.
    expect(isOpen(window, 'America/New_York', at('2025-01-15T08:00:00Z'))).toBe(false);
  });

  it('opens next at the start of the next listed day', () => {
    const window = weekdays('Europe/Berlin');
    // Friday evening -> Monday 09:00 Berlin.
    expect(iso(nextOpening(window, 'Europe/Berlin', at('2025-01-17T17:30:00Z')))).toBe(
      '2025-01-20T08:00:00.000Z',
    );
    // Early morning -> the same day's 09:00.
    expect(iso(nextOpening(window, 'Europe/Berlin', at('2025-01-15T05:00:00Z')))).toBe(
      '2025-01-15T08:00:00.000Z',
    );
    // Open: now.
    expect(iso(nextOpening(window, 'Europe/Berlin', at('2025-01-15T10:00:00Z')))).toBe(
      '2025-01-15T10:00:00.000Z',
    );
    const sundays: SendingWindow = { ...window, days: [7], start: '00:00', end: '24:00' };
    expect(iso(nextOpening(sundays, 'UTC', at('2025-01-15T10:00:00Z')))).toBe(
      '2025-01-19T00:00:00.000Z',
    );
    expect(isOpen(sundays, 'UTC', at('2025-01-19T23:59:00Z'))).toBe(true);
  });

  it('keeps 09:00 local across Europe/Berlin daylight-saving changes', () => {
    const window = weekdays('Europe/Berlin');
    // Clocks go forward on Sunday 2025-03-30: Friday 09:00 is 08:00Z, Monday 09:00 is 07:00Z.
    expect(iso(nextOpening(window, 'Europe/Berlin', at('2025-03-28T17:00:00Z')))).toBe(
      '2025-03-31T07:00:00.000Z',
    );
    expect(isOpen(window, 'Europe/Berlin', at('2025-03-31T06:59:00Z'))).toBe(false);
    expect(isOpen(window, 'Europe/Berlin', at('2025-03-31T07:00:00Z'))).toBe(true);
    expect(isOpen(window, 'Europe/Berlin', at('2025-03-31T14:59:00Z'))).toBe(true);
    expect(isOpen(window, 'Europe/Berlin', at('2025-03-31T15:00:00Z'))).toBe(false);
    // Clocks go back on Sunday 2025-10-26: Monday 09:00 is 08:00Z again.
    expect(iso(nextOpening(window, 'Europe/Berlin', at('2025-10-24T16:00:00Z')))).toBe(
      '2025-10-27T08:00:00.000Z',
    );
    // A window inside the skipped hour opens at its end (03:00); one in the repeated hour at
    // its first occurrence.
    const night: SendingWindow = { ...window, days: [7], start: '02:30', end: '04:00' };
    expect(iso(nextOpening(night, 'Europe/Berlin', at('2025-03-29T12:00:00Z')))).toBe(
      '2025-03-30T01:00:00.000Z',
    );
    expect(iso(nextOpening(night, 'Europe/Berlin', at('2025-10-25T12:00:00Z')))).toBe(
      '2025-10-26T00:30:00.000Z',
    );
  });

  it('keeps 09:00 local across America/New_York daylight-saving changes', () => {
    const window = weekdays('America/New_York');
    // Clocks go forward on Sunday 2025-03-09: Friday 09:00 EST is 14:00Z, Monday 09:00 EDT 13:00Z.
    expect(iso(nextOpening(window, 'America/New_York', at('2025-03-07T12:00:00Z')))).toBe(
      '2025-03-07T14:00:00.000Z',
    );
    expect(iso(nextOpening(window, 'America/New_York', at('2025-03-07T23:00:00Z')))).toBe(
      '2025-03-10T13:00:00.000Z',
    );
    expect(isOpen(window, 'America/New_York', at('2025-03-10T20:59:00Z'))).toBe(true);
    expect(isOpen(window, 'America/New_York', at('2025-03-10T21:00:00Z'))).toBe(false);
    // Clocks go back on Sunday 2025-11-02: Monday 09:00 EST is 14:00Z.
    expect(iso(nextOpening(window, 'America/New_York', at('2025-10-31T22:00:00Z')))).toBe(
      '2025-11-03T14:00:00.000Z',
    );
    expect(isOpen(window, 'America/New_York', at('2025-11-03T13:59:00Z'))).toBe(false);
  });

  it('is described in words', () => {
    expect(describeWindow(weekdays('Europe/Berlin'))).toBe('Mon–Fri, 09:00–17:00 (Europe/Berlin)');
    expect(describeWindow({ ...weekdays('UTC'), days: [1, 3], leadTimeZone: true })).toBe(
      "Mon, Wed, 09:00–17:00 (each lead's time zone, else UTC)",
    );
    expect(describeWindow(null)).toBe('Any day, any time');
  });
});

describe('the window and gap rules', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    result.error?.issues.map((issue) => issue.path.join('.'));

  it('accept a good window and refuse bad fields, naming them', () => {
    expect(
      sendingWindowSchema.parse({ ...weekdays('Europe/Berlin'), days: [5, 1, 1] }).days,
    ).toEqual([1, 5]);
    expect(issues(sendingWindowSchema.safeParse({ ...weekdays('Mars/Olympus') }))).toEqual([
      'timeZone',
    ]);
    expect(issues(sendingWindowSchema.safeParse({ ...weekdays('UTC'), days: [0, 8] }))).toContain(
      'days.0',
    );
    expect(issues(sendingWindowSchema.safeParse({ ...weekdays('UTC'), days: [] }))).toEqual([
      'days',
    ]);
    expect(issues(sendingWindowSchema.safeParse(weekdays('UTC', '17:00', '09:00')))).toEqual([
      'end',
    ]);
    expect(issues(sendingWindowSchema.safeParse(weekdays('UTC', '9am', '17:00')))).toEqual([
      'start',
    ]);
    expect(issues(gapSecondsSchema.safeParse({ min: 10, max: 5 }))).toEqual(['min']);
    expect(issues(gapSecondsSchema.safeParse({ min: -1, max: 5 }))).toEqual(['min']);
    expect(issues(gapSecondsSchema.safeParse({ min: 0, max: 1e12 }))).toEqual(['max']);
    expect(gapSecondsSchema.parse({ min: 0, max: 0 })).toEqual({ min: 0, max: 0 });
  });

  it('draws gaps within their bounds', () => {
    expect(randomGap({ min: 60, max: 180 }, () => 0)).toBe(60);
    expect(randomGap({ min: 60, max: 180 }, () => 0.9999999)).toBe(180);
    expect(randomGap({ min: 0, max: 0 })).toBe(0);
  });
});

describe('lead time zones', () => {
  it('come from the lead, else its single-zone country, else the campaign', () => {
    for (const zone of COUNTRY_TIME_ZONES.values()) expect(isTimeZone(zone), zone).toBe(true);
    expect(countryTimeZone('Germany')).toBe('Europe/Berlin');
    expect(countryTimeZone(' japan ')).toBe('Asia/Tokyo');
    expect(countryTimeZone('United States')).toBeNull();
    expect(leadZone({ timeZone: 'Asia/Tokyo', country: 'Germany' }, 'UTC')).toBe('Asia/Tokyo');
    expect(leadZone({ timeZone: null, country: 'Germany' }, 'UTC')).toBe('Europe/Berlin');
    expect(leadZone({ timeZone: null, country: 'Canada' }, 'America/Toronto')).toBe(
      'America/Toronto',
    );
  });
});

describe('the warm-up ramp', () => {
  const warmup = { start: 10, increment: 5, startedOn: '2025-01-15' };
  it('rises by the increment each UTC day up to the daily limit', () => {
    expect(effectiveDailyLimit(30, warmup, at('2025-01-15T23:59:00Z'))).toBe(10);
    expect(effectiveDailyLimit(30, warmup, at('2025-01-16T00:00:00Z'))).toBe(15);
    expect(effectiveDailyLimit(30, warmup, at('2025-01-18T12:00:00Z'))).toBe(25);
    expect(effectiveDailyLimit(30, warmup, at('2025-02-18T12:00:00Z'))).toBe(30);
    expect(effectiveDailyLimit(null, warmup, at('2025-01-25T12:00:00Z'))).toBe(60);
    expect(effectiveDailyLimit(30, null, at('2025-01-25T12:00:00Z'))).toBe(30);
    expect(effectiveDailyLimit(null, null, at('2025-01-25T12:00:00Z'))).toBeNull();
  });
});
