import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { inOrganization } from '../../db/scope.ts';
import { activityLog } from '../../db/schema.ts';
import { meetingAttendees, meetings } from '../../db/tables/calendar.ts';
import { activityColumns } from '../activity/log.ts';
import type { ActivityRow } from '../activity/log.ts';
import { periodCounts } from '../../db/period-counts.ts';

const inScope = (organizationId: string | null) =>
  inOrganization(meetings.organizationId, organizationId);

/** All meetings, and those scheduled (created) in each of the two periods before `now`. */
export const meetingCounts = (
  db: Db,
  organizationId: string | null,
  now: Date,
  periodDays: number,
) => periodCounts(db, meetings, meetings.createdAt, inScope(organizationId), now, periodDays);

export type UpcomingMeetingRow = {
  id: string;
  topic: string;
  startsAt: Date;
  /** Attendees whose invitation for the current version has not gone out. */
  unsent: number;
};

/** Meetings that have not ended yet, soonest first, with how many invitations are unsent. */
export const findUpcomingMeetings = (
  db: Db,
  organizationId: string | null,
  now: Date,
  limit: number,
): Promise<UpcomingMeetingRow[]> =>
  db
    .select({
      id: meetings.id,
      topic: meetings.topic,
      startsAt: meetings.startsAt,
      unsent: sql<number>`(SELECT count(*)::int FROM ${meetingAttendees} a WHERE a.meeting_id = ${meetings.id} AND a.status <> 'sent')`,
    })
    .from(meetings)
    .where(and(inScope(organizationId), gt(meetings.endsAt, now)))
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(limit);

/** The organisation's newest meeting entries of the activity log. */
export const findMeetingActivity = (
  db: Db,
  organizationId: string,
  limit: number,
): Promise<ActivityRow[]> =>
  db
    .select(activityColumns)
    .from(activityLog)
    .where(and(eq(activityLog.organizationId, organizationId), eq(activityLog.type, 'Meeting')))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(limit);
