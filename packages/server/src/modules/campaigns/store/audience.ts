import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { AUDIENCE_OWNER_INVALID, REGION_COUNTRIES, hasFilters } from '@leadline/shared/campaigns';
import type { TargetFilters } from '@leadline/shared/campaigns';
import type { Db } from '../../../db/connection.ts';
import { badRequest } from '../../../lib/errors.ts';
import { findUserById } from '../../users/store.ts';
import { leads } from '../../../db/schema.ts';
import { campaignDeliveries, campaignLeads } from '../../../db/tables/campaigns.ts';
import { containsPattern, leadConditions } from '../../leads/query.ts';

/**
 * The leads the target filters match, every set filter applying: the industry (as the leads
 * list compares it), the region (the lead's country is one of the region's; 'Global' is every
 * country) and the tags (any tag found in the lead's searched text: company, industry, notes,
 * name, job title, city, country), the status, owner and source (as the leads list filters
 * them) and the country (the lead's, in any case). No filter set matches nothing: then only
 * chosen leads count.
 */
export const filterCondition = (
  organizationId: string,
  filters: TargetFilters,
): SQL | undefined => {
  if (!hasFilters(filters)) return undefined;
  const countries =
    filters.region && filters.region !== 'Global' ? REGION_COUNTRIES[filters.region] : null;
  return and(
    leadConditions(organizationId, {
      industry: filters.industry || undefined,
      status: filters.status || undefined,
      ownerId: filters.ownerId || undefined,
      source: filters.source || undefined,
    }),
    filters.country
      ? sql`lower(trim(${leads.personCountry})) = ${filters.country.trim().toLowerCase()}`
      : undefined,
    countries ? inArray(sql`lower(trim(${leads.personCountry}))`, [...countries]) : undefined,
    filters.tags.length > 0
      ? or(...filters.tags.map((tag) => sql`${leads.searchText} LIKE ${containsPattern(tag)}`))
      : undefined,
  );
};

/**
 * An owner filter names a user of the organisation (any status: a former colleague's leads
 * are still theirs); another organisation's user or an unknown id is refused (400).
 */
export const checkAudienceOwner = async (
  db: Db,
  organizationId: string,
  filters: Pick<TargetFilters, 'ownerId'>,
): Promise<void> => {
  if (!filters.ownerId) return;
  const user = await findUserById(db, filters.ownerId);
  if (user?.organizationId !== organizationId)
    throw badRequest(AUDIENCE_OWNER_INVALID, { 'targetFilters.ownerId': AUDIENCE_OWNER_INVALID });
};

/** The audience: the chosen leads (of the campaign, or the ids given) plus the filter matches. */
const audienceCondition = (
  organizationId: string,
  chosen: { campaignId: string } | { leadIds: readonly string[] },
  filters: TargetFilters,
): SQL => {
  const chosenCondition =
    'campaignId' in chosen
      ? sql`${leads.id} IN (SELECT ${campaignLeads.leadId} FROM ${campaignLeads} WHERE ${campaignLeads.campaignId} = ${chosen.campaignId})`
      : chosen.leadIds.length > 0
        ? inArray(leads.id, [...chosen.leadIds])
        : sql`false`;
  const matches = filterCondition(organizationId, filters);
  return and(
    eq(leads.organizationId, organizationId),
    matches ? or(chosenCondition, matches) : chosenCondition,
  )!;
};

/** How many leads the audience holds right now. */
export const countAudience = async (
  db: Db,
  organizationId: string,
  chosen: { campaignId: string } | { leadIds: readonly string[] },
  filters: TargetFilters,
): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(audienceCondition(organizationId, chosen, filters));
  return row!.n;
};

/**
 * Queues the first step for every lead of the audience not queued yet (a campaign sent again
 * after a pause keeps the rows it has); answers how many were added.
 */
export const queueAudience = async (
  db: Db,
  campaign: { id: string; organizationId: string; targetFilters: TargetFilters },
  dueAt: Date,
): Promise<number> => {
  const rows = await db
    .insert(campaignDeliveries)
    .select(
      db
        .select({
          campaignId: sql`${campaign.id}::uuid`.as('campaign_id'),
          step: sql`0`.as('step'),
          leadId: leads.id,
          state: sql`'queued'`.as('state'),
          dueAt: sql`${dueAt}::timestamptz`.as('due_at'),
          claimedAt: sql`NULL::timestamptz`.as('claimed_at'),
          sentEmailId: sql`NULL::uuid`.as('sent_email_id'),
          mailboxId: sql`NULL::uuid`.as('mailbox_id'),
          error: sql`NULL::text`.as('error'),
          finishedAt: sql`NULL::timestamptz`.as('finished_at'),
          doneBy: sql`NULL::uuid`.as('done_by'),
        })
        .from(leads)
        .where(
          audienceCondition(
            campaign.organizationId,
            { campaignId: campaign.id },
            campaign.targetFilters,
          ),
        ),
    )
    .onConflictDoNothing()
    .returning({ leadId: campaignDeliveries.leadId });
  return rows.length;
};
