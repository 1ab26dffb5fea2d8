import type { MeetingDeleteResponse } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCalendarMutation } from './calendar-mutation.ts';

export const deleteMeeting = (id: string): Promise<MeetingDeleteResponse> =>
  apiRequest<MeetingDeleteResponse>(`/api/calendar/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** DELETE /api/calendar/:id: invited attendees get a cancellation. */
export const useDeleteMeeting = () => useCalendarMutation(deleteMeeting);
