/**
 * The stages module's door: the organisation's stages as other modules read them (the leads
 * service checks a lead's new stage, the pipeline draws its columns), a new organisation's
 * defaults, and the stage history other modules write with a lead's move.
 */
export { findStage, findStages, insertDefaultStages, insertStageChanges } from './repo.ts';
export type { NewStageChange } from './repo.ts';
export { toStage } from './present.ts';
export type { StageRow } from './present.ts';
