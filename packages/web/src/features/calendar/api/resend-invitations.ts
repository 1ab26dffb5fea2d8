import type { MeetingChangeResponse } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCalendarMutation } from './calendar-mutation.ts';

export const resendInvitations = (id: string): Promise<MeetingChangeResponse> =>
  apiRequest<MeetingChangeResponse>(`/api/calendar/${encodeURIComponent(id)}/resend`, {
    method: 'POST',
  });

/** POST /api/calendar/:id/resend: the current invitation to every attendee again. */
export const useResendInvitations = () => useCalendarMutation(resendInvitations);
