import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { StageRow } from './present.ts';

/** A stage about to be deleted, its deals going to `to`. */
export type StageLeadsMove = {
  actor: CurrentUser;
  organizationId: string;
  from: StageRow;
  to: StageRow;
};

type Mover = (tx: Db, move: StageLeadsMove) => Promise<number>;

let mover: Mover | null = null;

/**
 * Who moves a deleted stage's deals to another stage: the leads module, which writes leads
 * (it registers itself here, as the stages module sits below it). Answers how many moved.
 */
export const setStageLeadsMover = (move: Mover): void => {
  mover = move;
};

export const moveStageLeads = (tx: Db, move: StageLeadsMove): Promise<number> => {
  if (!mover) throw new Error('No stage leads mover registered');
  return mover(tx, move);
};
