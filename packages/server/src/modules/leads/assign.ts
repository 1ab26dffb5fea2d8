import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest } from '../../lib/errors.ts';
import { NO_LEADS_TO_ASSIGN } from '@leadline/shared/leads';
import { logActivity } from '../activity/log.ts';
import { onUserDeleting } from '../users/deletion.ts';
import { checkLeadWrite } from './access.ts';
import { leadsChanged } from './changes.ts';
import { recordLeadEvents } from './events.ts';
import { logOwnerChanges, validOwner } from './owners.ts';
import { findOwnersOf, reassignLeads } from './repo.ts';
import { leadIdsOf, organizationOf } from './service.ts';

const leadsWord = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

/**
 * POST /api/leads/bulk-assign: gives the organisation's leads among the ids to an active user
 * of it; other organisations' ids are ignored (as bulk delete does). Answers how many changed
 * owner; each gets an entry in its history, and one entry sums the whole assignment up.
 */
export const bulkAssignLeads = async (
  db: Db,
  actor: CurrentUser,
  leadIds: readonly string[],
  ownerId: string,
): Promise<{ message: string; updatedCount: number }> => {
  const organizationId = organizationOf(actor);
  if (leadIds.length === 0) throw badRequest(NO_LEADS_TO_ASSIGN);
  const ids = leadIdsOf(leadIds);
  const newOwner = ownerId.toLowerCase();
  const owner = await validOwner(db, organizationId, newOwner);
  const changed = await db.transaction(async (tx) => {
    checkLeadWrite(actor, {
      nextOwner: newOwner,
      owners: await findOwnersOf(tx, organizationId, ids),
    });
    const rows = await reassignLeads(tx, organizationId, { ids }, newOwner);
    if (rows.length === 0) return rows;
    await logOwnerChanges(tx, organizationId, actor.id, rows, owner);
    await recordLeadEvents(tx, 'lead.owner_changed', actor.id, rows);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Lead',
      action: 'bulk assigned',
      details: `${leadsWord(rows.length)} assigned to ${owner.name}`,
    });
    return rows;
  });
  if (changed.length > 0) leadsChanged(db, organizationId);
  return {
    message: `${leadsWord(changed.length)} assigned to ${owner.name}`,
    updatedCount: changed.length,
  };
};

// A deleted user's leads go to their successor, in the deletion's transaction.
onUserDeleting(async (tx, { actor, user, successor }) => {
  if (!user.organizationId) return;
  const rows = await reassignLeads(tx, user.organizationId, { ownedBy: user.id }, successor.id);
  if (rows.length === 0) return;
  await logOwnerChanges(tx, user.organizationId, actor.id, rows, successor);
  await recordLeadEvents(tx, 'lead.owner_changed', actor.id, rows);
  leadsChanged(tx, user.organizationId);
});
