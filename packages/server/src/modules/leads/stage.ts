import { LOST_REASON_ONLY_LOST, LOST_REASON_REQUIRED } from '@leadline/shared/stages';
import type { Lead, LeadUpdateData } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { logActivities, logActivity } from '../activity/log.ts';
import { recordEvents } from '../events/record.ts';
import { findStage, insertStageChanges } from '../stages/lookup.ts';
import type { StageRow } from '../stages/lookup.ts';
import { setStageLeadsMover } from '../stages/moves.ts';
import type { StageLeadsMove } from '../stages/moves.ts';
import { checkLeadWrite } from './access.ts';
import { leadsChanged } from './changes.ts';
import { presentLead, presentLeads } from './owners.ts';
import { leadName } from './present.ts';
import { findLead, findLeadsByIds } from './repo.ts';
import type { LeadRow } from './repo.ts';
import { moveStageRows, setLeadStage, setLostReason } from './stage-repo.ts';

/** The fields of a lead edit that move its deal stage (not written as plain fields). */
export const STAGE_FIELDS: readonly string[] = ['stageId', 'lostReason'];

export const UNKNOWN_STAGE = 'Please choose one of your deal stages';

type StageChange = Pick<LeadUpdateData, 'stageId' | 'lostReason'>;

/** How the history and events name where a deal is: its stage, else its status column. */
const placeOf = (stage: StageRow | null, lead: LeadRow): string => stage?.name ?? lead.status;
const eventStage = (stage: StageRow | null) =>
  stage ? { _id: stage.id, name: stage.name, kind: stage.kind } : null;

/** The lead.stage_changed event of each lead that moved (in the change's transaction). */
const recordStageEvents = async (
  tx: Db,
  actorId: string,
  rows: readonly LeadRow[],
  from: StageRow | null,
  to: StageRow | null,
): Promise<void> => {
  const shown = await presentLeads(tx, rows);
  await recordEvents(
    tx,
    rows.map((row, index) => ({
      organizationId: row.organizationId,
      type: 'lead.stage_changed' as const,
      subjectId: row.id,
      leadId: row.id,
      actorId,
      data: {
        lead: shown[index]!,
        from: eventStage(from),
        to: eventStage(to),
        lostReason: row.lostReason,
      },
    })),
  );
};

const historyLine = (from: string, to: string, row: LeadRow): string =>
  `Stage: ${from} -> ${to} (${leadName(row)})${row.lostReason ? `, lost: ${row.lostReason}` : ''}`;

const lostReasonRequired = () =>
  badRequest(LOST_REASON_REQUIRED, { lostReason: LOST_REASON_REQUIRED });

/**
 * The lost reason of a deal that stays in its lost stage, edited: its history line says the
 * reason before and after. Answers the lead after it, or null when the reason is the same.
 */
const editLostReason = async (
  tx: Db,
  actor: CurrentUser,
  existing: LeadRow,
  reason: string,
): Promise<LeadRow | null> => {
  if (reason === existing.lostReason) return null;
  const updated = await setLostReason(tx, existing.organizationId, existing.id, reason);
  if (!updated) return null;
  await logActivity(tx, {
    organizationId: existing.organizationId,
    userId: actor.id,
    type: 'Lead',
    entityId: existing.id,
    action: 'lost reason changed',
    details: `Lost reason of ${leadName(existing)}: ${existing.lostReason ?? '(none)'} -> ${reason}`,
  });
  return updated;
};

/** `{ lostReason }` alone: the reason of a deal in a lost stage (400 in any other stage). */
const changeLostReasonIn = async (
  tx: Db,
  actor: CurrentUser,
  existing: LeadRow,
  lostReason: string,
): Promise<LeadRow | null> => {
  const stage = existing.stageId
    ? await findStage(tx, existing.organizationId, existing.stageId)
    : undefined;
  if (stage?.kind !== 'lost')
    throw badRequest(LOST_REASON_ONLY_LOST, { lostReason: LOST_REASON_ONLY_LOST });
  const reason = lostReason.trim();
  if (!reason) throw lostReasonRequired();
  return editLostReason(tx, actor, existing, reason);
};

/**
 * Inside a lead edit's transaction (write access already checked): moves `existing` into the
 * stage `change.stageId` names (null: back to its status column), with the reason a lost one
 * needs, its history line, stage record and lead.stage_changed event. Sending the stage it is
 * in with another reason, or the reason alone while in a lost stage, changes only the reason
 * (history: old -> new). Answers the lead after it, or null when nothing changed.
 */
export const changeStageIn = async (
  tx: Db,
  actor: CurrentUser,
  existing: LeadRow,
  change: StageChange,
): Promise<LeadRow | null> => {
  if (change.stageId === undefined)
    return change.lostReason === undefined
      ? null
      : changeLostReasonIn(tx, actor, existing, change.lostReason);
  const organizationId = existing.organizationId;
  const targetId = change.stageId?.toLowerCase() ?? null;
  const to = targetId ? ((await findStage(tx, organizationId, targetId)) ?? null) : null;
  if (targetId && !to) throw badRequest(UNKNOWN_STAGE, { stageId: UNKNOWN_STAGE });
  const reason = change.lostReason?.trim() || null;
  if (to?.kind === 'lost' && !reason && !(existing.stageId === to.id && existing.lostReason))
    throw lostReasonRequired();
  if (existing.stageId === targetId) {
    if (to?.kind !== 'lost' || !reason) return null;
    return editLostReason(tx, actor, existing, reason);
  }
  const from = existing.stageId
    ? ((await findStage(tx, organizationId, existing.stageId)) ?? null)
    : null;
  const updated = (await setLeadStage(
    tx,
    organizationId,
    existing.id,
    targetId,
    to?.kind === 'lost' ? reason : null,
  ))!;
  await insertStageChanges(tx, [
    {
      organizationId,
      leadId: existing.id,
      fromStageId: existing.stageId,
      toStageId: targetId,
      userId: actor.id,
      lostReason: updated.lostReason,
    },
  ]);
  await logActivity(tx, {
    organizationId,
    userId: actor.id,
    type: 'Lead',
    entityId: existing.id,
    action: 'stage changed',
    details: historyLine(placeOf(from, existing), placeOf(to, existing), updated),
  });
  await recordStageEvents(tx, actor.id, [updated], from, to);
  return updated;
};

/** PATCH /api/pipeline/leads/:id with a stage: a card dropped into a stage column. */
export const changeLeadStage = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  id: string,
  change: StageChange,
): Promise<Lead> => {
  const row = await db.transaction(async (tx) => {
    const existing = await findLead(tx, organizationId, id);
    if (!existing) throw notFound('Lead not found');
    checkLeadWrite(actor, { owners: [existing.ownerId] });
    return (await changeStageIn(tx, actor, existing, change)) ?? existing;
  });
  leadsChanged(db, organizationId);
  return presentLead(db, row);
};

/**
 * A stage being deleted: its deals move to `to` (in the deletion's transaction), each with its
 * history line, stage record and event. A deal moved into a lost stage from an open one is
 * given the deletion as its reason.
 */
const moveDeletedStageLeads = async (
  tx: Db,
  { actor, organizationId, from, to }: StageLeadsMove,
): Promise<number> => {
  const lostReason =
    to.kind !== 'lost' ? null : from.kind === 'lost' ? undefined : `Stage ${from.name} deleted`;
  const ids = await moveStageRows(tx, organizationId, from.id, to.id, lostReason);
  if (ids.length === 0) return 0;
  const rows = await findLeadsByIds(tx, organizationId, ids);
  await insertStageChanges(
    tx,
    rows.map((row) => ({
      organizationId,
      leadId: row.id,
      fromStageId: from.id,
      toStageId: to.id,
      userId: actor.id,
      lostReason: row.lostReason,
    })),
  );
  await logActivities(
    tx,
    rows.map((row) => ({
      organizationId,
      userId: actor.id,
      type: 'Lead' as const,
      entityId: row.id,
      action: 'stage changed',
      details: historyLine(from.name, to.name, row),
    })),
  );
  await recordStageEvents(tx, actor.id, rows, from, to);
  return rows.length;
};

setStageLeadsMover(moveDeletedStageLeads);
