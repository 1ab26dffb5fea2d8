import type { ActivityEntry } from './activity.ts';

/** Percentage change of items created in the last 30 days against the 30 days before. */
export const TREND_DAYS = 30;

/** The label for leads without a source. */
export const UNKNOWN_SOURCE = 'Unknown';

export type DashboardFigures = { activeLeads: number; campaigns: number; meetings: number };

/** Null when the previous period had nothing to compare with. */
export type DashboardTrends = {
  activeLeads: number | null;
  campaigns: number | null;
  meetings: number | null;
};

/** A campaign as the pie chart shows it; campaigns with no leads are left out. */
export type CampaignPerformance = { _id: string; name: string; leads: number };

export type UpcomingMeeting = {
  _id: string;
  title: string;
  date: string;
  status: 'scheduled' | 'pending';
};

/** GET /api/dashboard: everything the dashboard shows, aggregated in the database. */
export type DashboardResponse = {
  counts: DashboardFigures;
  trends: DashboardTrends;
  leadsBySource: { source: string; count: number }[];
  leadsByStatus: { status: string; count: number }[];
  /** Empty until campaigns exist. */
  campaignPerformance: CampaignPerformance[];
  /** The 10 newest activity entries. */
  recentActivities: ActivityEntry[];
  /** Empty until the calendar exists. */
  upcomingMeetings: UpcomingMeeting[];
};

/** Rounded to one decimal; null when there is nothing to compare with. */
export const percentChange = (current: number, previous: number): number | null =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;
