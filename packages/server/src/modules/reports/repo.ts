import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { CampaignResult, ReportBucket } from '@leadline/shared/reports';
import type { Db } from '../../db/connection.ts';
import { inOrganization } from '../../db/scope.ts';
import { within } from '../../db/period-counts.ts';
import { emailsSentIn, leadsCreatedIn, repliesIn, stageEnteredIn } from '../../db/period-rows.ts';
import type { Range } from '../../db/period-counts.ts';
import { dealStages, leads, sentEmails } from '../../db/schema.ts';
import { leadStageChanges } from '../../db/tables/stages.ts';
import { campaignDeliveries, campaigns } from '../../db/tables/campaigns.ts';
import { emailReplies } from '../../db/tables/email-jobs.ts';

export type { Range };

/** null: every organisation (Super Admin). */
type Scope = string | null;

/** The UTC day, ISO week (from Monday) or month a time falls in, as `YYYY-MM-DD`. */
const bucketOf = (column: AnyColumn, bucket: ReportBucket): SQL<string> =>
  sql<string>`to_char(date_trunc(${bucket}, ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;

export type BucketCount = { bucket: string; key: string; count: number };

/** Leads created in the range, per bucket and status (or source). */
export const leadsPerBucket = (
  db: Db,
  organizationId: Scope,
  range: Range,
  bucket: ReportBucket,
  by: 'status' | 'source',
): Promise<BucketCount[]> =>
  db
    .select({
      bucket: bucketOf(leads.createdAt, bucket),
      key: by === 'status' ? leads.status : leads.source,
      count: count(),
    })
    .from(leads)
    .where(leadsCreatedIn(organizationId, range))
    // Positions: the bucket expression carries its unit as a parameter, so it cannot be repeated.
    .groupBy(sql`1`, sql`2`);

/** Emails sent (status 'sent', by any path) in the range, per bucket. */
export const sentPerBucket = (
  db: Db,
  organizationId: Scope,
  range: Range,
  bucket: ReportBucket,
): Promise<{ bucket: string; count: number }[]> =>
  db
    .select({ bucket: bucketOf(sentEmails.sentAt, bucket), count: count() })
    .from(sentEmails)
    .where(emailsSentIn(organizationId, range))
    .groupBy(sql`1`);

/** Replies from leads received in the range (reply detection; not auto-replies nor bounces), per bucket. */
export const repliesPerBucket = (
  db: Db,
  organizationId: Scope,
  range: Range,
  bucket: ReportBucket,
): Promise<{ bucket: string; count: number }[]> =>
  db
    .select({ bucket: bucketOf(emailReplies.receivedAt, bucket), count: count() })
    .from(emailReplies)
    .where(repliesIn(organizationId, range))
    .groupBy(sql`1`);

/** Emails that bounced for good (a report, or a refusal while sending) in the range, per bucket. */
export const bouncesPerBucket = (
  db: Db,
  organizationId: Scope,
  range: Range,
  bucket: ReportBucket,
): Promise<{ bucket: string; count: number }[]> =>
  db
    .select({ bucket: bucketOf(sentEmails.bouncedAt, bucket), count: count() })
    .from(sentEmails)
    .where(
      and(
        inOrganization(sentEmails.organizationId, organizationId),
        eq(sentEmails.bounce, 'hard'),
        within(sentEmails.bouncedAt, range),
      ),
    )
    .groupBy(sql`1`);

export type CampaignResultRow = Omit<CampaignResult, '_id'> & { id: string };

const finishedIn = (state: string, range: Range) =>
  sql<number>`count(*) FILTER (WHERE ${campaignDeliveries.state} = ${state} AND ${campaignDeliveries.finishedAt} >= ${range.start} AND ${campaignDeliveries.finishedAt} < ${range.end})`.mapWith(
    Number,
  );

/**
 * Every campaign that existed before the range ended, with what happened in the range: emails
 * sent and failed, tasks done, replies to its emails (matched by reply detection to the
 * email they answer) and its emails that bounced for good; plus the leads it has reached so far.
 */
export const campaignResults = async (
  db: Db,
  organizationId: Scope,
  range: Range,
): Promise<CampaignResultRow[]> => {
  const deliveries = db
    .select({
      campaignId: campaignDeliveries.campaignId,
      leads: sql<number>`count(DISTINCT ${campaignDeliveries.leadId})`.mapWith(Number).as('leads'),
      sent: finishedIn('sent', range).as('sent'),
      failed: finishedIn('failed', range).as('failed'),
      tasksDone: finishedIn('done', range).as('tasks_done'),
    })
    .from(campaignDeliveries)
    .innerJoin(campaigns, eq(campaigns.id, campaignDeliveries.campaignId))
    .where(inOrganization(campaigns.organizationId, organizationId))
    .groupBy(campaignDeliveries.campaignId)
    .as('deliveries');
  const replies = db
    .select({
      campaignId: campaignDeliveries.campaignId,
      replies: sql<number>`count(DISTINCT ${emailReplies.id})`.mapWith(Number).as('replies'),
    })
    .from(emailReplies)
    .innerJoin(campaignDeliveries, eq(campaignDeliveries.sentEmailId, emailReplies.sentEmailId))
    .where(
      and(
        inOrganization(emailReplies.organizationId, organizationId),
        eq(emailReplies.kind, 'reply'),
        within(emailReplies.receivedAt, range),
      ),
    )
    .groupBy(campaignDeliveries.campaignId)
    .as('replies');
  const bounces = db
    .select({
      campaignId: campaignDeliveries.campaignId,
      bounces: sql<number>`count(DISTINCT ${sentEmails.id})`.mapWith(Number).as('bounces'),
    })
    .from(sentEmails)
    .innerJoin(campaignDeliveries, eq(campaignDeliveries.sentEmailId, sentEmails.id))
    .where(
      and(
        inOrganization(sentEmails.organizationId, organizationId),
        eq(sentEmails.bounce, 'hard'),
        within(sentEmails.bouncedAt, range),
      ),
    )
    .groupBy(campaignDeliveries.campaignId)
    .as('bounces');
  return db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      type: campaigns.type,
      status: campaigns.status,
      leads: sql<number>`coalesce(${deliveries.leads}, 0)`.mapWith(Number),
      sent: sql<number>`coalesce(${deliveries.sent}, 0)`.mapWith(Number),
      failed: sql<number>`coalesce(${deliveries.failed}, 0)`.mapWith(Number),
      tasksDone: sql<number>`coalesce(${deliveries.tasksDone}, 0)`.mapWith(Number),
      replies: sql<number>`coalesce(${replies.replies}, 0)`.mapWith(Number),
      bounces: sql<number>`coalesce(${bounces.bounces}, 0)`.mapWith(Number),
    })
    .from(campaigns)
    .leftJoin(deliveries, eq(deliveries.campaignId, campaigns.id))
    .leftJoin(replies, eq(replies.campaignId, campaigns.id))
    .leftJoin(bounces, eq(bounces.campaignId, campaigns.id))
    .where(
      and(
        inOrganization(campaigns.organizationId, organizationId),
        lt(campaigns.createdAt, range.end),
      ),
    )
    .orderBy(
      sql`coalesce(${deliveries.sent}, 0) + coalesce(${deliveries.tasksDone}, 0) DESC`,
      campaigns.name,
      campaigns.id,
    );
};

export type ClosedDeals = { won: number; valueWon: number; lost: number };

/** Leads now in a won (lost) stage they entered in the range: their count and won value. */
export const closedDeals = async (
  db: Db,
  organizationId: Scope,
  range: Range,
): Promise<ClosedDeals> => {
  const [row] = await db
    .select({
      won: sql<number>`count(*) FILTER (WHERE ${dealStages.kind} = 'won')`.mapWith(Number),
      valueWon:
        sql<string>`coalesce(sum(${leads.dealValue}) FILTER (WHERE ${dealStages.kind} = 'won'), 0)`.mapWith(
          Number,
        ),
      lost: sql<number>`count(*) FILTER (WHERE ${dealStages.kind} = 'lost')`.mapWith(Number),
    })
    .from(leads)
    .innerJoin(dealStages, eq(dealStages.id, leads.stageId))
    .where(stageEnteredIn(organizationId, range));
  return row ?? { won: 0, valueWon: 0, lost: 0 };
};

export type StageDays = { stageId: string; name: string; days: number; deals: number };

/**
 * For each stage, the stays in it that ended in the range (a deal moved on from it): their
 * average length in days (one decimal) and count, from the stage history, in board order. A
 * stay still going is not counted; a deleted stage drops out.
 */
export const daysPerStage = async (
  db: Db,
  organizationId: Scope,
  range: Range,
): Promise<StageDays[]> => {
  const stays = db
    .select({
      stageId: sql<string>`${leadStageChanges.toStageId}`.as('stay_stage'),
      enteredAt: sql<Date>`${leadStageChanges.changedAt}`.as('entered_at'),
      leftAt:
        sql<Date>`lead(${leadStageChanges.changedAt}) OVER (PARTITION BY ${leadStageChanges.leadId} ORDER BY ${leadStageChanges.changedAt}, ${leadStageChanges.id})`.as(
          'left_at',
        ),
    })
    .from(leadStageChanges)
    .where(inOrganization(leadStageChanges.organizationId, organizationId))
    .as('stays');
  const rows = await db
    .select({
      stageId: dealStages.id,
      name: dealStages.name,
      days: sql<string>`round((avg(extract(epoch from (${stays.leftAt} - ${stays.enteredAt}))) / 86400)::numeric, 1)`.mapWith(
        Number,
      ),
      deals: count(),
    })
    .from(stays)
    .innerJoin(dealStages, eq(dealStages.id, stays.stageId))
    .where(and(sql`${stays.leftAt} >= ${range.start}`, lt(stays.leftAt, range.end)))
    .groupBy(dealStages.id, dealStages.name, dealStages.position)
    .orderBy(dealStages.position, dealStages.name);
  return rows;
};
