import type { AttendeeResponse, Meeting } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCalendarMutation } from './calendar-mutation.ts';

export type SetResponseInput = { id: string; email: string; response: AttendeeResponse };

export const setAttendeeResponse = ({ id, email, response }: SetResponseInput): Promise<Meeting> =>
  apiRequest<Meeting>(
    `/api/calendar/${encodeURIComponent(id)}/attendees/${encodeURIComponent(email)}/response`,
    { method: 'PUT', body: { response } },
  );

/** PUT /api/calendar/:id/attendees/:email/response: the organiser records an answer by hand. */
export const useSetAttendeeResponse = () => useCalendarMutation(setAttendeeResponse);
