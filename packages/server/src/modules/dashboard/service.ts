import { LEAD_STATUSES } from '@leadline/shared/leads';
import { TREND_DAYS, UNKNOWN_SOURCE, percentChange } from '@leadline/shared/dashboard';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import type { Db } from '../../db/connection.ts';
import { toActivityEntry } from '../activity/present.ts';
import { listActivity } from '../activity/log.ts';
import { findUpcomingMeetings, meetingCounts } from '../calendar/summary.ts';
import { campaignCounts } from '../campaigns/summary.ts';
import { campaignPerformance } from '../campaigns/service.ts';
import { scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { leadFigures } from './lead-figures.ts';

const RECENT_ACTIVITIES = 10;
const UPCOMING_MEETINGS = 5;

/**
 * GET /api/dashboard for the caller's organisation (a Super Admin: all organisations).
 * "Active leads" are all leads of the organisation: the product has no closed or archived
 * lead state yet. Meetings are all the calendar's meetings, their trend by when they were
 * scheduled. Campaigns are all the organisation's campaigns, their trend by when they were
 * created; the performance chart shows each campaign's leads. The lead figures may be up to a
 * minute old (lead-figures.ts); the rest is read on every view.
 */
export const dashboard = async (
  db: Db,
  actor: CurrentUser,
  now = new Date(),
): Promise<DashboardResponse> => {
  const organizationId = scopeOf(actor);
  const [{ counts, bySource, byStatus }, activities, meetings, upcoming, campaigns, performance] =
    await Promise.all([
      leadFigures(db, organizationId, now),
      listActivity(db, organizationId, { limit: RECENT_ACTIVITIES }),
      meetingCounts(db, organizationId, now, TREND_DAYS),
      findUpcomingMeetings(db, organizationId, now, UPCOMING_MEETINGS),
      campaignCounts(db, organizationId, now, TREND_DAYS),
      campaignPerformance(db, organizationId),
    ]);
  return {
    counts: { activeLeads: counts.total, campaigns: campaigns.total, meetings: meetings.total },
    trends: {
      activeLeads: percentChange(counts.current, counts.previous),
      campaigns: percentChange(campaigns.current, campaigns.previous),
      meetings: percentChange(meetings.current, meetings.previous),
    },
    leadsBySource: bySource.map((row) => ({
      source: row.source || UNKNOWN_SOURCE,
      count: row.count,
    })),
    // Every status appears, with 0 when no lead has it, so the chart keeps its four bars.
    leadsByStatus: [
      ...LEAD_STATUSES.map((status) => ({
        status,
        count: byStatus.find((row) => row.status === status)?.count ?? 0,
      })),
      ...byStatus
        .filter((row) => !(LEAD_STATUSES as readonly string[]).includes(row.status))
        .map((row) => ({ status: row.status || 'Unknown', count: row.count })),
    ],
    campaignPerformance: performance,
    recentActivities: activities.map(toActivityEntry),
    // Not yet ended, soonest first; 'pending' while an attendee's invitation has not gone out.
    upcomingMeetings: upcoming.map((meeting) => ({
      _id: meeting.id,
      title: meeting.topic,
      date: meeting.startsAt.toISOString(),
      status: meeting.unsent > 0 ? 'pending' : 'scheduled',
    })),
  };
};
