import {
  DRAFT_ONLY,
  campaignDraftSchema,
  campaignSchema,
  withAllFilters,
} from '@leadline/shared/campaigns';
import type { Campaign, CampaignData, CampaignUpdateData } from '@leadline/shared/campaigns';
import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { conflict } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import {
  dropStepsAfter,
  queueMissingStep,
  redateFirstStep,
  redateFollowUps,
} from './store/deliveries-repo.ts';
import { checkAudienceOwner } from './store/audience.ts';
import { newChain, startChain } from './engine/chain.ts';
import { describeCampaign } from './store/present.ts';
import {
  findChosenLeadIds,
  lockCampaign,
  setChosenLeads,
  updateCampaignRow,
} from './store/repo.ts';
import type { CampaignRow } from './store/repo.ts';
import { loadCampaign } from './store/scope.ts';
import { checkLeads, checkMailboxes, freshCampaign, valuesOf } from './service.ts';

export const FIXED_ONCE_SENT =
  'Leads, target filters and type can only be changed before the campaign is sent';
export const FIXED_ONCE_COMPLETED = 'A completed campaign can only be renamed or described';

/** The campaign as the form edits it. */
const asData = (row: CampaignRow, leads: string[]): CampaignData => ({
  name: row.name,
  description: row.description,
  type: row.type,
  emailSubject: row.emailSubject,
  emailBody: row.emailBody,
  // Saved before some filters existed: the missing ones are unset, not a change.
  targetFilters: withAllFilters(row.targetFilters),
  leads,
  followUps: row.followUps,
  schedule: {
    sendNow: row.sendNow,
    startDate: row.startDate ? row.startDate.toISOString() : null,
    throttlePerHour: row.throttlePerHour,
  },
  sendingWindow: row.sendingWindow,
  gapSeconds: { min: row.gapMinSeconds, max: row.gapMaxSeconds },
  mailboxIds: row.mailboxIds,
  track: row.track,
});

/** JSON with object keys sorted: jsonb keeps keys in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const sameSet = (a: readonly string[], b: readonly string[]) => same([...a].sort(), [...b].sort());

/** When the first step falls due: now, or the start date when it is later. */
export const firstStepDue = (row: Pick<CampaignRow, 'sendNow' | 'startDate'>, now = new Date()) =>
  !row.sendNow && row.startDate && row.startDate > now ? row.startDate : now;

/**
 * Applies changed follow-ups and schedule to a campaign under way: steps it no longer has are
 * dropped, queued follow-ups re-dated, new follow-ups queued for leads whose step before them
 * was sent, and the first step re-dated.
 */
const reconcile = async (db: Db, before: CampaignRow, after: CampaignRow) => {
  if (!same(before.followUps, after.followUps)) {
    const delays = after.followUps.map((step) => step.delayDays);
    await dropStepsAfter(db, after.id, delays.length);
    await redateFollowUps(db, after.id, delays);
    for (const [index, days] of delays.entries())
      await queueMissingStep(db, after.id, index + 1, days);
  }
  if (
    before.sendNow !== after.sendNow ||
    before.startDate?.getTime() !== after.startDate?.getTime()
  )
    await redateFirstStep(db, after.id, firstStepDue(after));
};

/**
 * PUT /api/campaigns/:id: the fields sent change, the others keep their value, and the
 * campaign as it will be saved is checked again. Once sent, the audience and type are fixed;
 * once completed, only the name and description change. An active email campaign picks the
 * changes up at once (a new engine chain plans from them).
 */
export const updateCampaign = async (
  db: Db,
  queue: Pick<JobQueue, 'send'>,
  actor: CurrentUser,
  id: string,
  changes: CampaignUpdateData,
  { draft = false }: { draft?: boolean } = {},
): Promise<Campaign> => {
  const { organizationId, id: campaignId } = await loadCampaign(db, actor, id);
  const chain = await db.transaction(async (tx) => {
    const before = (await lockCampaign(tx, campaignId))!;
    const chosen = await findChosenLeadIds(tx, campaignId);
    const current = asData(before, chosen);
    if (draft && before.status !== 'draft') throw conflict(DRAFT_ONLY);
    // A draft may be saved unfinished; sending it checks the content.
    const merged = (draft ? campaignDraftSchema : campaignSchema).parse({ ...current, ...changes });
    const audienceChanged =
      merged.type !== current.type ||
      !same(merged.targetFilters, current.targetFilters) ||
      !sameSet(merged.leads, current.leads);
    if (before.status !== 'draft' && audienceChanged) throw conflict(FIXED_ONCE_SENT);
    if (
      before.status === 'completed' &&
      !same({ ...merged, name: '', description: '' }, { ...current, name: '', description: '' })
    )
      throw conflict(FIXED_ONCE_COMPLETED);
    if (!same(merged.targetFilters, current.targetFilters))
      await checkAudienceOwner(tx, organizationId, merged.targetFilters);
    if (!sameSet(merged.mailboxIds, current.mailboxIds))
      await checkMailboxes(tx, before.createdBy, merged.mailboxIds);
    if (!sameSet(merged.leads, current.leads)) {
      await checkLeads(tx, organizationId, merged.leads);
      await setChosenLeads(tx, campaignId, merged.leads);
    }
    const { leads: _leads, ...data } = merged;
    const values = valuesOf(data);
    const live = before.status === 'active' && before.type === 'email';
    const chain = live ? newChain() : undefined;
    await updateCampaignRow(tx, campaignId, { ...values, ...(chain ? { tickChain: chain } : {}) });
    if (before.status === 'active' || before.status === 'paused')
      await reconcile(tx, before, { ...before, ...values });
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: campaignId,
      action: 'updated',
      details: `${describeCampaign(merged)} updated`,
    });
    return chain;
  });
  if (chain) await startChain(queue, campaignId, chain);
  return freshCampaign(db, campaignId);
};
