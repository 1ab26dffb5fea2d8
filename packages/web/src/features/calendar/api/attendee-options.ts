import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ATTENDEE_SEARCH_MIN } from '@leadline/shared/calendar';
import type { AttendeeOption, LinkedMeetings, MeetingLinkKind } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { calendarKeys } from './calendar-keys.ts';

/** GET /api/calendar/attendee-options: leads and clients matching `term` (2 characters or more). */
export const useAttendeeOptions = (term: string) =>
  useQuery({
    queryKey: ['calendar', 'attendee-options', term] as const,
    queryFn: ({ signal }) =>
      apiRequest<AttendeeOption[]>(
        `/api/calendar/attendee-options?${new URLSearchParams({ q: term }).toString()}`,
        { signal },
      ),
    enabled: term.length >= ATTENDEE_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** GET /api/calendar/linked: a lead's or client's meetings, upcoming and past. */
export const useLinkedMeetings = (kind: MeetingLinkKind, id: string) =>
  useQuery({
    queryKey: [...calendarKeys.meetings, 'linked', kind, id] as const,
    queryFn: ({ signal }) =>
      apiRequest<LinkedMeetings>(
        `/api/calendar/linked?${new URLSearchParams({ [`${kind}Id`]: id }).toString()}`,
        { signal },
      ),
    staleTime: 0,
  });
