import { useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@leadline/shared/activity';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

export const CALENDAR_ACTIVITY_LIMIT = 8;

export const getCalendarActivity = (signal?: AbortSignal): Promise<ActivityEntry[]> =>
  apiRequest<ActivityEntry[]>(`/api/calendar/activity?limit=${CALENDAR_ACTIVITY_LIMIT}`, {
    signal,
  });

/** The newest meeting entries of the organisation's activity log. */
export const useCalendarActivity = () =>
  useQuery({
    queryKey: calendarKeys.activity,
    queryFn: ({ signal }) => getCalendarActivity(signal),
  });
