import {
  MERGE_ALREADY_UNDONE,
  MERGE_EMAIL_TAKEN,
  MERGE_NOT_FOUND,
  MERGE_TOO_OLD,
  MERGE_UNDO_DAYS,
} from '@leadline/shared/duplicates';
import type { UndoAnswer } from '@leadline/shared/duplicates';
import type { Db } from '../../db/connection.ts';
import { HttpError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { checkLeadWrite } from '../leads/access.ts';
import { leadsChanged } from '../leads/changes.ts';
import { recordLeadEventsFor } from '../leads/events.ts';
import { getLead, organizationOf } from '../leads/service.ts';
import { moveBack } from './moves.ts';
import { lockLeadRow, lockMerge, markUndone, restoreLeadRow, writeLeadColumns } from './repo.ts';

const DAY = 86_400_000;

/**
 * POST /api/leads/merge/:mergeId/undo: within MERGE_UNDO_DAYS the merged lead comes back with
 * its own id and values, the kept lead gets back the values the merge changed, and every row
 * the merge moved or set aside returns to where it was.
 */
export const undoMerge = async (
  db: Db,
  actor: CurrentUser,
  mergeId: string,
): Promise<UndoAnswer> => {
  const organizationId = organizationOf(actor);
  const ids = await db
    .transaction(async (tx) => {
      const merge = await lockMerge(tx, organizationId, mergeId.toLowerCase());
      if (!merge) throw notFound(MERGE_NOT_FOUND);
      if (merge.undoneAt) throw new HttpError(409, MERGE_ALREADY_UNDONE);
      if (Date.now() - merge.mergedAt.getTime() > MERGE_UNDO_DAYS * DAY)
        throw new HttpError(409, MERGE_TOO_OLD);
      const kept = await lockLeadRow(tx, organizationId, merge.keptId);
      if (!kept) throw notFound(MERGE_NOT_FOUND);
      const { mergedLead, keptBefore } = merge.snapshot;
      checkLeadWrite(actor, {
        owners: [kept.owner_id as string | null, mergedLead.owner_id as string | null],
      });
      await writeLeadColumns(tx, merge.keptId, keptBefore);
      await restoreLeadRow(tx, mergedLead);
      await moveBack(
        tx,
        { organizationId, from: merge.keptId, to: merge.mergedId },
        merge.snapshot,
      );
      await markUndone(tx, merge.id);
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Lead',
        entityId: merge.keptId,
        action: 'merge undone',
        details: `Merge of ${merge.mergedName} (${merge.mergedEmail}) undone`,
      });
      await recordLeadEventsFor(tx, 'lead.created', actor.id, organizationId, [merge.mergedId]);
      await recordLeadEventsFor(tx, 'lead.updated', actor.id, organizationId, [merge.keptId]);
      return { kept: merge.keptId, restored: merge.mergedId };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, MERGE_EMAIL_TAKEN);
      throw error;
    });
  leadsChanged(db, organizationId);
  return {
    kept: await getLead(db, actor, ids.kept),
    restored: await getLead(db, actor, ids.restored),
  };
};
