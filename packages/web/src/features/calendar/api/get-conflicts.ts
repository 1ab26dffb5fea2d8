import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { MeetingConflict } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** The form's date and times in the organiser's zone, and the meeting edited (if any). */
export type ConflictQuery = {
  date: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  exclude?: string;
};

export const getMeetingConflicts = (
  query: ConflictQuery,
  signal?: AbortSignal,
): Promise<MeetingConflict[]> =>
  apiRequest<MeetingConflict[]>(
    `/api/calendar/conflicts?${new URLSearchParams(query).toString()}`,
    { signal },
  );

const conflictsQuery = (query: ConflictQuery) => ({
  queryKey: calendarKeys.conflicts(query),
  queryFn: ({ signal }: { signal?: AbortSignal }) => getMeetingConflicts(query, signal),
  staleTime: 10_000,
});

/** The organisation's meetings that clash with the form's times (none asked while null). */
export const useMeetingConflicts = (query: ConflictQuery | null) =>
  useQuery({
    ...conflictsQuery(query ?? { date: '', startTime: '', endTime: '', timeZone: '' }),
    enabled: query !== null,
  });

/** The same answer, from the cache when fresh (the check when the form is sent). */
export const fetchMeetingConflicts = (client: QueryClient, query: ConflictQuery) =>
  client.fetchQuery(conflictsQuery(query));
