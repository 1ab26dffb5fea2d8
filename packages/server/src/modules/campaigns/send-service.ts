import { CAMPAIGN_MESSAGES, missingContent } from '@leadline/shared/campaigns';
import type {
  CampaignActionResponse,
  CampaignStatusData,
  CampaignTaskData,
} from '@leadline/shared/campaigns';
import { NO_SMTP_CONFIG } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { findMailAccount, smtpOf } from '../mail-accounts/stored.ts';
import { leadName } from '../leads/present.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { findUserById } from '../users/store.ts';
import { queueAudience } from './store/audience.ts';
import { hasDeliveries } from './store/deliveries-repo.ts';
import { newChain, startChain } from './engine/chain.ts';
import { completeIfDone } from './store/lifecycle.ts';
import { describeCampaign } from './store/present.ts';
import { changeCampaign } from './store/events.ts';
import { releaseAllMailboxes } from './store/mailbox-holds.ts';
import { lockCampaign } from './store/repo.ts';
import type { CampaignRow } from './store/repo.ts';
import { loadCampaign } from './store/scope.ts';
import { freshCampaign } from './service.ts';
import { setTaskState } from './store/tasks-repo.ts';
import {
  createCampaignTasks,
  onCampaignTaskChanged,
  setCampaignTaskDone,
} from '../tasks/campaign-tasks.ts';
import { firstStepDue } from './update-service.ts';

export const NOT_SENDABLE = 'Only a draft or paused campaign can be sent';
export const NOT_PAUSABLE = 'Only an active campaign can be paused';
export const NOT_RESUMABLE = 'Only a paused campaign can be resumed';
export const NO_AUDIENCE =
  'This campaign has no leads: choose leads or target filters that match some';
export const NO_TASKS = 'Only LinkedIn and call campaigns have tasks';
export const NOT_SENT_YET = 'Send the campaign first: its task list is made when it is sent';
export const TASK_NOT_FOUND = 'Task not found';
export const SENDER_GONE =
  'The campaign’s creator no longer exists: an organisation user must send it from their account';

type Queue = Pick<JobQueue, 'send'>;

/** Email campaigns go out from the creator's SMTP account; check it exists before starting. */
const checkSender = async (db: Db, actor: CurrentUser, campaign: CampaignRow): Promise<string> => {
  let senderId = campaign.createdBy;
  if (!senderId) {
    if (actor.organizationId !== campaign.organizationId) throw badRequest(SENDER_GONE);
    senderId = actor.id;
  }
  if (campaign.type !== 'email') return senderId;
  if (!smtpOf(await findMailAccount(db, senderId))) {
    if (senderId === actor.id) throw badRequest(NO_SMTP_CONFIG);
    const sender = await findUserById(db, senderId);
    throw badRequest(
      `${sender?.name ?? 'The campaign’s creator'} has no SMTP configuration: campaigns are sent from their creator’s account.`,
    );
  }
  return senderId;
};

/**
 * POST /api/campaigns/:id/send, from draft or paused (409 otherwise): queues the first step
 * for every lead of the audience not queued yet (chosen leads plus filter matches), due now or
 * at the start date, and makes the campaign active. Email campaigns are then sent by the
 * engine; LinkedIn and call campaigns get their task list.
 */
export const sendCampaign = async (
  db: Db,
  queue: Queue,
  actor: CurrentUser,
  id: string,
): Promise<CampaignActionResponse> => {
  const { id: campaignId } = await loadCampaign(db, actor, id);
  const { chain, email } = await db.transaction(async (tx) => {
    const campaign = (await lockCampaign(tx, campaignId))!;
    if (campaign.status !== 'draft' && campaign.status !== 'paused') throw conflict(NOT_SENDABLE);
    const missing = missingContent(campaign);
    if (missing) throw badRequest(missing);
    const senderId = await checkSender(tx, actor, campaign);
    const due = firstStepDue(campaign);
    const added = await queueAudience(tx, campaign, due);
    if (added === 0 && !(await hasDeliveries(tx, campaignId))) throw badRequest(NO_AUDIENCE);
    const email = campaign.type === 'email';
    const chain = email ? newChain() : null;
    if (campaign.status === 'paused') await releaseAllMailboxes(tx, campaign, new Date());
    await changeCampaign(
      tx,
      campaign,
      {
        status: 'active',
        tickChain: chain,
        createdBy: senderId,
        ...(campaign.startedAt ? {} : { startedAt: new Date() }),
        completedAt: null,
        statusMessage: null,
      },
      actor.id,
    );
    await logActivity(tx, {
      organizationId: campaign.organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: campaignId,
      action: campaign.status === 'draft' ? 'sent' : 'sent again',
      details:
        added > 0
          ? `${describeCampaign(campaign)} sent to ${added} ${added === 1 ? 'lead' : 'leads'}`
          : `${describeCampaign(campaign)} sent again`,
    });
    if (campaign.type !== 'email') {
      // Each lead's LinkedIn or call step is a task of its owner (else the sender's).
      const type = campaign.type;
      await createCampaignTasks(
        tx,
        { ...campaign, type },
        due.toISOString().slice(0, 10),
        senderId,
      );
      await completeIfDone(tx, campaign, actor.id);
    }
    return { chain, email };
  });
  if (chain) await startChain(queue, campaignId, chain);
  return {
    message: email ? CAMPAIGN_MESSAGES.started : CAMPAIGN_MESSAGES.tasksCreated,
    campaign: await freshCampaign(db, campaignId),
  };
};

/** PATCH /api/campaigns/:id/status: pause (stops further sends at once) or resume. */
export const setCampaignStatus = async (
  db: Db,
  queue: Queue,
  actor: CurrentUser,
  id: string,
  { status }: CampaignStatusData,
): Promise<CampaignActionResponse> => {
  const { id: campaignId } = await loadCampaign(db, actor, id);
  const chain = await db.transaction(async (tx) => {
    const campaign = (await lockCampaign(tx, campaignId))!;
    const pausing = status === 'paused';
    if (pausing && campaign.status !== 'active') throw conflict(NOT_PAUSABLE);
    if (!pausing && campaign.status !== 'paused') throw conflict(NOT_RESUMABLE);
    const chain = !pausing && campaign.type === 'email' ? newChain() : null;
    await changeCampaign(tx, campaign, { status, tickChain: chain, statusMessage: null }, actor.id);
    // Resumed: every mailbox sends again, its bounces counted afresh.
    if (!pausing) await releaseAllMailboxes(tx, campaign, new Date());
    await logActivity(tx, {
      organizationId: campaign.organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: campaignId,
      action: pausing ? 'paused' : 'resumed',
      details: `${describeCampaign(campaign)} ${pausing ? 'paused' : 'resumed'}`,
    });
    if (!pausing && campaign.type !== 'email') await completeIfDone(tx, campaign, actor.id);
    return chain;
  });
  if (chain) await startChain(queue, campaignId, chain);
  return {
    message: status === 'paused' ? CAMPAIGN_MESSAGES.paused : CAMPAIGN_MESSAGES.resumed,
    campaign: await freshCampaign(db, campaignId),
  };
};

/**
 * Ticks a LinkedIn or call task off (or on again) in `tx`, with its campaign locked: the
 * campaign's step row and the lead's task together, so the campaign screen and the task list
 * agree whichever was ticked. The last task done completes an active campaign; reopening one
 * makes it active again. Answers false when the lead has no task in the campaign.
 */
const applyTaskState = async (
  tx: Db,
  campaign: CampaignRow,
  leadId: string,
  done: boolean,
  actorId: string,
): Promise<boolean> => {
  const task = await setTaskState(tx, campaign.id, leadId, done, actorId);
  if (!task) return false;
  await setCampaignTaskDone(tx, campaign.id, leadId, done, actorId);
  if (!task.changed) return true;
  await logActivity(tx, {
    organizationId: campaign.organizationId,
    userId: actorId,
    type: 'Campaign',
    entityId: campaign.id,
    action: done ? 'task done' : 'task reopened',
    details: `${describeCampaign(campaign)}: ${campaign.type === 'call' ? 'call' : 'LinkedIn'} task for ${leadName(task.lead)} ${done ? 'done' : 'reopened'}`,
  });
  if (done && campaign.status === 'active') await completeIfDone(tx, campaign, actorId);
  if (!done && campaign.status === 'completed')
    await changeCampaign(tx, campaign, { status: 'active', completedAt: null }, actorId);
  return true;
};

/** PATCH /api/campaigns/:id/tasks/:leadId: ticks a LinkedIn or call task off (or on again). */
export const setTask = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  leadId: string,
  { done }: CampaignTaskData,
): Promise<CampaignActionResponse> => {
  const { id: campaignId } = await loadCampaign(db, actor, id);
  await db.transaction(async (tx) => {
    const campaign = (await lockCampaign(tx, campaignId))!;
    if (campaign.type === 'email') throw badRequest(NO_TASKS);
    if (campaign.status === 'draft') throw conflict(NOT_SENT_YET);
    if (!(await applyTaskState(tx, campaign, leadId.toLowerCase(), done, actor.id)))
      throw notFound(TASK_NOT_FOUND);
  });
  return {
    message: done ? CAMPAIGN_MESSAGES.taskDone : CAMPAIGN_MESSAGES.taskReopened,
    campaign: await freshCampaign(db, campaignId),
  };
};

// A campaign's task ticked off in the task list ticks its campaign step the same way.
onCampaignTaskChanged(async (tx, change) => {
  const campaign = await lockCampaign(tx, change.campaignId);
  if (!campaign || campaign.organizationId !== change.organizationId) return;
  if (campaign.type === 'email' || campaign.status === 'draft') return;
  await applyTaskState(tx, campaign, change.leadId, change.done, change.actorId);
});
