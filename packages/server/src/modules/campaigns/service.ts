import { EMPTY_RECIPIENT_COUNTS } from '@leadline/shared/campaigns';
import type {
  AudienceData,
  Campaign,
  CampaignData,
  CampaignDetail,
  CampaignListResponse,
  LeadOption,
  LeadOptionsParams,
} from '@leadline/shared/campaigns';
import type { CampaignPerformance } from '@leadline/shared/dashboard';
import { defaultSendingWindow, localTimeZone } from '@leadline/shared/sending-window';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import { cleanEmailHtml, isHtmlMessage } from '../../mail/message.ts';
import { logActivity } from '../activity/log.ts';
import { chooseOrganization, scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { checkAudienceOwner, countAudience } from './store/audience.ts';
import { nextDueAt } from './store/deliveries-repo.ts';
import { heldMailboxIds } from './store/mailbox-holds.ts';
import { throttle } from './engine/engine.ts';
import { mailboxFreeAt } from './engine/pacing.ts';
import { windowGate } from './engine/window.ts';
import { describeCampaign } from './store/present.ts';
import { countRecipientStates, findLeadOptions, stepSummary } from './store/recipients-repo.ts';
import {
  countOwnLeads,
  deleteCampaignRow,
  findCampaigns,
  findChosenLeadIds,
  insertCampaign,
  setChosenLeads,
} from './store/repo.ts';
import type { CampaignListRow, CampaignValues } from './store/repo.ts';
import { audienceSize, freshCampaign, presentCampaign } from './store/shown.ts';
import { checkCampaignId, isSuperAdmin, loadCampaign } from './store/scope.ts';
import { listMailboxes } from '../mail-accounts/stored.ts';
import './return-dates.ts';

export const ORGANIZATION_USERS_ONLY = chooseOrganization('create campaigns');
export const UNKNOWN_LEADS = 'Some chosen leads were not found in this organisation';
const LEAD_OPTIONS_LIMIT = 20;

export { audienceSize, freshCampaign, presentCampaign };

/**
 * A body as stored: HTML cleaned as every sent email is (scripts, event handlers and
 * javascript: links removed); plain text kept as written (it becomes paragraphs when sent).
 */
export const storedBody = (body: string): string =>
  isHtmlMessage(body) ? cleanEmailHtml(body) : body;

/**
 * The form's values as stored: bodies cleaned, the schedule and gap flattened, a window left
 * out the default one (Monday to Friday, 09:00 to 17:00, in the server's zone).
 */
export const valuesOf = (data: Omit<CampaignData, 'leads'>): CampaignValues => {
  const { schedule, sendingWindow, gapSeconds, ...rest } = data;
  return {
    ...rest,
    sendingWindow:
      sendingWindow === undefined ? defaultSendingWindow(localTimeZone()) : sendingWindow,
    gapMinSeconds: gapSeconds.min,
    gapMaxSeconds: gapSeconds.max,
    emailBody: storedBody(rest.emailBody),
    followUps: rest.followUps.map((step) => ({ ...step, body: storedBody(step.body) })),
    sendNow: schedule.sendNow,
    startDate: schedule.startDate ? new Date(schedule.startDate) : null,
    throttlePerHour: schedule.throttlePerHour,
    track: data.track ?? true,
  };
};

/** Chosen leads must be leads of the campaign's organisation (unknown and foreign alike). */
export const checkLeads = async (db: Db, organizationId: string, ids: readonly string[]) => {
  if (ids.length > 0 && (await countOwnLeads(db, organizationId, ids)) !== ids.length)
    throw badRequest(UNKNOWN_LEADS, { leads: UNKNOWN_LEADS });
};

export const NOT_YOUR_MAILBOXES =
  "A campaign sends only from its creator's own mailboxes: choose among the creator's";

/** The mailboxes a campaign sends from must be its creator's (unknown and foreign alike). */
export const checkMailboxes = async (
  db: Db,
  creatorId: string | null,
  ids: readonly string[],
): Promise<void> => {
  if (ids.length === 0) return;
  const own = new Set(creatorId ? (await listMailboxes(db, creatorId)).map((row) => row.id) : []);
  if (ids.some((id) => !own.has(id)))
    throw badRequest(NOT_YOUR_MAILBOXES, { mailboxIds: NOT_YOUR_MAILBOXES });
};

/** GET /api/campaigns: newest first; a Super Admin's grouped by organisation. */
export const listCampaigns = async (db: Db, actor: CurrentUser): Promise<CampaignListResponse> => {
  const scope = scopeOf(actor);
  if (scope === null && !isSuperAdmin(actor)) return [];
  const rows = await findCampaigns(db, scope);
  const campaigns = await Promise.all(rows.map((row) => presentCampaign(db, row)));
  if (!isSuperAdmin(actor)) return campaigns;
  const grouped: Record<string, Campaign[]> = {};
  for (const campaign of campaigns) (grouped[campaign.organization] ??= []).push(campaign);
  return grouped;
};

/** GET /api/campaigns/:id: the campaign, its chosen leads, per-state counts and steps. */
export const getCampaign = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  leaseSeconds: number,
): Promise<CampaignDetail> => {
  const row = await loadCampaign(db, actor, id);
  const email = row.type === 'email';
  const [campaign, leads, counts, steps, next] = await Promise.all([
    presentCampaign(db, row),
    findChosenLeadIds(db, row.id),
    countRecipientStates(db, row.id, email),
    stepSummary(db, row.id),
    nextDueAt(db, row.id, leaseSeconds, heldMailboxIds(row)),
  ]);
  const leadOptions = await findLeadOptions(db, row.organizationId, {
    ids: leads,
    limit: leads.length,
  });
  const nextSendAt =
    row.status === 'active' && email && next.queued
      ? (await nextSendTime(db, row, next.queued)).toISOString()
      : null;
  return {
    ...campaign,
    leads,
    leadOptions,
    counts: { ...EMPTY_RECIPIENT_COUNTS, ...counts },
    steps,
    nextSendAt,
  };
};

/**
 * When the next email goes: when the next row falls due, but not before now, nor, for a
 * throttled campaign that has used its hour, before the hour frees a place, nor before the
 * sender's mailbox has waited its gap; then at the window's next opening.
 */
const nextSendTime = async (db: Db, row: CampaignListRow, due: Date): Promise<Date> => {
  const now = new Date();
  const [{ gate }, mailbox] = await Promise.all([
    throttle(db, row, 1, now),
    mailboxFreeAt(db, row),
  ]);
  const earliest = Math.max(due.getTime(), now.getTime(), gate.getTime(), mailbox?.getTime() ?? 0);
  return windowGate(row, new Date(earliest));
};

/** POST /api/campaigns: a draft in the caller's organisation. */
export const createCampaign = async (
  db: Db,
  actor: CurrentUser,
  { leads, ...data }: CampaignData,
): Promise<Campaign> => {
  const organizationId = actor.organizationId;
  if (!organizationId) throw badRequest(ORGANIZATION_USERS_ONLY);
  await checkLeads(db, organizationId, leads);
  await checkMailboxes(db, actor.id, data.mailboxIds);
  await checkAudienceOwner(db, organizationId, data.targetFilters);
  const id = await db.transaction(async (tx) => {
    const created = await insertCampaign(tx, {
      ...valuesOf(data),
      organizationId,
      createdBy: actor.id,
    });
    await setChosenLeads(tx, created, leads);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: created,
      action: 'created',
      details: `${describeCampaign(data)} created (${data.type})`,
    });
    return created;
  });
  return freshCampaign(db, id);
};

/** DELETE /api/campaigns/:id: at any status; sending stops with it. */
export const deleteCampaign = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const row = await loadCampaign(db, actor, id);
  await db.transaction(async (tx) => {
    await deleteCampaignRow(tx, row.id);
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'Campaign',
      entityId: row.id,
      action: 'deleted',
      details: `${describeCampaign(row)} deleted`,
    });
  });
};

/** The organisation a request about leads works in: the caller's, or the campaign's. */
const leadOrganization = async (
  db: Db,
  actor: CurrentUser,
  campaignId: string | undefined,
): Promise<string> => {
  if (campaignId) return (await loadCampaign(db, actor, campaignId)).organizationId;
  if (!actor.organizationId)
    throw badRequest('Choose a campaign: a Super Admin picks among its organisation’s leads');
  return actor.organizationId;
};

/** GET /api/campaigns/lead-options: leads to choose from, searched like the leads list. */
export const leadOptions = async (
  db: Db,
  actor: CurrentUser,
  { search, campaignId }: LeadOptionsParams,
): Promise<LeadOption[]> => {
  // The query's campaign id is any text to the route: checked here.
  if (campaignId) checkCampaignId(campaignId);
  const organizationId = await leadOrganization(db, actor, campaignId);
  return findLeadOptions(db, organizationId, { search, limit: LEAD_OPTIONS_LIMIT });
};

/** POST /api/campaigns/audience: how many leads the chosen leads and filters reach now. */
export const audiencePreview = async (
  db: Db,
  actor: CurrentUser,
  { leads, targetFilters, campaignId }: AudienceData,
): Promise<{ count: number }> => {
  // The body's campaign id is any text to the route: checked here.
  if (campaignId) checkCampaignId(campaignId);
  const organizationId = await leadOrganization(db, actor, campaignId);
  await checkAudienceOwner(db, organizationId, targetFilters);
  return { count: await countAudience(db, organizationId, { leadIds: leads }, targetFilters) };
};

const PERFORMANCE_CAMPAIGNS = 10;

/**
 * The dashboard's Campaign Performance: the leads of each campaign (its audience, as its card
 * shows), the largest first; campaigns without leads are left out.
 */
export const campaignPerformance = async (
  db: Db,
  organizationId: string | null,
): Promise<CampaignPerformance[]> => {
  const rows = await findCampaigns(db, organizationId);
  const sized = await Promise.all(
    rows.map(async (row) => ({ _id: row.id, name: row.name, leads: await audienceSize(db, row) })),
  );
  return sized
    .filter((campaign) => campaign.leads > 0)
    .sort((a, b) => b.leads - a.leads || a.name.localeCompare(b.name))
    .slice(0, PERFORMANCE_CAMPAIGNS);
};
