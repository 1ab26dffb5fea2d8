import { z } from 'zod';
import { isCalendarDate } from './leads.ts';

/* Reports (/reports): figures over a chosen period, in day, week or month buckets (UTC). */

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
export const REPORT_BUCKET_LABELS: Record<ReportBucket, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** The most buckets one report shows: a year by day, five years by week, ten by month. */
export const MAX_BUCKETS: Record<ReportBucket, number> = { day: 366, week: 261, month: 120 };
/** Without `from` and `to`: the last 30 days, today included. */
export const DEFAULT_REPORT_DAYS = 30;
export const EARLIEST_REPORT_DATE = '2000-01-01';

/** The figures a CSV can be downloaded for: one per chart. */
export const REPORT_SECTIONS = [
  'leads-by-status',
  'leads-by-source',
  'emails',
  'campaigns',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a date in UTC. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string =>
  isoDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));

/** The start (UTC) of the bucket a day falls in: itself, its ISO week's Monday, its month's 1st. */
export const bucketStart = (day: string, bucket: ReportBucket): string => {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 8)}01`;
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
};

const nextBucket = (start: string, bucket: ReportBucket): string => {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  const date = new Date(`${start}T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return isoDay(date);
};

/** Every bucket start from the one holding `from` to the one holding `to`. */
export const bucketStarts = (from: string, to: string, bucket: ReportBucket): string[] => {
  const starts: string[] = [];
  for (let day = bucketStart(from, bucket); day <= to; day = nextBucket(day, bucket)) {
    starts.push(day);
  }
  return starts;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isReportDay = (value: string | undefined): value is string =>
  value !== undefined && DAY.test(value) && isCalendarDate(value) && value >= EARLIEST_REPORT_DATE;

const dateParam = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(DAY, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} is not a valid date`)
    .refine(
      (value) => value >= EARLIEST_REPORT_DATE,
      `${label} must be ${EARLIEST_REPORT_DATE} or later`,
    )
    .optional();

/**
 * GET /api/reports?from&to&bucket (and the export). Dates are whole days in UTC, `to`
 * included. Without dates: the last 30 days.
 */
export const reportQuerySchema = z
  .object({
    from: dateParam('from'),
    to: dateParam('to'),
    bucket: z.enum(REPORT_BUCKETS, { error: 'bucket must be day, week or month' }).default('day'),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [query.from === undefined ? 'from' : 'to'],
        message: 'Choose both a start and an end date',
      });
      return;
    }
    // A date already reported as invalid is not checked again (refinements run on regardless).
    if (!isReportDay(query.from) || !isReportDay(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
      return;
    }
    const max = MAX_BUCKETS[query.bucket];
    if (bucketStarts(query.from, query.to, query.bucket).length > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `This period is too long to show by ${query.bucket}: at most ${max} ${query.bucket}s. Choose a shorter period or a longer bucket.`,
      });
    }
  });
export type ReportQuery = z.input<typeof reportQuerySchema>;
export type ReportParams = z.output<typeof reportQuerySchema>;

export const reportExportQuerySchema = reportQuerySchema.safeExtend({
  section: z.enum(REPORT_SECTIONS, {
    error: `section must be one of ${REPORT_SECTIONS.join(', ')}`,
  }),
});
export type ReportExportQuery = z.input<typeof reportExportQuerySchema>;

/** The name a section's CSV is saved under. */
export const reportFileName = (section: ReportSection, period: ReportPeriod): string =>
  `${section}-${period.from}-to-${period.to}${section === 'campaigns' ? '' : `-by-${period.bucket}`}.csv`;

/** The period a report covers: `to` included. */
export type ReportPeriod = { from: string; to: string; bucket: ReportBucket };

/** The last `days` days up to `today` (UTC), today included. */
export const defaultPeriod = (today: string, days = DEFAULT_REPORT_DAYS): ReportPeriod => ({
  from: addDays(today, -(days - 1)),
  to: today,
  bucket: 'day',
});

/** Counts per bucket and series: `rows[i].counts[series]`, one row per bucket, in order. */
export type ReportTable = {
  series: string[];
  rows: { bucket: string; counts: Record<string, number> }[];
};

export const EMAIL_SERIES = { sent: 'Emails sent', replies: 'Replies' } as const;

/** One campaign's results in the period. */
export type CampaignResult = {
  _id: string;
  name: string;
  type: string;
  status: string;
  /** Leads the campaign has reached so far (its audience once sent). */
  leads: number;
  /** Emails sent in the period (every step). */
  sent: number;
  failed: number;
  /** LinkedIn and call tasks ticked off in the period. */
  tasksDone: number;
  /** Replies received in the period to this campaign's emails. */
  replies: number;
};

/** GET /api/reports */
export type ReportResponse = {
  period: ReportPeriod;
  totals: { leads: number; emailsSent: number; replies: number };
  leadsByStatus: ReportTable;
  leadsBySource: ReportTable;
  /** Series 'Emails sent' and 'Replies'. */
  emails: ReportTable;
  campaigns: CampaignResult[];
};

/** Replies as a share of emails sent, rounded to one decimal; null without emails. */
export const replyRate = (replies: number, sent: number): number | null =>
  sent === 0 ? null : Math.round((replies / sent) * 1000) / 10;
