/** The calendar's door for the dashboard: meeting counts and the upcoming meetings. */
export { findUpcomingMeetings, meetingCounts } from './summary-repo.ts';
