/**
 * The activity log's door for other modules: record an entry (inside the caller's own
 * transaction) and read entries, with the columns other queries join on.
 */
export { activityColumns, lastLoggedAt, listActivity, logActivities, logActivity } from './repo.ts';
export type { ActivityRow, ActivityType, NewActivity } from './repo.ts';
