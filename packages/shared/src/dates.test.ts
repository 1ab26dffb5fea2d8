import { describe, expect, it } from 'vitest';
import { calendarQuerySchema, meetingSchema } from './calendar.ts';
import { scheduleSchema } from './campaigns.ts';
import { approveSchema, signupSchema } from './auth.ts';
import { DATE_OUT_OF_RANGE, dateParam, isAcceptedDay, isInstantInRange } from './dates.ts';
import { leadListQuerySchema } from './leads.ts';
import { BUCKET_STARTS_CAP, bucketCount, bucketStarts, reportQuerySchema } from './reports.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('dates the API accepts', () => {
  it('are calendar days from 1900-01-01 to 2200-12-31', () => {
    const param = dateParam('from');
    expect(param.safeParse('1900-01-01').success).toBe(true);
    expect(param.safeParse('2200-12-31').success).toBe(true);
    expect(param.safeParse(undefined).success).toBe(true);
    for (const day of ['1899-12-31', '2201-01-01', '9999-12-31', '0001-01-01']) {
      expect(firstMessage(param.safeParse(day))).toBe(DATE_OUT_OF_RANGE);
    }
    expect(DATE_OUT_OF_RANGE).toBe('Dates must be between 1900-01-01 and 2200-12-31');
    expect(isAcceptedDay('+010000-01-01')).toBe(false);
    expect(isInstantInRange('9999-12-31T23:00:00Z')).toBe(false);
    expect(isInstantInRange('2026-01-01T10:00:00+02:00')).toBe(true);
  });

  it('are checked in every schema that takes a date', () => {
    for (const day of ['9999-12-31', '0001-01-01']) {
      expect(firstMessage(leadListQuerySchema.safeParse({ to: day }))).toBe(DATE_OUT_OF_RANGE);
      expect(firstMessage(calendarQuerySchema.safeParse({ date: day }))).toBe(DATE_OUT_OF_RANGE);
      expect(firstMessage(reportQuerySchema.safeParse({ from: '2024-01-01', to: day }))).toBe(
        DATE_OUT_OF_RANGE,
      );
      expect(
        firstMessage(
          meetingSchema.safeParse({
            topic: 'Demo',
            date: day,
            startTime: '10:00',
            endTime: '11:00',
            timeZone: 'UTC',
          }),
        ),
      ).toBe(DATE_OUT_OF_RANGE);
      const instant = `${day}T10:00:00Z`;
      expect(firstMessage(approveSchema.safeParse({ expiresAt: instant }))).toMatch(
        /between 1900-01-01 and 2200-12-31|in the future/,
      );
      expect(firstMessage(scheduleSchema.safeParse({ sendNow: false, startDate: instant }))).toBe(
        DATE_OUT_OF_RANGE,
      );
      expect(
        signupSchema
          .safeParse({
            name: 'A',
            email: 'a@example.com',
            password: 'x',
            expiresAt: instant,
          })
          .error?.issues.some((issue) => issue.message === DATE_OUT_OF_RANGE),
      ).toBe(true);
    }
  });

  it('refuse a reversed range', () => {
    const reversed = { from: '2024-03-02', to: '2024-03-01' };
    expect(firstMessage(leadListQuerySchema.safeParse(reversed))).toMatch(/before the start/);
    expect(firstMessage(reportQuerySchema.safeParse(reversed))).toMatch(/before the start/);
    expect(firstMessage(calendarQuerySchema.safeParse(reversed))).toMatch(/before/);
    expect(leadListQuerySchema.safeParse({ from: '2024-03-01', to: '2024-03-01' }).success).toBe(
      true,
    );
  });
});

describe('report buckets', () => {
  it('are counted before any loop, matching the starts listed', () => {
    expect(bucketStarts('2024-01-30', '2024-02-02', 'day')).toEqual([
      '2024-01-30',
      '2024-01-31',
      '2024-02-01',
      '2024-02-02',
    ]);
    // 2024-01-03 is a Wednesday: its week starts on Monday 2024-01-01.
    expect(bucketStarts('2024-01-03', '2024-01-15', 'week')).toEqual([
      '2024-01-01',
      '2024-01-08',
      '2024-01-15',
    ]);
    expect(bucketStarts('2023-11-15', '2024-02-01', 'month')).toEqual([
      '2023-11-01',
      '2023-12-01',
      '2024-01-01',
      '2024-02-01',
    ]);
    expect(bucketCount('2024-01-03', '2024-01-14', 'week')).toBe(2);
    expect(bucketCount('2024-03-02', '2024-03-01', 'day')).toBe(0);
  });

  it('end whatever they are given (the year 9999, garbage, a huge span)', () => {
    expect(bucketStarts('9999-12-30', '9999-12-31', 'day')).toEqual(['9999-12-30', '9999-12-31']);
    expect(bucketStarts('9999-12-30', '+010000-01-01', 'day')).toEqual([]);
    expect(bucketStarts('not a date', '2024-01-01', 'day')).toEqual([]);
    expect(bucketStarts('0001-01-01', '9999-12-31', 'day')).toHaveLength(BUCKET_STARTS_CAP);
    expect(bucketStarts('0001-01-01', '9999-12-31', 'month')).toHaveLength(BUCKET_STARTS_CAP);
  });

  it('let the longest periods through and refuse one bucket more', () => {
    expect(reportQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(
      true,
    );
    expect(
      firstMessage(reportQuerySchema.safeParse({ from: '2024-01-01', to: '2025-01-01' })),
    ).toMatch(/at most 366 days/);
    expect(
      reportQuerySchema.safeParse({ from: '2015-01-01', to: '2024-12-31', bucket: 'month' })
        .success,
    ).toBe(true);
    expect(
      firstMessage(
        reportQuerySchema.safeParse({ from: '2100-01-01', to: '2200-12-31', bucket: 'month' }),
      ),
    ).toMatch(/at most 120 months/);
  });
});
