import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { insertCampaignTaskRows, setCampaignTaskRow } from './repo.ts';

/**
 * The tasks door for campaigns: a LinkedIn or call campaign's step for one lead is a task (one
 * per campaign and lead), and ticking either off ticks the other through one code path: the
 * campaigns module's listener (registered with onCampaignTaskChanged), which the tasks service
 * calls in its own transaction.
 */

export type CampaignTaskChange = {
  organizationId: string;
  campaignId: string;
  leadId: string;
  done: boolean;
  actorId: string;
};

type Listener = (tx: Db, change: CampaignTaskChange) => Promise<void>;
let listener: Listener | null = null;

/** The campaigns module says what ticking a campaign task off means for the campaign. */
export const onCampaignTaskChanged = (next: Listener): void => {
  listener = next;
};

/** Runs the campaign's side of a campaign task being done or reopened (in `tx`). */
export const campaignTaskChanged = async (tx: Db, change: CampaignTaskChange): Promise<void> => {
  if (listener) await listener(tx, change);
};

/**
 * Adds the task of every lead of a LinkedIn or call campaign's first step that has none:
 * "Call Jane Doe (Spring calls)" or "Connect with Jane Doe on LinkedIn (Spring calls)", due
 * `dueDate`, owned by the lead's owner, else `fallbackOwnerId` (the campaign's creator).
 */
export const createCampaignTasks = (
  tx: Db,
  campaign: { id: string; organizationId: string; name: string; type: 'linkedin' | 'call' },
  dueDate: string,
  fallbackOwnerId: string | null,
): Promise<number> =>
  insertCampaignTaskRows(
    tx,
    campaign,
    (leads) => {
      const person = sql`trim(${leads.personFirstName} || ' ' || ${leads.personLastName})`;
      const suffix = ` (${campaign.name})`;
      return campaign.type === 'call'
        ? sql`'Call ' || ${person} || ${suffix}::text`
        : sql`'Connect with ' || ${person} || ' on LinkedIn' || ${suffix}::text`;
    },
    dueDate,
    fallbackOwnerId,
  );

/** The campaign side's write of the same tick (the campaign screen's checkbox). */
export const setCampaignTaskDone = setCampaignTaskRow;
