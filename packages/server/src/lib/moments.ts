/** The later of some moments, ignoring the missing ones; null when all are missing. */
export const latest = (...dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (a && b ? (a > b ? a : b) : (a ?? b ?? null)), null);

/** The earlier of some moments, ignoring the missing ones; null when all are missing. */
export const earliest = (...dates: (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((a, b) => (a && b ? (a < b ? a : b) : (a ?? b ?? null)), null);
