import { z } from 'zod';
import {
  REVERSED_RANGE,
  dayNumber,
  isAcceptedDay,
  isCalendarDate,
  dateParam as sharedDateParam,
} from './dates.ts';
import type { TrackingSummary } from './tracking.ts';

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

/** Months from year 0 to a valid `YYYY-MM-DD` day's month. */
const monthNumber = (day: string): number =>
  Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/**
 * The most bucket starts `bucketStarts` ever lists, whatever it is given: the schema refuses
 * periods longer than MAX_BUCKETS long before this, so this is only a guard.
 */
export const BUCKET_STARTS_CAP = 5000;

/**
 * How many buckets run from the one holding `from` to the one holding `to`, computed without
 * a loop; 0 for a reversed or invalid period.
 */
export const bucketCount = (from: string, to: string, bucket: ReportBucket): number => {
  if (!isCalendarDate(from) || !isCalendarDate(to) || from.length !== 10 || to.length !== 10) {
    return 0;
  }
  const count =
    bucket === 'month'
      ? monthNumber(to) - monthNumber(from) + 1
      : Math.floor(
          (dayNumber(to) - dayNumber(bucketStart(from, bucket))) / (bucket === 'week' ? 7 : 1),
        ) + 1;
  return Number.isFinite(count) ? Math.max(0, count) : 0;
};

/** The start of the bucket `index` buckets after the one starting on `first`. */
const nthBucket = (first: string, index: number, bucket: ReportBucket): string => {
  if (bucket === 'day') return addDays(first, index);
  if (bucket === 'week') return addDays(first, index * 7);
  const month = monthNumber(first) + index;
  return isoDay(new Date(Date.UTC(Math.floor(month / 12), month % 12, 1)));
};

/**
 * Every bucket start from the one holding `from` to the one holding `to`. The count is known
 * before the loop and capped at BUCKET_STARTS_CAP, so no input makes it run on.
 */
export const bucketStarts = (from: string, to: string, bucket: ReportBucket): string[] => {
  const count = Math.min(bucketCount(from, to, bucket), BUCKET_STARTS_CAP);
  if (count === 0) return [];
  const first = bucketStart(from, bucket);
  return Array.from({ length: count }, (_, index) => nthBucket(first, index, bucket));
};

const dateParam = (label: string) =>
  sharedDateParam(label).refine(
    (value) => value === undefined || value >= EARLIEST_REPORT_DATE,
    `${label} must be ${EARLIEST_REPORT_DATE} or later`,
  );

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
    if (!isAcceptedDay(query.from) || !isAcceptedDay(query.to)) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: REVERSED_RANGE });
      return;
    }
    const max = MAX_BUCKETS[query.bucket];
    if (bucketCount(query.from, query.to, query.bucket) > max) {
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

export const EMAIL_SERIES = {
  sent: 'Emails sent',
  replies: 'Replies',
  bounces: 'Bounces',
} as const;

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
  /** This campaign's emails that bounced for good (hard bounces) in the period. */
  bounces: number;
};

/** GET /api/reports */
export type ReportResponse = {
  period: ReportPeriod;
  /** `bounces`: emails that bounced for good (hard) in the period; auto-replies are no replies. */
  totals: { leads: number; emailsSent: number; replies: number; bounces: number };
  leadsByStatus: ReportTable;
  leadsBySource: ReportTable;
  /** Series 'Emails sent', 'Replies' and 'Bounces'. */
  emails: ReportTable;
  campaigns: CampaignResult[];
  /**
   * Opens and clicks of the emails sent with tracking in the period, by class (people, privacy
   * proxies, machines); the headline stays the reply rate.
   */
  tracking: TrackingSummary;
  /** Deals closed through the team's deal stages (shared stages.ts). */
  deals: DealFigures;
};

/**
 * Deals in the period: those whose current stage is a won (lost) one they entered in the
 * period; the win rate is won / (won + lost) in percent, one decimal (null without either).
 * `daysPerStage`: for each stage, the average days the deals that left it in the period had
 * spent in it, and how many those were.
 */
export type DealFigures = {
  won: number;
  valueWon: number;
  lost: number;
  winRate: number | null;
  daysPerStage: { stageId: string; name: string; days: number; deals: number }[];
};

/** Won deals as a share of closed ones (percent, one decimal); null when none closed. */
export const winRate = (won: number, lost: number): number | null =>
  won + lost === 0 ? null : Math.round((won / (won + lost)) * 1000) / 10;

/** Replies as a share of emails sent, rounded to one decimal; null without emails. */
export const replyRate = (replies: number, sent: number): number | null =>
  sent === 0 ? null : Math.round((replies / sent) * 1000) / 10;

/** Hard bounces as a share of emails sent (percent, one decimal); null without emails. */
export const bounceRate = replyRate;
