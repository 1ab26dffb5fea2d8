import { useMemo } from 'react';
import { addDays } from '@leadline/shared/reports';
import { LEADERBOARD_FIGURES, leaderboardQuerySchema } from '@leadline/shared/leaderboard';
import type { LeaderboardFigure } from '@leadline/shared/leaderboard';
import { matchingPreset, todayValue } from '../../../lib/period.ts';
import type { PeriodDates } from '../../../lib/period.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import type { LeaderboardAsk } from '../api/get-leaderboard.ts';

export type LeaderboardPreset = 'week' | 'month' | '30d' | 'quarter';

export const LEADERBOARD_PRESETS: readonly { value: LeaderboardPreset; label: string }[] = [
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'quarter', label: 'This quarter' },
];

/** A preset's days, ending today (weeks start on Monday, as in Reports). */
export const leaderboardPresetDates = (preset: LeaderboardPreset, today: string): PeriodDates => {
  switch (preset) {
    case 'week': {
      const weekday = new Date(`${today}T00:00:00.000Z`).getUTCDay();
      return { from: addDays(today, -((weekday + 6) % 7)), to: today };
    }
    case 'month':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'quarter': {
      const month = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1;
      return { from: `${today.slice(0, 5)}${String(month).padStart(2, '0')}-01`, to: today };
    }
  }
};

const VIEW_DEFAULTS = { from: '', to: '', sort: 'leadsCreated' } as const;

/**
 * The leaderboard's period and sort, kept in the URL. Without dates: this month. `ask` is null
 * while the dates are invalid; `error` says why.
 */
export const useLeaderboardView = () => {
  const [view, update] = useUrlState(VIEW_DEFAULTS);
  const today = useMemo(todayValue, []);
  const fallback = leaderboardPresetDates('month', today);
  const from = view.from || fallback.from;
  const to = view.to || fallback.to;
  const sort = (LEADERBOARD_FIGURES as readonly string[]).includes(view.sort)
    ? (view.sort as LeaderboardFigure)
    : 'leadsCreated';
  const parsed = leaderboardQuerySchema.safeParse({ from, to, sort });
  const ask: LeaderboardAsk | null = parsed.success ? { from, to, sort } : null;
  return {
    from,
    to,
    sort,
    ask,
    error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid period'),
    preset: matchingPreset(LEADERBOARD_PRESETS, leaderboardPresetDates, from, to, today),
    setDates: (dates: { from?: string; to?: string }) => update(dates),
    setSort: (next: LeaderboardFigure) => update({ sort: next }),
    choosePreset: (value: string) => {
      const preset = LEADERBOARD_PRESETS.find((entry) => entry.value === value);
      if (preset) update(leaderboardPresetDates(preset.value, today));
    },
  };
};
