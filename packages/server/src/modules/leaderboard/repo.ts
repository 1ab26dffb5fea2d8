import { and, count, eq, lte, or, sql } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import type { LeaderboardFigures } from '@leadline/shared/leaderboard';
import type { Db } from '../../db/connection.ts';
import { within } from '../../db/period-counts.ts';
import { emailsSentIn, leadsCreatedIn, repliesIn, stageEnteredIn } from '../../db/period-rows.ts';
import type { Range } from '../../db/period-counts.ts';
import { dealStages, leads, sentEmails, users } from '../../db/schema.ts';
import { leadNotes, leadStatusChanges } from '../../db/tables/business.ts';
import { meetings } from '../../db/tables/calendar.ts';
import { emailReplies } from '../../db/tables/email-jobs.ts';

/** The period counted: `[start, end)`, whole UTC days as Reports counts them. */
export type { Range };

export type LeaderboardUserRow = { id: string; name: string } & LeaderboardFigures;

const countOf = (column: SQLWrapper) => sql<number>`coalesce(${column}, 0)`.mapWith(Number);

/**
 * Every figure of every user of the organisation over the range, one row per user, in one
 * statement: each figure is counted by its own grouped subquery (the rows Reports counts for
 * the same period, by user: db/period-rows.ts), then joined to the organisation's users. Users with nothing in
 * the period are kept when they are active.
 */
export const leaderboardRows = async (
  db: Db,
  organizationId: string,
  range: Range,
  now: Date,
): Promise<LeaderboardUserRow[]> => {
  const created = db
    .select({
      userId: sql<string>`${leads.createdBy}`.as('created_user'),
      n: count().as('created_n'),
    })
    .from(leads)
    .where(leadsCreatedIn(organizationId, range))
    .groupBy(leads.createdBy)
    .as('created');
  const sent = db
    .select({ userId: sql<string>`${sentEmails.userId}`.as('sent_user'), n: count().as('sent_n') })
    .from(sentEmails)
    .where(emailsSentIn(organizationId, range))
    .groupBy(sentEmails.userId)
    .as('sent');
  // A reply counts for the sender of the email it answers; without one, for whose inbox it reached.
  const answeredBy = sql<string>`coalesce(${sentEmails.userId}, ${emailReplies.userId})`;
  const replied = db
    .select({ userId: answeredBy.as('reply_user'), n: count().as('replied_n') })
    .from(emailReplies)
    .leftJoin(sentEmails, eq(sentEmails.id, emailReplies.sentEmailId))
    .where(repliesIn(organizationId, range))
    .groupBy(sql`1`)
    .as('replied');
  // Held: started inside the period and not later than now (a cancelled meeting is deleted).
  const held = db
    .select({
      userId: sql<string>`${meetings.organizerId}`.as('meeting_user'),
      n: count().as('held_n'),
    })
    .from(meetings)
    .where(
      and(
        eq(meetings.organizationId, organizationId),
        within(meetings.startsAt, range),
        lte(meetings.startsAt, now),
      ),
    )
    .groupBy(meetings.organizerId)
    .as('held');
  const qualified = db
    .select({
      userId: sql<string>`${leadStatusChanges.userId}`.as('qualified_user'),
      n: count().as('qualified_n'),
    })
    .from(leadStatusChanges)
    .where(
      and(
        eq(leadStatusChanges.organizationId, organizationId),
        within(leadStatusChanges.changedAt, range),
        eq(leadStatusChanges.toStatus, 'Qualified'),
      ),
    )
    .groupBy(leadStatusChanges.userId)
    .as('qualified');
  const logged = db
    .select({
      userId: sql<string>`${leadNotes.userId}`.as('note_user'),
      calls: sql<number>`count(*) FILTER (WHERE ${leadNotes.kind} = 'call')`.as('logged_calls'),
      notes: sql<number>`count(*) FILTER (WHERE ${leadNotes.kind} = 'note')`.as('logged_notes'),
    })
    .from(leadNotes)
    .where(and(eq(leadNotes.organizationId, organizationId), within(leadNotes.createdAt, range)))
    .groupBy(leadNotes.userId)
    .as('logged');

  // Deals won: leads now in a won stage they entered in the period, counted for their owner
  // now (not the owner at the time they were won: a handed-over deal follows its new owner, as
  // the leads table shows it).
  const won = db
    .select({
      userId: sql<string>`${leads.ownerId}`.as('won_user'),
      n: count().as('won_n'),
      value: sql<string>`coalesce(sum(${leads.dealValue}), 0)`.as('won_value'),
    })
    .from(leads)
    .innerJoin(dealStages, eq(dealStages.id, leads.stageId))
    .where(and(stageEnteredIn(organizationId, range), eq(dealStages.kind, 'won')))
    .groupBy(leads.ownerId)
    .as('won');

  const figures = {
    leadsCreated: countOf(created.n),
    emailsSent: countOf(sent.n),
    replies: countOf(replied.n),
    meetings: countOf(held.n),
    qualified: countOf(qualified.n),
    calls: countOf(logged.calls),
    notes: countOf(logged.notes),
    dealsWon: countOf(won.n),
    valueWon: countOf(won.value),
  };
  const anything = sql`coalesce(${created.n}, ${sent.n}, ${replied.n}, ${held.n}, ${qualified.n}, ${logged.calls}, ${logged.notes}, ${won.n}) IS NOT NULL`;
  return db
    .select({ id: users.id, name: users.name, ...figures })
    .from(users)
    .leftJoin(created, eq(created.userId, users.id))
    .leftJoin(sent, eq(sent.userId, users.id))
    .leftJoin(replied, eq(replied.userId, users.id))
    .leftJoin(held, eq(held.userId, users.id))
    .leftJoin(qualified, eq(qualified.userId, users.id))
    .leftJoin(logged, eq(logged.userId, users.id))
    .leftJoin(won, eq(won.userId, users.id))
    .where(and(eq(users.organizationId, organizationId), or(eq(users.status, 'active'), anything)));
};
