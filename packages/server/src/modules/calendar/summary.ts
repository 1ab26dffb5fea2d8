/**
 * The calendar's door for the dashboard: meeting counts, the upcoming meetings, and for My day
 * a day's bounds in a zone and the leads and clients attending meetings.
 */
export { findUpcomingMeetings, meetingCounts } from './summary-repo.ts';
export { meetingLinks } from './present.ts';
export { findAttendees } from './repo.ts';
export { nextDate, parseWallTime, wallDate, wallTimeAt, zonedToInstant } from './zone.ts';
