import { toDateInputValue } from './format.ts';

export type PeriodDates = { from: string; to: string };

/** Today as a date input holds it (the user's day). */
export const todayValue = (): string => toDateInputValue(new Date());

/** The preset whose dates these are, or null (a custom period). */
export const matchingPreset = <K extends string>(
  presets: readonly { value: K }[],
  datesOf: (preset: K, today: string) => PeriodDates,
  from: string,
  to: string,
  today: string,
): K | null =>
  presets.find((preset) => {
    const dates = datesOf(preset.value, today);
    return dates.from === from && dates.to === to;
  })?.value ?? null;
