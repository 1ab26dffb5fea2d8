import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PublicUser } from '@leadline/shared/auth';
import { assignableRoles, canManageAccount } from '@leadline/shared/accounts';
import { defaultPermissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import { MEMBER_ROLES } from '@leadline/shared/roles';
import type { Db } from '../../db/connection.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { logActivity } from '../activity/log.ts';
import { replacePassword } from './credentials.ts';
import { refuseIfSsoOnly } from '../sso/policy.ts';
import { endUserSessions } from './sessions-repo.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { toPublicUser } from '../users/present.ts';
import { countOtherActiveSuperAdmins, findUserById, updateUser } from '../users/store.ts';
import type { UserRow } from '../../caller/current-user.ts';
import { USER_NOT_FOUND } from '../users/service.ts';
import { revokeUserApiKeys } from '../api-keys/owner.ts';
import type { RevokedKey } from '../api-keys/owner.ts';
import { mailSwitchedOff, switchOffCreatorWebhooks } from '../webhooks/creator.ts';
import type { CreatorNoticeMail } from '../webhooks/creator.ts';
import { recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';

/** The system mailbox for the emails account changes cause (none: no email). */
export type AccountMail = CreatorNoticeMail;

type Action = 'role' | 'deactivate' | 'reactivate' | 'reset';

const SELF: Record<Action, string> = {
  role: 'You cannot change your own role.',
  deactivate: 'You cannot deactivate your own account.',
  reactivate: 'You cannot reactivate your own account.',
  reset: 'Use Change password on your profile to change your own password.',
};

/** The target user, when the actor may manage them; another organisation's user is a 404. */
const managed = async (db: Db, actor: CurrentUser, id: string, action: Action) => {
  const row = await findUserById(db, id);
  if (!row || (actor.role !== 'Super Admin' && row.organizationId !== actor.row.organizationId)) {
    throw notFound(USER_NOT_FOUND);
  }
  if (row.id === actor.id) throw forbidden(SELF[action]);
  if (!canManageAccount(actor, { id: row.id, role: row.role, organization: row.organization })) {
    throw forbidden(`You do not have permission to manage ${row.role} accounts.`);
  }
  if (row.status === 'pending') {
    throw conflict('This account is pending approval: approve or reject it first.');
  }
  return row;
};

const log = (db: Db, actor: CurrentUser, row: UserRow, action: string, details: string) =>
  logActivity(db, {
    organizationId: row.organizationId,
    userId: actor.id,
    entityId: row.id,
    type: 'User',
    action,
    details,
  });

/** The member concerned, as an audit entry names them (kept in the member's organisation). */
const about = (row: UserRow) => ({ userId: row.id, email: row.email });

const reload = async (db: Db, id: string): Promise<PublicUser> =>
  toPublicUser((await findUserById(db, id))!);

/** Within the role rules (shared/accounts): nobody becomes a Super Admin this way. */
export const changeRole = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  role: Role,
  who: AuditWho,
  mail?: AccountMail,
): Promise<PublicUser> => {
  const row = await managed(db, actor, id, 'role');
  const allowed = assignableRoles(actor, {
    id: row.id,
    role: row.role,
    organization: row.organization,
  });
  if (!allowed.includes(role)) {
    throw forbidden(`You do not have permission to give ${row.email} the ${role} role.`);
  }
  if (row.role === role) return toPublicUser(row);
  // An administrator's stored map means nothing; a former one starts from the role's defaults.
  const wasAdmin = !(MEMBER_ROLES as readonly Role[]).includes(row.role);
  const isAdmin = !(MEMBER_ROLES as readonly Role[]).includes(role);
  const switchedOff = await db.transaction(async (tx) => {
    await updateUser(tx, id, {
      role,
      ...(wasAdmin ? { permissions: defaultPermissions(role) } : {}),
    });
    await log(tx, actor, row, 'role changed', `${row.email}: ${row.role} to ${role}`);
    await recordAudit(tx, whoIn(who, row.organizationId), 'role.changed', {
      ...about(row),
      from: row.role,
      to: role,
    });
    // Managing webhooks takes an administrator: a former one's webhooks stop sending.
    return wasAdmin && !isAdmin ? switchOffCreatorWebhooks(tx, row, 'demoted') : [];
  });
  await mailSwitchedOff(db, mail, switchedOff);
  return reload(db, id);
};

/** Deactivation keeps everything of the user; their sessions end at once. */
export const deactivateUser = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
  mail?: AccountMail,
): Promise<PublicUser> => {
  const row = await managed(db, actor, id, 'deactivate');
  if (row.status === 'inactive') return toPublicUser(row);
  const switchedOff = await db.transaction(async (tx) => {
    if (row.role === 'Super Admin') {
      // Serialised, so that two Super Admins cannot deactivate each other at the same moment.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727276)`);
      if ((await countOtherActiveSuperAdmins(tx, row.id)) === 0) {
        throw conflict('The last active Super Admin cannot be deactivated.');
      }
    }
    await updateUser(tx, id, { status: 'inactive' });
    await endUserSessions(tx, id);
    await log(tx, actor, row, 'deactivated', `${row.email} deactivated`);
    await recordAudit(tx, whoIn(who, row.organizationId), 'user.deactivated', about(row));
    return switchOffCreatorWebhooks(tx, row, 'deactivated');
  });
  await mailSwitchedOff(db, mail, switchedOff);
  return reload(db, id);
};

export const reactivateUser = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<PublicUser> => {
  const row = await managed(db, actor, id, 'reactivate');
  if (row.status !== 'inactive') throw conflict('This account is not deactivated.');
  await db.transaction(async (tx) => {
    await updateUser(tx, id, { status: 'active' });
    await log(tx, actor, row, 'reactivated', `${row.email} reactivated`);
  });
  return reload(db, id);
};

/** Letters and digits that cannot be mistaken for one another when read out or copied. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const temporaryPassword = (): string =>
  Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  ).join('-');

/**
 * A one-time temporary password, answered once and stored only hashed: the user signs in
 * with it and must choose a new one first. Their sessions end at once and their API keys are
 * revoked (an account being recovered may have been someone else's for a while); the answer
 * and the owner's email list the keys revoked.
 */
export const resetPasswordByAdmin = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
): Promise<{
  temporaryPassword: string;
  user: PublicUser;
  revokedKeys: RevokedKey[];
  owner: { name: string; email: string };
}> => {
  const row = await managed(db, actor, id, 'reset');
  // A temporary password would not let a member of an "SSO only" organisation in.
  await refuseIfSsoOnly(db, row);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const revokedKeys = await db.transaction(async (tx) => {
    await replacePassword(tx, id, passwordHash, true);
    await log(tx, actor, row, 'password reset', `Password of ${row.email} reset by ${actor.email}`);
    const revoked = await revokeUserApiKeys(tx, row, actor, `password reset by ${actor.email}`);
    await recordAudit(tx, whoIn(who, row.organizationId), 'password.reset', {
      ...about(row),
      by: 'administrator',
      apiKeysRevoked: revoked.length,
    });
    return revoked;
  });
  return {
    temporaryPassword: password,
    user: await reload(db, id),
    revokedKeys,
    owner: { name: row.name, email: row.email },
  };
};
