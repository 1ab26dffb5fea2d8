import { z } from 'zod';
import type { ActivityEntry } from './activity.ts';
import { answerSchema, isoDateTime, text } from './answers.ts';
import { INVALID_TIME_ZONE, MEETING_LINK_KINDS, isTimeZone } from './calendar.ts';
import type { MeetingLink } from './calendar.ts';
import { hasPermission, isAdministrator } from './permissions.ts';
import type { Actor } from './permissions.ts';

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

/* My day: the caller's own work for today (GET /api/dashboard/my-day). */

/** Organisation-wide figures are for managers: Lead Management holders and administrators. */
export const seesOrganizationFigures = (actor: Actor): boolean =>
  isAdministrator(actor) || hasPermission(actor, 'leadManagement');

export const ORGANIZATION_FIGURES_FOR_MANAGERS =
  'The organisation figures are for managers: they need the Lead Management permission';

/** How many of each list My day shows (the totals count them all). */
export const MY_DAY_TASKS = 8;
export const MY_DAY_REPLIES = 8;
export const MY_DAY_DEALS = 6;

/** GET /api/dashboard/my-day?timeZone=: "today" is the day in the caller's zone (UTC by default). */
export const myDayQuerySchema = z.object({
  timeZone: z
    .string()
    .max(64, INVALID_TIME_ZONE)
    .refine(isTimeZone, INVALID_TIME_ZONE)
    .optional()
    .default('UTC'),
});
export type MyDayQuery = z.input<typeof myDayQuerySchema>;

type Named = { id: string; name: string };

/** An open task of the caller's due today or before (`overdue`); today's come first. */
export type MyDayTask = {
  _id: string;
  title: string;
  dueDate: string;
  overdue: boolean;
  lead: Named | null;
};

/** A lead of the caller's whose latest reply has had no email back since. */
export type MyDayReply = {
  lead: Named & { company: string };
  /** The latest reply: when it came and what it said. */
  receivedAt: string;
  subject: string;
  snippet: string;
};

/** A meeting today that the caller organises or is invited to. */
export type MyDayMeeting = {
  _id: string;
  topic: string;
  start: string;
  end: string;
  location: string;
  attendees: number;
  /** The leads and clients attending. */
  links: MeetingLink[];
  organizer: boolean;
};

/** A lead of the caller's with a deal value, not converted to a client. */
export type MyDayDeal = {
  lead: Named & { company: string };
  status: string;
  dealValue: number;
  expectedCloseDate: string | null;
};

export type MyDay = {
  /** Today in `timeZone` (YYYY-MM-DD). */
  date: string;
  timeZone: string;
  tasks: { items: MyDayTask[]; overdue: number; dueToday: number };
  replies: { items: MyDayReply[]; total: number };
  meetings: MyDayMeeting[];
  /** The organisation's currency; `total` sums every open deal, `items` are the largest. */
  deals: { items: MyDayDeal[]; count: number; total: number; currency: string };
};

const named = z.object({ id: text, name: text });
const namedWithCompany = named.extend({ company: text });

export const myDayAnswerSchema = answerSchema<MyDay>()({
  date: text,
  timeZone: text,
  tasks: z.object({
    items: z.array(
      answerSchema<MyDayTask>()({
        _id: text,
        title: text,
        dueDate: text,
        overdue: z.boolean(),
        lead: named.nullable(),
      }),
    ),
    overdue: z.number(),
    dueToday: z.number(),
  }),
  replies: z.object({
    items: z.array(
      answerSchema<MyDayReply>()({
        lead: namedWithCompany,
        receivedAt: isoDateTime,
        subject: text,
        snippet: text,
      }),
    ),
    total: z.number(),
  }),
  meetings: z.array(
    answerSchema<MyDayMeeting>()({
      _id: text,
      topic: text,
      start: isoDateTime,
      end: isoDateTime,
      location: text,
      attendees: z.number(),
      links: z.array(
        z.object({ kind: z.enum(MEETING_LINK_KINDS), id: text, name: text, email: text }),
      ),
      organizer: z.boolean(),
    }),
  ),
  deals: z.object({
    items: z.array(
      answerSchema<MyDayDeal>()({
        lead: namedWithCompany,
        status: text,
        dealValue: z.number(),
        expectedCloseDate: text.nullable(),
      }),
    ),
    count: z.number(),
    total: z.number(),
    currency: text,
  }),
});
