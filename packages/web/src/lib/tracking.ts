import type { ClickCounts, OpenCounts } from '@leadline/shared/tracking';

/*
 * Open and click counts in words, the three classes apart (only people's mean interest):
 * "Opened by a person 2× · privacy proxy 1× · machines 3×".
 */

/** Every class, a person's 0× too (the class that matters), once anything was counted. */
const parts = (counts: [label: string, count: number][]) =>
  counts.some(([, count]) => count > 0) ? counts.map(([label, count]) => `${label} ${count}×`) : [];

/** "Opened by a person 2× · privacy proxy 1× · machines 3×", or "Not opened yet". */
export const opensText = (opens: OpenCounts): string => {
  const shown = parts([
    ['a person', opens.human],
    ['privacy proxy', opens.proxy],
    ['machines', opens.machine],
  ]);
  return shown.length === 0 ? 'Not opened yet' : `Opened by ${shown.join(' · ')}`;
};

/** "Clicked by a person 1× · machines 2×", or "No clicks yet". */
export const clicksText = (clicks: ClickCounts): string => {
  const shown = parts([
    ['a person', clicks.human],
    ['machines', clicks.machine],
  ]);
  return shown.length === 0 ? 'No clicks yet' : `Clicked by ${shown.join(' · ')}`;
};
