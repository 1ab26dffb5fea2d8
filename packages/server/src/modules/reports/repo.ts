import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { CampaignResult, ReportBucket } from '@leadline/shared/reports';
import type { Db } from '../../db/connection.ts';
import { inOrganization } from '../../db/scope.ts';
import { within } from '../../db/period-counts.ts';
import { emailsSentIn, leadsCreatedIn, repliesIn } from '../../db/period-rows.ts';
import type { Range } from '../../db/period-counts.ts';
import { leads, sentEmails } from '../../db/schema.ts';
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
