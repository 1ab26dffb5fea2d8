import type { MeetingChangeResponse, MeetingInput } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCalendarMutation } from './calendar-mutation.ts';

export type UpdateMeetingInput = { id: string; meeting: MeetingInput };

export const updateMeeting = ({
  id,
  meeting,
}: UpdateMeetingInput): Promise<MeetingChangeResponse> =>
  apiRequest<MeetingChangeResponse>(`/api/calendar/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: meeting,
  });

/** PUT /api/calendar/:id: the attendees get the update, removed ones a cancellation. */
export const useUpdateMeeting = () => useCalendarMutation(updateMeeting);
