import type { MeetingInput, ScheduleMeetingResponse } from '@leadline/shared/calendar';
import { apiRequest } from '../../../lib/api-client.ts';
import { useCalendarMutation } from './calendar-mutation.ts';

export const scheduleMeeting = (body: MeetingInput): Promise<ScheduleMeetingResponse> =>
  apiRequest<ScheduleMeetingResponse>('/api/calendar', { method: 'POST', body });

/** POST /api/calendar: saves the meeting and sends the invitations. */
export const useScheduleMeeting = () => useCalendarMutation(scheduleMeeting);
