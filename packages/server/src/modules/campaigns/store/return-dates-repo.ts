import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { campaignDeliveries, campaigns } from '../../../db/tables/campaigns.ts';
import type { ReturnDate } from '../../deliverability/events.ts';

/**
 * A lead away until `returnsOn` (an out-of-office answer): its queued campaign steps wait
 * until the day after it (00:00 UTC), never earlier than they were due.
 */
export const holdStepsUntilReturn = async (
  db: Db,
  { organizationId, leadId, returnsOn }: ReturnDate,
): Promise<void> => {
  const dayAfter = sql`(${returnsOn}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
  await db
    .update(campaignDeliveries)
    .set({ dueAt: sql`GREATEST(${campaignDeliveries.dueAt}, ${dayAfter})` })
    .where(
      and(
        eq(campaignDeliveries.leadId, leadId),
        eq(campaignDeliveries.state, 'queued'),
        sql`${campaignDeliveries.campaignId} IN (SELECT ${campaigns.id} FROM ${campaigns} WHERE ${campaigns.organizationId} = ${organizationId})`,
      ),
    );
};
