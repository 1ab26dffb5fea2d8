import { MY_DAY_DEALS, MY_DAY_REPLIES, MY_DAY_TASKS } from '@leadline/shared/dashboard';
import type { MyDay } from '@leadline/shared/dashboard';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import {
  findAttendees,
  meetingLinks,
  nextDate,
  parseWallTime,
  wallDate,
  wallTimeAt,
  zonedToInstant,
} from '../calendar/summary.ts';
import { findDueTasks, findMeetingsOf, findOpenDeals, findWaitingReplies } from './my-day-repo.ts';

const NO_ORGANIZATION = chooseOrganization('see your day');

/** Today in `timeZone`, and the instants it starts and ends. */
export const dayIn = (now: Date, timeZone: string) => {
  const date = wallDate(wallTimeAt(now.getTime(), timeZone));
  return {
    date,
    from: new Date(zonedToInstant(parseWallTime(date), timeZone)),
    to: new Date(zonedToInstant(parseWallTime(nextDate(date)), timeZone)),
  };
};

/**
 * GET /api/dashboard/my-day: the caller's own open tasks due today or overdue, their leads'
 * replies with no answer yet, their meetings today (organised or invited to) and their leads'
 * open deals, all in the caller's organisation, "today" in the caller's time zone. Every list
 * is read through an index on the organisation and the owner (or the day's meetings).
 */
export const myDay = async (
  db: Db,
  actor: CurrentUser,
  timeZone: string,
  now = new Date(),
): Promise<MyDay> => {
  const owner = {
    organizationId: organizationIn(actor, NO_ORGANIZATION),
    userId: actor.id,
    email: actor.email,
  };
  const day = dayIn(now, timeZone);
  const [due, replies, meetingRows, deals] = await Promise.all([
    findDueTasks(owner, db, day.date, MY_DAY_TASKS),
    findWaitingReplies(owner, db, MY_DAY_REPLIES),
    findMeetingsOf(owner, db, day.from, day.to),
    findOpenDeals(owner, db, MY_DAY_DEALS),
  ]);
  const attendees = await findAttendees(
    db,
    meetingRows.map((row) => row.id),
  );
  return {
    date: day.date,
    timeZone,
    tasks: {
      items: due.rows.map((row) => ({
        _id: row.id,
        title: row.title,
        dueDate: row.dueDate,
        overdue: row.dueDate < day.date,
        lead: row.leadId ? { id: row.leadId, name: row.leadName } : null,
      })),
      overdue: due.overdue,
      dueToday: due.dueToday,
    },
    replies: {
      items: replies.rows.map((row) => ({
        lead: { id: row.id, name: row.name, company: row.company },
        receivedAt: row.repliedAt!.toISOString(),
        subject: row.subject ?? '',
        snippet: row.snippet ?? '',
      })),
      total: replies.total,
    },
    meetings: meetingRows.map((row) => {
      const own = attendees.filter((attendee) => attendee.meetingId === row.id);
      return {
        _id: row.id,
        topic: row.topic,
        start: row.startsAt.toISOString(),
        end: row.endsAt.toISOString(),
        location: row.location,
        attendees: own.length,
        links: meetingLinks(own),
        organizer: row.organizerId === actor.id,
      };
    }),
    deals: {
      items: deals.rows.map((row) => ({
        lead: { id: row.id, name: row.name, company: row.company },
        status: row.status,
        dealValue: row.dealValue ?? 0,
        expectedCloseDate: row.expectedCloseDate,
      })),
      count: deals.count,
      total: deals.total,
      currency: deals.currency,
    },
  };
};
