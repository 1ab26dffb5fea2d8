import { ApiRequestError } from '../../../lib/api-client.ts';

export const DASHBOARD_ERROR_FALLBACK = 'Failed to load dashboard data. Please try again.';

/** Chart labels stay short: source labels are cut at 10 characters, campaign names at 15. */
export const SOURCE_LABEL_MAX = 10;
export const CAMPAIGN_LABEL_MAX = 15;
/** Pie percentage labels are hidden below 5% (they would overlap). */
export const MIN_PIE_LABEL_SHARE = 0.05;
export const CHART_HEIGHT = 280;

/** The eight colours campaigns take in turn. */
export const CAMPAIGN_PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'yellow.6',
  'cyan.6',
  'pink.6',
  'lime.7',
] as const;

/** The text cut to `max` characters plus '…' when longer. */
export const truncateLabel = (text: string, max: number): string => {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
};

/** The server's message, else the error's own message, else the fallback. */
export const dashboardErrorMessage = (error: unknown): string => {
  if (error instanceof ApiRequestError) {
    // Without a message of its own the server's failure has no useful text for a user.
    return error.hasServerMessage ? error.message : DASHBOARD_ERROR_FALLBACK;
  }
  if (error instanceof Error && error.message.trim()) return error.message;
  return DASHBOARD_ERROR_FALLBACK;
};

const percentFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
/** 12.5 -> "+12.5%", -3 -> "-3%", 0 -> "0%". */
export const formatTrend = (percent: number): string => `${percentFormat.format(percent)}%`;

export const formatShare = (part: number, total: number): string =>
  total > 0 ? `${Math.round((part / total) * 100)}%` : '0%';
