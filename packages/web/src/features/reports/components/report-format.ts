import type { ReportBucket, ReportTable } from '@leadline/shared/reports';

export const REPORT_ERROR_FALLBACK = 'Failed to load the report. Please try again.';
export const CHART_HEIGHT = 260;

const STATUS_COLORS: Record<string, string> = {
  'Hot Lead': 'red.6',
  'Warm Lead': 'orange.6',
  'Cold Lead': 'blue.6',
  Qualified: 'teal.6',
};
const PALETTE = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'yellow.6',
  'red.6',
  'violet.6',
  'green.6',
];

/** A series' colour: the lead status colours, else a palette in turn. */
export const seriesColor = (name: string, index: number): string =>
  STATUS_COLORS[name] ?? PALETTE[index % PALETTE.length]!;

const formats = {
  day: new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  dayWithYear: new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }),
  month: new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
};

const utc = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A bucket as an axis shows it: "Mar 4", "Mar 2024" (bucket dates are UTC days). */
export const bucketLabel = (day: string, bucket: ReportBucket, withYear = false): string =>
  bucket === 'month'
    ? formats.month.format(utc(day))
    : (withYear ? formats.dayWithYear : formats.day).format(utc(day));

/** As a tooltip names it: "Mar 4, 2024", "Week of Mar 4, 2024", "Mar 2024". */
export const bucketTitle = (day: string, bucket: ReportBucket): string =>
  bucket === 'week' ? `Week of ${bucketLabel(day, bucket, true)}` : bucketLabel(day, bucket, true);

/**
 * A table as the charts want it: one object per bucket, the series under safe keys (s0, s1...)
 * since series names hold spaces.
 */
export const chartData = (table: ReportTable, bucket: ReportBucket) => {
  const spansYears =
    table.rows.length > 0 &&
    table.rows[0]!.bucket.slice(0, 4) !== table.rows.at(-1)!.bucket.slice(0, 4);
  return table.rows.map((row) => ({
    bucket: bucketLabel(row.bucket, bucket, spansYears),
    title: bucketTitle(row.bucket, bucket),
    ...Object.fromEntries(table.series.map((name, index) => [`s${index}`, row.counts[name] ?? 0])),
  }));
};

export const chartSeries = (table: ReportTable) =>
  table.series.map((name, index) => ({
    name: `s${index}`,
    label: name,
    color: seriesColor(name, index),
  }));

export const tableTotal = (table: ReportTable): number =>
  table.rows.reduce((sum, row) => sum + Object.values(row.counts).reduce((a, b) => a + b, 0), 0);
