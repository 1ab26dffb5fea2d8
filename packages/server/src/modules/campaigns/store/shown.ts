import { hasFilters } from '@leadline/shared/campaigns';
import type { Campaign } from '@leadline/shared/campaigns';
import type { Db } from '../../../db/connection.ts';
import { countAudience } from './audience.ts';
import { toCampaign } from './present.ts';
import { findCampaign } from './repo.ts';
import type { CampaignListRow } from './repo.ts';

/**
 * The audience a card shows: once sent, the leads the campaign was sent to; before, the chosen
 * leads plus those the target filters match right now.
 */
export const audienceSize = async (db: Db, row: CampaignListRow): Promise<number> => {
  if (row.status !== 'draft') return row.recipients;
  if (!hasFilters(row.targetFilters)) return row.chosenLeads;
  return countAudience(db, row.organizationId, { campaignId: row.id }, row.targetFilters);
};

export const presentCampaign = async (db: Db, row: CampaignListRow): Promise<Campaign> =>
  toCampaign(row, await audienceSize(db, row));

/** Re-reads a campaign after a change and presents it. */
export const freshCampaign = async (db: Db, id: string): Promise<Campaign> =>
  presentCampaign(db, (await findCampaign(db, null, id))!);
