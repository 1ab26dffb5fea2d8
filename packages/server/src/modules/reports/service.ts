import { UNKNOWN_SOURCE } from '@leadline/shared/dashboard';
import { LEAD_STATUSES } from '@leadline/shared/leads';
import {
  EMAIL_SERIES,
  addDays,
  bucketStarts,
  defaultPeriod,
  isoDay,
  winRate,
} from '@leadline/shared/reports';
import type {
  ReportParams,
  ReportPeriod,
  ReportResponse,
  ReportSection,
  ReportTable,
} from '@leadline/shared/reports';
import { emptyTrackingSummary } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import { periodTracking } from '../tracking/service.ts';
import { scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import {
  bouncesPerBucket,
  campaignResults,
  closedDeals,
  daysPerStage,
  leadsPerBucket,
  repliesPerBucket,
  sentPerBucket,
} from './repo.ts';
import type { BucketCount, Range } from './repo.ts';

/** The period asked for, or the last 30 days (UTC) with the bucket asked for. */
export const resolvePeriod = (query: ReportParams, now = new Date()): ReportPeriod =>
  query.from && query.to
    ? { from: query.from, to: query.to, bucket: query.bucket }
    : { ...defaultPeriod(isoDay(now)), bucket: query.bucket };

const rangeOf = (period: ReportPeriod): Range => ({
  start: new Date(`${period.from}T00:00:00.000Z`),
  end: new Date(`${addDays(period.to, 1)}T00:00:00.000Z`),
});

/** The caller's organisation; a Super Admin sees every organisation (as on the dashboard). */

/** One row per bucket (0 where nothing happened), one count per series. */
const toTable = (buckets: string[], series: string[], counts: BucketCount[]): ReportTable => {
  const byBucket = new Map(buckets.map((bucket) => [bucket, new Map<string, number>()]));
  for (const row of counts) {
    const cell = byBucket.get(row.bucket);
    if (cell) cell.set(row.key, (cell.get(row.key) ?? 0) + row.count);
  }
  return {
    series,
    rows: buckets.map((bucket) => ({
      bucket,
      counts: Object.fromEntries(
        series.map((name) => [name, byBucket.get(bucket)?.get(name) ?? 0]),
      ),
    })),
  };
};

const totalsOf = (counts: BucketCount[]): Map<string, number> => {
  const totals = new Map<string, number>();
  for (const row of counts) totals.set(row.key, (totals.get(row.key) ?? 0) + row.count);
  return totals;
};

/** The four statuses always (so the chart keeps its colours), then any other in the data. */
const statusSeries = (counts: BucketCount[]): string[] => [
  ...LEAD_STATUSES,
  ...[...totalsOf(counts).keys()].filter(
    (key) => !(LEAD_STATUSES as readonly string[]).includes(key),
  ),
];

/** The sources that occur in the period, most leads first. */
const sourceSeries = (counts: BucketCount[]): string[] =>
  [...totalsOf(counts).entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key]) => key);

const named = (counts: BucketCount[], empty: string): BucketCount[] =>
  counts.map((row) => ({ ...row, key: row.key || empty }));

const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

/**
 * GET /api/reports: every figure of the Reports screen, aggregated in the database. With
 * `only` (the CSV export of one section), just that section's queries run and the rest of the
 * answer stays empty.
 */
export const buildReport = async (
  db: Db,
  actor: CurrentUser,
  query: ReportParams,
  now = new Date(),
  only?: ReportSection,
): Promise<ReportResponse> => {
  const period = resolvePeriod(query, now);
  const range = rangeOf(period);
  const scope = scopeOf(actor);
  const wanted = <T>(section: ReportSection, read: () => Promise<T[]>): Promise<T[]> =>
    !only || only === section ? read() : Promise.resolve([]);
  const [byStatus, bySource, sent, replies, bounces, campaigns] = await Promise.all([
    wanted('leads-by-status', () => leadsPerBucket(db, scope, range, period.bucket, 'status')),
    wanted('leads-by-source', () => leadsPerBucket(db, scope, range, period.bucket, 'source')),
    wanted('emails', () => sentPerBucket(db, scope, range, period.bucket)),
    wanted('emails', () => repliesPerBucket(db, scope, range, period.bucket)),
    wanted('emails', () => bouncesPerBucket(db, scope, range, period.bucket)),
    wanted('campaigns', () => campaignResults(db, scope, range)),
  ]);
  // Not part of any CSV section: read for the screen's answer only.
  const tracking = only
    ? emptyTrackingSummary()
    : await periodTracking(db, scope, { from: range.start, to: range.end });
  // Not part of any CSV section either.
  const [closed, stageDays] = only
    ? [{ won: 0, valueWon: 0, lost: 0 }, []]
    : await Promise.all([closedDeals(db, scope, range), daysPerStage(db, scope, range)]);
  const buckets = bucketStarts(period.from, period.to, period.bucket);
  const statuses = named(byStatus, 'Unknown');
  const sources = named(bySource, UNKNOWN_SOURCE);
  const emailCounts: BucketCount[] = [
    ...sent.map((row) => ({ ...row, key: EMAIL_SERIES.sent })),
    ...replies.map((row) => ({ ...row, key: EMAIL_SERIES.replies })),
    ...bounces.map((row) => ({ ...row, key: EMAIL_SERIES.bounces })),
  ];
  const emailSeries = [EMAIL_SERIES.sent, EMAIL_SERIES.replies, EMAIL_SERIES.bounces];
  return {
    period,
    totals: {
      leads: sum(byStatus),
      emailsSent: sum(sent),
      replies: sum(replies),
      bounces: sum(bounces),
    },
    leadsByStatus: toTable(buckets, statusSeries(statuses), statuses),
    leadsBySource: toTable(buckets, sourceSeries(sources), sources),
    emails: toTable(buckets, emailSeries, emailCounts),
    campaigns: campaigns.map(({ id, ...row }) => ({ _id: id, ...row })),
    tracking,
    deals: { ...closed, winRate: winRate(closed.won, closed.lost), daysPerStage: stageDays },
  };
};
