import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Meeting } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

const get = (query: Record<string, string>, signal?: AbortSignal): Promise<Meeting[]> =>
  apiRequest<Meeting[]>(`/api/calendar?${new URLSearchParams(query).toString()}`, { signal });

/** The meetings overlapping the days `from` to `to` of the viewer's zone (a grid's range). */
export const useMeetingsBetween = (from: string, to: string, timeZone: string) =>
  useQuery({
    queryKey: calendarKeys.range(from, to, timeZone),
    queryFn: ({ signal }) => get({ from, to, timeZone }, signal),
    placeholderData: keepPreviousData,
  });

const dayQuery = (date: string, timeZone: string) => ({
  queryKey: calendarKeys.day(date, timeZone),
  queryFn: ({ signal }: { signal?: AbortSignal }) => get({ date, timeZone }, signal),
});

/** One day's meetings (GET /api/calendar?date=…). */
export const useDayMeetings = (date: string, timeZone: string) =>
  useQuery(dayQuery(date, timeZone));
