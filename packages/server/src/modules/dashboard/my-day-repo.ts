import { and, asc, desc, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads, organizations, sentEmails } from '../../db/schema.ts';
import { meetingAttendees, meetings } from '../../db/tables/calendar.ts';
import { emailReplies } from '../../db/tables/email-jobs.ts';
import { tasks } from '../../db/tables/integrations.ts';

/** Who the lists are for: the caller in their organisation. */
export type Owner = { organizationId: string; userId: string; email: string };

const LEAD_NAME = sql<string>`COALESCE(NULLIF(btrim(${leads.personFirstName} || ' ' || ${leads.personLastName}), ''), NULLIF(${leads.companyName}, ''), ${leads.personEmail})`;

const ownLeads = (owner: Owner) =>
  and(eq(leads.organizationId, owner.organizationId), eq(leads.ownerId, owner.userId));

/** The caller's open tasks due on `today` or before: today's first, then overdue, oldest first (tasks_owner_open_idx). */
export const findDueTasks = async (owner: Owner, db: Db, today: string, limit: number) => {
  const due = and(
    eq(tasks.organizationId, owner.organizationId),
    eq(tasks.ownerId, owner.userId),
    isNull(tasks.doneAt),
    lte(tasks.dueDate, today),
  );
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        leadId: tasks.leadId,
        leadName: LEAD_NAME,
      })
      .from(tasks)
      .leftJoin(leads, eq(leads.id, tasks.leadId))
      .where(due)
      .orderBy(
        desc(sql`${tasks.dueDate} = ${today}`),
        asc(tasks.dueDate),
        asc(tasks.createdAt),
        asc(tasks.id),
      )
      .limit(limit),
    db
      .select({
        overdue: sql<number>`count(*) FILTER (WHERE ${tasks.dueDate} < ${today})::int`,
        dueToday: sql<number>`count(*) FILTER (WHERE ${tasks.dueDate} = ${today})::int`,
      })
      .from(tasks)
      .where(due),
  ]);
  return { rows, overdue: counts?.overdue ?? 0, dueToday: counts?.dueToday ?? 0 };
};

/** No email delivered to the lead since its latest reply. */
const unanswered = sql`NOT EXISTS (SELECT 1 FROM ${sentEmails} s WHERE s.lead_id = ${leads.id} AND s.status = 'sent' AND s.sent_at >= ${leads.repliedAt})`;

/**
 * The caller's leads whose latest reply has had no email back, newest reply first, with that
 * reply's subject and snippet (email_replies_lead_idx), and how many there are.
 */
export const findWaitingReplies = async (owner: Owner, db: Db, limit: number) => {
  const waiting = and(ownLeads(owner), isNotNull(leads.repliedAt), unanswered);
  const latest = db
    .select({
      subject: emailReplies.subject,
      snippet: emailReplies.snippet,
    })
    .from(emailReplies)
    .where(and(eq(emailReplies.leadId, leads.id), eq(emailReplies.kind, 'reply')))
    .orderBy(desc(emailReplies.receivedAt))
    .limit(1)
    .as('latest');
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: leads.id,
        name: LEAD_NAME,
        company: leads.companyName,
        repliedAt: leads.repliedAt,
        subject: latest.subject,
        snippet: latest.snippet,
      })
      .from(leads)
      .leftJoinLateral(latest, sql`true`)
      .where(waiting)
      .orderBy(desc(leads.repliedAt), asc(leads.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(leads)
      .where(waiting),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

/** Meetings overlapping [from, to) the caller organises or attends (by their email), by start. */
export const findMeetingsOf = (owner: Owner, db: Db, from: Date, to: Date) =>
  db
    .select({
      id: meetings.id,
      topic: meetings.topic,
      startsAt: meetings.startsAt,
      endsAt: meetings.endsAt,
      location: meetings.location,
      organizerId: meetings.organizerId,
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.organizationId, owner.organizationId),
        lt(meetings.startsAt, to),
        gt(meetings.endsAt, from),
        or(
          eq(meetings.organizerId, owner.userId),
          sql`EXISTS (SELECT 1 FROM ${meetingAttendees} a WHERE a.meeting_id = ${meetings.id} AND a.email = ${owner.email.toLowerCase()})`,
        ),
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id))
    .limit(100);

/** The caller's leads with a deal value, not converted: the largest, their number and sum. */
export const findOpenDeals = async (owner: Owner, db: Db, limit: number) => {
  const open = and(ownLeads(owner), isNull(leads.clientId), gt(leads.dealValue, 0));
  const [rows, [sums], [organization]] = await Promise.all([
    db
      .select({
        id: leads.id,
        name: LEAD_NAME,
        company: leads.companyName,
        status: leads.status,
        dealValue: leads.dealValue,
        expectedCloseDate: leads.expectedCloseDate,
      })
      .from(leads)
      .where(open)
      .orderBy(desc(leads.dealValue), asc(leads.id))
      .limit(limit),
    db
      .select({
        count: sql<number>`count(*)::int`,
        total: sql<string>`COALESCE(sum(${leads.dealValue}), 0)::text`,
      })
      .from(leads)
      .where(open),
    db
      .select({ currency: organizations.currency })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId)),
  ]);
  return {
    rows,
    count: sums?.count ?? 0,
    total: Number(sums?.total ?? 0),
    currency: organization?.currency ?? 'USD',
  };
};
