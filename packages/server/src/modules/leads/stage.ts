import { LOST_REASON_REQUIRED } from '@leadline/shared/stages';
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

/**
 * Inside a lead edit's transaction (write access already checked): moves `existing` into the
 * stage `change.stageId` names (null: back to its status column), with the reason a lost one
 * needs, its history line, stage record and lead.stage_changed event. Sending the stage it is
 * in with another reason changes only the reason. Answers the lead after it, or null when
 * nothing changed.
 */
export const changeStageIn = async (
  tx: Db,
  actor: CurrentUser,
  existing: LeadRow,
  change: StageChange,
): Promise<LeadRow | null> => {
  if (change.stageId === undefined) return null;
  const organizationId = existing.organizationId;
  const targetId = change.stageId?.toLowerCase() ?? null;
  const to = targetId ? ((await findStage(tx, organizationId, targetId)) ?? null) : null;
  if (targetId && !to) throw badRequest(UNKNOWN_STAGE, { stageId: UNKNOWN_STAGE });
  const reason = change.lostReason?.trim() || null;
  if (to?.kind === 'lost' && !reason && !(existing.stageId === to.id && existing.lostReason))
    throw badRequest(LOST_REASON_REQUIRED, { lostReason: LOST_REASON_REQUIRED });
  if (existing.stageId === targetId) {
    if (to?.kind !== 'lost' || !reason || reason === existing.lostReason) return null;
    return (await setLostReason(tx, organizationId, existing.id, reason)) ?? null;
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
