import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CampaignData, CampaignStatus } from '@leadline/shared/campaigns';
import type { SendingWindow } from '@leadline/shared/sending-window';
import type { Db } from '../../../db/connection.ts';
import { inOrganization } from '../../../db/scope.ts';
import { periodCounts } from '../../../db/period-counts.ts';
import { leads, organizations, users } from '../../../db/schema.ts';
import { campaignDeliveries, campaignLeads, campaigns } from '../../../db/tables/campaigns.ts';

export type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign with what its card shows: organisation, creator and counts. */
export type CampaignListRow = CampaignRow & {
  organization: string;
  creatorName: string | null;
  chosenLeads: number;
  recipients: number;
  sentCount: number;
};

export type CampaignValues = Omit<
  CampaignData,
  'leads' | 'schedule' | 'sendingWindow' | 'gapSeconds'
> & {
  sendNow: boolean;
  startDate: Date | null;
  throttlePerHour: number;
  sendingWindow: SendingWindow | null;
  gapMinSeconds: number;
  gapMaxSeconds: number;
};

const chosenCount = sql<number>`(SELECT count(*) FROM ${campaignLeads} WHERE ${campaignLeads.campaignId} = ${campaigns.id})::int`;
const recipientCount = sql<number>`(SELECT count(*) FROM ${campaignDeliveries} WHERE ${campaignDeliveries.campaignId} = ${campaigns.id} AND ${campaignDeliveries.step} = 0)::int`;
const sentCount = sql<number>`(SELECT count(*) FROM ${campaignDeliveries} WHERE ${campaignDeliveries.campaignId} = ${campaigns.id} AND ${campaignDeliveries.state} IN ('sent', 'done'))::int`;

const listColumns = {
  campaign: campaigns,
  organization: organizations.name,
  creatorName: users.name,
  chosenLeads: chosenCount,
  recipients: recipientCount,
  sentCount,
};

type Selected = {
  campaign: CampaignRow;
  organization: string;
  creatorName: string | null;
  chosenLeads: number;
  recipients: number;
  sentCount: number;
};
const flatten = ({ campaign, ...rest }: Selected): CampaignListRow => ({ ...campaign, ...rest });

/** null scope: every organisation (Super Admin). */
const inScope = (organizationId: string | null) =>
  inOrganization(campaigns.organizationId, organizationId);

/** Newest first; for every organisation when `organizationId` is null. */
export const findCampaigns = async (
  db: Db,
  organizationId: string | null,
): Promise<CampaignListRow[]> => {
  const rows = await db
    .select(listColumns)
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .where(inScope(organizationId))
    .orderBy(asc(organizations.name), desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(flatten);
};

export const findCampaign = async (
  db: Db,
  organizationId: string | null,
  id: string,
): Promise<CampaignListRow | undefined> => {
  const [row] = await db
    .select(listColumns)
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .leftJoin(users, eq(users.id, campaigns.createdBy))
    .where(and(inScope(organizationId), eq(campaigns.id, id)))
    .limit(1);
  return row ? flatten(row) : undefined;
};

/** The bare row, in any organisation (the engine). */
export const getCampaignRow = async (db: Db, id: string): Promise<CampaignRow | undefined> => {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
};

/** The campaign row locked until the transaction ends (status changes, claims). */
export const lockCampaign = async (db: Db, id: string): Promise<CampaignRow | undefined> => {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
  return row;
};

export const insertCampaign = async (
  db: Db,
  values: CampaignValues & { organizationId: string; createdBy: string },
): Promise<string> => {
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  return row!.id;
};

export const updateCampaignRow = async (
  db: Db,
  id: string,
  changes: Partial<CampaignValues> & {
    status?: CampaignStatus;
    tickChain?: string | null;
    startedAt?: Date;
    completedAt?: Date | null;
    createdBy?: string;
    /** Why the campaign paused itself; cleared when it is sent or resumed. */
    statusMessage?: string | null;
  },
): Promise<void> => {
  await db
    .update(campaigns)
    // A new chain's first tick is queued for now: the watchdog counts from here.
    .set({
      ...changes,
      ...(changes.tickChain ? { nextTickAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(campaigns.id, id));
};

/** When the chain's next tick should run (null: none planned), on the server's clock. */
export const planNextTick = async (db: Db, id: string, at: Date | null): Promise<void> => {
  await db.update(campaigns).set({ nextTickAt: at }).where(eq(campaigns.id, id));
};

/**
 * Gives each active email campaign whose next tick is more than `graceSeconds` overdue (the
 * process running or holding its chain's tick died) a new chain, due now: at most `limit`,
 * oldest first, skipping a campaign whose row a live tick holds. Answers each with its chain.
 */
export const renewStalledChains = async (
  db: Db,
  graceSeconds: number,
  limit: number,
): Promise<{ id: string; chain: string }[]> => {
  const stalled = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        isNotNull(campaigns.tickChain),
        sql`${campaigns.nextTickAt} < now() - make_interval(secs => ${graceSeconds})`,
      ),
    )
    .orderBy(asc(campaigns.nextTickAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(campaigns)
    .set({ tickChain: sql`gen_random_uuid()`, nextTickAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(campaigns.id, stalled))
    .returning({ id: campaigns.id, chain: campaigns.tickChain });
  return rows.map((row) => ({ id: row.id, chain: row.chain! }));
};

export const deleteCampaignRow = async (db: Db, id: string): Promise<void> => {
  await db.delete(campaigns).where(eq(campaigns.id, id));
};

/** The chosen leads' ids, in the order they were chosen in (their id as the tie-break). */
export const findChosenLeadIds = async (db: Db, campaignId: string): Promise<string[]> => {
  const rows = await db
    .select({ id: campaignLeads.leadId })
    .from(campaignLeads)
    .where(eq(campaignLeads.campaignId, campaignId))
    .orderBy(asc(campaignLeads.leadId));
  return rows.map((row) => row.id);
};

/** Replaces the chosen leads. */
export const setChosenLeads = async (
  db: Db,
  campaignId: string,
  leadIds: readonly string[],
): Promise<void> => {
  await db.delete(campaignLeads).where(eq(campaignLeads.campaignId, campaignId));
  for (let start = 0; start < leadIds.length; start += 1000) {
    await db
      .insert(campaignLeads)
      .values(leadIds.slice(start, start + 1000).map((leadId) => ({ campaignId, leadId })));
  }
};

/** How many of the ids are leads of the organisation. */
export const countOwnLeads = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<number> => {
  let total = 0;
  for (let start = 0; start < ids.length; start += 1000) {
    const [row] = await db
      .select({ n: count() })
      .from(leads)
      .where(
        and(
          eq(leads.organizationId, organizationId),
          inArray(leads.id, ids.slice(start, start + 1000)),
        ),
      );
    total += row!.n;
  }
  return total;
};

/** Campaigns created in each of the two periods before `now`, and all of them. */
export const campaignCounts = (
  db: Db,
  organizationId: string | null,
  now: Date,
  periodDays: number,
) => periodCounts(db, campaigns, campaigns.createdAt, inScope(organizationId), now, periodDays);
