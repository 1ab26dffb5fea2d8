/** React Query keys of the calendar feature. */
export const calendarKeys = {
  all: ['calendar'] as const,
  meetings: ['calendar', 'meetings'] as const,
  range: (from: string, to: string, timeZone: string) =>
    ['calendar', 'meetings', 'range', from, to, timeZone] as const,
  day: (date: string, timeZone: string) => ['calendar', 'meetings', 'day', date, timeZone] as const,
  activity: ['calendar', 'activity'] as const,
  conflicts: (query: object) => ['calendar', 'meetings', 'conflicts', query] as const,
};
