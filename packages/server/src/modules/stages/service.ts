import {
  KEEP_WON_AND_LOST,
  MAX_STAGES,
  STAGE_HAS_LEADS,
  STAGE_NAME_TAKEN,
  STAGE_NOT_FOUND,
  TOO_MANY_STAGES,
  defaultProbability,
} from '@leadline/shared/stages';
import type {
  Stage,
  StageCreateData,
  StageKind,
  StageUpdateData,
  StagesResponse,
} from '@leadline/shared/stages';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { HttpError, badRequest, notFound, isUniqueViolation } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { moveStageLeads } from './moves.ts';
import { toStage } from './present.ts';
import {
  countLeadsIn,
  countStagesAmong,
  deleteStageRow,
  findStages,
  insertStage,
  lockStages,
  updateStageRow,
} from './repo.ts';

const NO_ORGANIZATION = chooseOrganization('see its deal stages');

type Listener = (db: Db, organizationId: string) => void;
const listeners = new Set<Listener>();

/** Who wants to hear that an organisation's stages changed (the board's kept totals). */
export const onStagesChanged = (listener: Listener): void => {
  listeners.add(listener);
};
const stagesChanged = (db: Db, organizationId: string) => {
  for (const listener of listeners) listener(db, organizationId);
};

const nameTakenAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, STAGE_NAME_TAKEN, { name: STAGE_NAME_TAKEN });
    throw error;
  }
};

const log = (tx: Db, actor: CurrentUser, organizationId: string, details: string) =>
  logActivity(tx, {
    organizationId,
    userId: actor.id,
    type: 'Lead',
    action: 'stages updated',
    details,
  });

/** At least one won and one lost stage remain among `stages`. */
const checkKinds = (stages: readonly { kind: StageKind }[]) => {
  if (!stages.some((s) => s.kind === 'won') || !stages.some((s) => s.kind === 'lost'))
    throw badRequest(KEEP_WON_AND_LOST);
};

const MOVE_TO_UNKNOWN = 'Choose one of your stages to move the deals to';

/** GET /api/stages: every member reads them (the board, the drawer, reports). */
export const listStages = async (db: Db, actor: CurrentUser): Promise<StagesResponse> => ({
  stages: (await findStages(db, organizationIn(actor, NO_ORGANIZATION))).map(toStage),
});

/** POST /api/stages: a new stage at the end. */
export const createStage = async (
  db: Db,
  actor: CurrentUser,
  data: StageCreateData,
): Promise<Stage> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const row = await nameTakenAsConflict(() =>
    db.transaction(async (tx) => {
      await lockStages(tx, organizationId);
      const stages = await findStages(tx, organizationId);
      if (stages.length >= MAX_STAGES) throw badRequest(TOO_MANY_STAGES);
      const created = await insertStage(tx, {
        organizationId,
        name: data.name,
        colour: data.colour,
        kind: data.kind,
        probability: data.probability ?? defaultProbability(data.kind),
        position: Math.max(-1, ...stages.map((s) => s.position)) + 1,
      });
      await log(tx, actor, organizationId, `Deal stage ${created.name} added`);
      return created;
    }),
  );
  stagesChanged(db, organizationId);
  return toStage(row);
};

/** PUT /api/stages/:id: renamed, recoloured, another kind or probability. */
export const updateStage = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: StageUpdateData,
): Promise<Stage> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const row = await nameTakenAsConflict(() =>
    db.transaction(async (tx) => {
      await lockStages(tx, organizationId);
      const stages = await findStages(tx, organizationId);
      const existing = stages.find((s) => s.id === id);
      if (!existing) throw notFound(STAGE_NOT_FOUND);
      if (changes.kind && changes.kind !== existing.kind)
        checkKinds(stages.map((s) => (s.id === id ? { kind: changes.kind! } : s)));
      const updated = (await updateStageRow(tx, organizationId, id, changes))!;
      await log(tx, actor, organizationId, `Deal stage ${updated.name} changed`);
      return updated;
    }),
  );
  stagesChanged(db, organizationId);
  return toStage(row);
};

/** PUT /api/stages/order: every stage, in its new order. */
export const reorderStages = async (
  db: Db,
  actor: CurrentUser,
  ids: readonly string[],
): Promise<StagesResponse> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  await db.transaction(async (tx) => {
    await lockStages(tx, organizationId);
    const stages = await findStages(tx, organizationId);
    if (
      unique.length !== ids.length ||
      unique.length !== stages.length ||
      (await countStagesAmong(tx, organizationId, unique)) !== stages.length
    )
      throw badRequest('Please list each of the stages once, in their new order');
    for (const [position, id] of unique.entries())
      await updateStageRow(tx, organizationId, id, { position });
    await log(tx, actor, organizationId, 'Deal stages reordered');
  });
  stagesChanged(db, organizationId);
  return listStages(db, actor);
};

/**
 * DELETE /api/stages/:id: refused while deals are in it, unless `moveTo` names another stage
 * they move to; at least one won and one lost stage remain.
 */
export const deleteStage = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  moveTo: string | undefined,
): Promise<{ message: string; moved: number }> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const moved = await db.transaction(async (tx) => {
    await lockStages(tx, organizationId);
    const stages = await findStages(tx, organizationId);
    const stage = stages.find((s) => s.id === id);
    if (!stage) throw notFound(STAGE_NOT_FOUND);
    checkKinds(stages.filter((s) => s.id !== id));
    let count = 0;
    if (moveTo !== undefined) {
      if (moveTo.toLowerCase() === id)
        throw badRequest('Choose another stage to move the deals to');
      const to = stages.find((s) => s.id === moveTo.toLowerCase());
      if (!to) throw badRequest(MOVE_TO_UNKNOWN, { moveTo: MOVE_TO_UNKNOWN });
      count = await moveStageLeads(tx, { actor, organizationId, from: stage, to });
    } else if ((await countLeadsIn(tx, organizationId, id)) > 0) {
      throw new HttpError(409, STAGE_HAS_LEADS, { moveTo: STAGE_HAS_LEADS });
    }
    await deleteStageRow(tx, organizationId, id);
    await log(tx, actor, organizationId, `Deal stage ${stage.name} deleted`);
    return count;
  });
  stagesChanged(db, organizationId);
  return { message: 'Stage deleted', moved };
};
