import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { leads } from '../../../db/schema.ts';
import { campaignDeliveries } from '../../../db/tables/campaigns.ts';

const d = campaignDeliveries;

/**
 * Sets a LinkedIn or call task (the campaign's step-0 row for the lead) done or open again.
 * Undefined when the lead has no task in the campaign; `changed` false when it already was so.
 */
export const setTaskState = async (
  db: Db,
  campaignId: string,
  leadId: string,
  done: boolean,
  userId: string,
): Promise<
  { changed: boolean; lead: { personFirstName: string; personLastName: string } } | undefined
> => {
  const [task] = await db
    .select({
      state: d.state,
      personFirstName: leads.personFirstName,
      personLastName: leads.personLastName,
    })
    .from(d)
    .innerJoin(leads, eq(leads.id, d.leadId))
    .where(and(eq(d.campaignId, campaignId), eq(d.step, 0), eq(d.leadId, leadId)))
    .limit(1);
  if (!task) return undefined;
  const lead = { personFirstName: task.personFirstName, personLastName: task.personLastName };
  if ((task.state === 'done') === done) return { changed: false, lead };
  await db
    .update(d)
    .set(
      done
        ? { state: 'done', finishedAt: sql`now()`, doneBy: userId }
        : { state: 'queued', finishedAt: null, doneBy: null },
    )
    .where(and(eq(d.campaignId, campaignId), eq(d.step, 0), eq(d.leadId, leadId)));
  return { changed: true, lead };
};
