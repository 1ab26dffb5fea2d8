import { canManageAccount } from '@leadline/shared/accounts';
import type { Db } from '../../db/connection.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { twoFactorResetMessage } from '../system-mail/messages.ts';
import { USER_NOT_FOUND } from '../users/service.ts';
import { findUserById } from '../users/store.ts';
import { disableTwoFactor } from './repo.ts';
import { recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';

export type ResetMail = {
  mailer: SystemMailer;
  publicUrl: string;
  onError: (error: Error) => void;
};

/**
 * DELETE /api/users/:id/2fa: an Admin turns off a member's two-step sign-in (a lost phone);
 * another organisation's user is a 404. Logged, and the member is emailed.
 */
export const resetMemberTwoFactor = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
  mail?: ResetMail,
): Promise<void> => {
  const row = await findUserById(db, id);
  if (!row || (actor.role !== 'Super Admin' && row.organizationId !== actor.row.organizationId)) {
    throw notFound(USER_NOT_FOUND);
  }
  if (row.id === actor.id) {
    throw forbidden('Turn off your own two-step sign-in on your profile.');
  }
  if (!canManageAccount(actor, { id: row.id, role: row.role, organization: row.organization })) {
    throw forbidden(`You do not have permission to manage ${row.role} accounts.`);
  }
  if (!row.twoFactorEnabled) throw badRequest('Two-step sign-in is not on for this user.');
  await db.transaction(async (tx) => {
    await disableTwoFactor(tx, row.id);
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      entityId: row.id,
      type: 'User',
      action: 'two-step reset',
      details: `Two-step sign-in of ${row.email} reset by ${actor.email}`,
    });
    await recordAudit(tx, whoIn(who, row.organizationId), '2fa.reset', {
      userId: row.id,
      email: row.email,
    });
  });
  if (mail) {
    void mail.mailer
      .send(twoFactorResetMessage(row, actor.email, new Date(), mail.publicUrl))
      .catch((error: unknown) => mail.onError(error as Error));
  }
};
