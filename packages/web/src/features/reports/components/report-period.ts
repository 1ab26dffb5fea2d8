import { useMemo } from 'react';
import { REPORT_BUCKETS, addDays, reportQuerySchema } from '@leadline/shared/reports';
import type { ReportBucket, ReportPeriod } from '@leadline/shared/reports';
import { matchingPreset, todayValue } from '../../../lib/period.ts';
import { useUrlState } from '../../../lib/url-state.ts';

export type PresetKey = '7d' | '30d' | '90d' | '12m' | 'year';

export type Preset = { value: PresetKey; label: string; bucket: ReportBucket };

export const PRESETS: readonly Preset[] = [
  { value: '7d', label: 'Last 7 days', bucket: 'day' },
  { value: '30d', label: 'Last 30 days', bucket: 'day' },
  { value: '90d', label: 'Last 90 days', bucket: 'week' },
  { value: '12m', label: 'Last 12 months', bucket: 'month' },
  { value: 'year', label: 'This year', bucket: 'month' },
];
export const DEFAULT_PRESET: PresetKey = '30d';

/** The dates of a preset, ending today (the user's day). */
export const presetDates = (preset: PresetKey, today: string): { from: string; to: string } => {
  switch (preset) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m': {
      const year = Number(today.slice(0, 4));
      const month = Number(today.slice(5, 7));
      const start =
        month === 12 ? `${year}-01-01` : `${year - 1}-${String(month + 1).padStart(2, '0')}-01`;
      return { from: start, to: today };
    }
    case 'year':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
};

const VIEW_DEFAULTS = { from: '', to: '', bucket: 'day' } as const;

/**
 * The report's period, kept in the URL (reload, back and a shared link show the same report).
 * Without dates: the last 30 days. `period` is null while the dates are invalid; `error` says why.
 */
export const useReportPeriod = () => {
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const today = useMemo(todayValue, []);
  const fallback = presetDates(DEFAULT_PRESET, today);
  const from = view.from || fallback.from;
  const to = view.to || fallback.to;
  const bucket = (REPORT_BUCKETS as readonly string[]).includes(view.bucket)
    ? (view.bucket as ReportBucket)
    : 'day';
  const parsed = reportQuerySchema.safeParse({ from, to, bucket });
  const period: ReportPeriod | null = parsed.success ? { from, to, bucket } : null;
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid period');

  return {
    from,
    to,
    bucket,
    period,
    error,
    preset: matchingPreset(PRESETS, presetDates, from, to, today),
    setDates: (dates: { from?: string; to?: string }) => update(dates),
    setBucket: (next: ReportBucket) => update({ bucket: next }),
    choosePreset: (preset: Preset) =>
      update({ ...presetDates(preset.value, today), bucket: preset.bucket }),
  };
};
