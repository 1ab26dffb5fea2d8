import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { conflict } from '../../lib/errors.ts';
import { campaignLeads } from '../../db/tables/campaigns.ts';
import { logActivity } from '../activity/log.ts';
import { createCampaignTasks } from '../tasks/campaign-tasks.ts';
import { queueNextStep } from './store/deliveries-repo.ts';
import { describeCampaign } from './store/present.ts';
import { lockCampaign } from './store/repo.ts';
import { loadCampaign } from './store/scope.ts';

/** Why a lead cannot join a campaign that is sending email or has ended. */
export const campaignClosed = (name: string) =>
  `Campaign "${name}" is sending or has ended: a lead can join a draft or paused campaign, or an active LinkedIn or call campaign`;

/**
 * Adds one lead of the campaign's organisation to the campaign's chosen leads (Automation's
 * "add to a campaign"). A draft or paused campaign reaches it when it is sent; an active
 * LinkedIn or call campaign gives it its task at once. Answers the campaign's name.
 */
export const addLeadToCampaign = async (
  db: Db,
  actor: CurrentUser,
  campaignId: string,
  leadId: string,
  label: string,
): Promise<string> => {
  const { id } = await loadCampaign(db, actor, campaignId);
  return db.transaction(async (tx) => {
    const campaign = (await lockCampaign(tx, id))!;
    const open =
      campaign.status === 'draft' ||
      campaign.status === 'paused' ||
      (campaign.status === 'active' && campaign.type !== 'email');
    if (!open) throw conflict(campaignClosed(campaign.name));
    await tx.insert(campaignLeads).values({ campaignId: id, leadId }).onConflictDoNothing();
    if (campaign.status === 'active' && campaign.type !== 'email') {
      await queueNextStep(tx, id, 0, leadId, new Date());
      const today = new Date().toISOString().slice(0, 10);
      await createCampaignTasks(
        tx,
        { ...campaign, type: campaign.type },
        today,
        campaign.createdBy,
      );
    }
    await logActivity(tx, {
      organizationId: campaign.organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: id,
      action: 'lead added',
      details: `${label} added to ${describeCampaign(campaign)}`,
    });
    return campaign.name;
  });
};
