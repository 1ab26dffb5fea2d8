import { LEAD_STATUSES } from '@leadline/shared/leads';
import { TREND_DAYS, UNKNOWN_SOURCE, percentChange } from '@leadline/shared/dashboard';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import type { Db } from '../../db/connection.ts';
import { toActivityEntry } from '../activity/present.ts';
import { listActivity } from '../activity/repo.ts';
import type { CurrentUser } from '../users/present.ts';
import { leadCounts, leadsPerSource, leadsPerStatus } from './repo.ts';

const RECENT_ACTIVITIES = 10;

/**
 * GET /api/dashboard for the caller's organisation (a Super Admin: all organisations).
 * "Active leads" are all leads of the organisation: the product has no closed or archived
 * lead state yet. Campaigns and meetings count 0 (and their trends are null) until those
 * modules exist; their fields are kept so that the dashboard's shape does not change.
 */
export const dashboard = async (
  db: Db,
  actor: CurrentUser,
  now = new Date(),
): Promise<DashboardResponse> => {
  const organizationId = actor.role === 'Super Admin' ? null : actor.organizationId;
  const [counts, bySource, byStatus, activities] = await Promise.all([
    leadCounts(db, organizationId, now, TREND_DAYS),
    leadsPerSource(db, organizationId),
    leadsPerStatus(db, organizationId),
    listActivity(db, organizationId, { limit: RECENT_ACTIVITIES }),
  ]);
  return {
    counts: { activeLeads: counts.total, campaigns: 0, meetings: 0 },
    trends: {
      activeLeads: percentChange(counts.current, counts.previous),
      campaigns: null,
      meetings: null,
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
    campaignPerformance: [],
    recentActivities: activities.map(toActivityEntry),
    upcomingMeetings: [],
  };
};
