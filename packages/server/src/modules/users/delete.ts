import { canManageAccount } from '@leadline/shared/accounts';
import { SUCCESSOR_INVALID } from '@leadline/shared/organization';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';
import { handOverUser } from './deletion.ts';
import type { AfterDeletion, DeletionMail } from './deletion.ts';
import { deleteUser, findFirstAdmin, findUserById } from './repo.ts';
import { USER_NOT_FOUND } from './service.ts';

/** The user who takes over: the one chosen, else the organisation's first Admin. */
const successorFor = async (organizationId: string, db: Db, goneId: string, chosen?: string) => {
  const id = chosen?.toLowerCase() ?? (await findFirstAdmin(db, organizationId));
  const successor = id && id !== goneId ? await findUserById(db, id) : undefined;
  if (!successor || successor.organizationId !== organizationId || successor.status !== 'active')
    throw badRequest(SUCCESSOR_INVALID, { successorId: SUCCESSOR_INVALID });
  return { id: successor.id, name: successor.name };
};

/**
 * DELETE /api/users/:id: removes an account of the organisation (within the account rules:
 * an Admin its members, a Super Admin anyone but Super Admins). What the user owned (their
 * leads) goes to the successor in the same transaction, with history entries.
 */
export const deleteUserAccount = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
  successorId?: string,
  mail?: DeletionMail,
): Promise<{ successor: string }> => {
  const row = await findUserById(db, id);
  if (!row || (actor.role !== 'Super Admin' && row.organizationId !== actor.row.organizationId))
    throw notFound(USER_NOT_FOUND);
  if (row.id === actor.id) throw forbidden('You cannot delete your own account.');
  if (row.role === 'Super Admin') throw forbidden('Super Admin accounts cannot be deleted.');
  if (!canManageAccount(actor, { id: row.id, role: row.role, organization: row.organization }))
    throw forbidden(`You do not have permission to manage ${row.role} accounts.`);
  if (row.status === 'pending')
    throw conflict('This account is pending approval: reject it instead.');
  const successor = row.organizationId
    ? await successorFor(row.organizationId, db, row.id, successorId)
    : undefined;
  const after: AfterDeletion[] = [];
  const afterCommit = (task: AfterDeletion) => after.push(task);
  await db.transaction(async (tx) => {
    if (successor) await handOverUser(tx, { actor, user: row, successor, afterCommit });
    await deleteUser(tx, row.id);
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'User',
      action: 'deleted',
      details: successor
        ? `${row.email} deleted; their leads went to ${successor.name}`
        : `${row.email} deleted`,
    });
    await recordAudit(tx, whoIn(who, row.organizationId), 'user.deleted', {
      userId: row.id,
      email: row.email,
      role: row.role,
      successorId: successor?.id ?? null,
    });
  });
  for (const task of after) await task(db, mail);
  return { successor: successor?.name ?? '' };
};
