import type { PublicUser, SignupData, UsersResponse } from '@leadline/shared/auth';
import {
  PERMISSION_KEYS,
  canApproveUsers,
  canCreateRole,
  canEditPermissions,
  creatableRoles,
  defaultPermissions,
  normalisePermissions,
} from '@leadline/shared/permissions';
import type { Permissions } from '@leadline/shared/permissions';
import { SIGNUP_ROLES } from '@leadline/shared/roles';
import type { Role } from '@leadline/shared/roles';
import type { Db } from '../../db/connection.ts';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  isUniqueViolation,
} from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { logActivity } from '../activity/log.ts';
import { auditWho, recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWhere, AuditWho } from '../audit/record.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { toPublicUser } from './present.ts';
import {
  deleteUser,
  emailExists,
  ensureOrganization,
  findUserByEmail,
  findUserById,
  insertUser,
  listPendingUsers,
  listUsers,
  updateUser,
} from './repo.ts';

const ORG_REQUIRED = 'Organization name is required for non-Super Admin roles';
const DUPLICATE_EMAIL = 'A user with this email already exists';
export const USER_NOT_FOUND = 'User not found';
export const PENDING_USER_NOT_FOUND = 'Pending user not found';

/** A creator who is not an administrator cannot grant what they do not hold themselves. */
const grantable = (actor: CurrentUser, requested: Permissions): Permissions => {
  if (actor.role === 'Super Admin' || actor.role === 'Admin') return requested;
  const result = { ...requested };
  for (const key of PERMISSION_KEYS) result[key] = requested[key] && actor.permissions[key];
  return result;
};

const insertOrConflict = async (db: Db, create: () => Promise<string>): Promise<string> => {
  try {
    return await create();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
};

const loadPublic = async (db: Db, id: string): Promise<PublicUser> =>
  toPublicUser((await findUserById(db, id))!);

/** A self-registration's outcome: the new pending user, or the account that has the email. */
export type Registration = { created: PublicUser } | { taken: { name: string; email: string } };

/**
 * POST /api/auth/signup without a token: a pending user of the four member roles. An email
 * that already has an account creates nothing and answers its owner (whom the caller emails),
 * so that the stranger's answer does not tell the address is registered; the password is
 * hashed either way, so that neither does the time of the answer.
 */
export const register = async (
  db: Db,
  data: SignupData,
  where: AuditWhere,
): Promise<Registration> => {
  if (!(SIGNUP_ROLES as readonly Role[]).includes(data.role)) {
    throw forbidden(`Self-registration cannot create a ${data.role} account`);
  }
  if (!data.organizationName) throw badRequest(ORG_REQUIRED, { organizationName: ORG_REQUIRED });
  const passwordHash = await hashPassword(data.password);
  const taken = async (): Promise<Registration | undefined> => {
    const owner = await findUserByEmail(db, data.email);
    return owner && { taken: { name: owner.name, email: owner.email } };
  };
  const before = await taken();
  if (before) return before;
  let id: string;
  try {
    id = await insertOrConflict(db, () =>
      db.transaction(async (tx) => {
        const organizationId = await ensureOrganization(tx, data.organizationName!);
        const userId = await insertUser(tx, {
          organizationId,
          name: data.name,
          email: data.email,
          passwordHash,
          role: data.role,
          // What a pending user may do is the approver's and administrators' choice, not theirs.
          permissions: defaultPermissions(data.role),
          status: 'pending',
          department: data.department ?? '',
        });
        await logActivity(tx, {
          organizationId,
          userId,
          type: 'User',
          action: 'registered',
          details: `${data.email} registered as ${data.role} and awaits approval`,
        });
        const self = { id: userId, email: data.email, organizationId };
        await recordAudit(tx, auditWho(where, self), 'user.created', {
          userId,
          email: data.email,
          role: data.role,
          by: 'sign-up',
        });
        return userId;
      }),
    );
  } catch (error) {
    // The same email registered at the same moment by another request.
    const raced =
      error instanceof HttpError && error.statusCode === 409 ? await taken() : undefined;
    if (raced) return raced;
    throw error;
  }
  return { created: await loadPublic(db, id) };
};

/** POST /api/auth/signup with a token: an administrator creates an active user. */
export const createUser = async (
  db: Db,
  actor: CurrentUser,
  data: SignupData,
  who: AuditWho,
): Promise<PublicUser> => {
  if (creatableRoles(actor).length === 0)
    throw forbidden('You do not have permission to create users.');
  const organization =
    data.role === 'Super Admin'
      ? null
      : actor.role === 'Super Admin'
        ? (data.organizationName ?? null)
        : actor.organization;
  if (data.role !== 'Super Admin' && !organization) {
    throw badRequest(ORG_REQUIRED, { organizationName: ORG_REQUIRED });
  }
  if (
    actor.role !== 'Super Admin' &&
    data.organizationName &&
    data.organizationName !== actor.organization
  ) {
    throw forbidden('You do not have permission to create users in another organization.');
  }
  if (!canCreateRole(actor, data.role, organization)) {
    throw forbidden(`You do not have permission to create a ${data.role} user.`);
  }
  if (await emailExists(db, data.email)) throw conflict(DUPLICATE_EMAIL);
  const permissions = grantable(
    actor,
    data.permissions ? normalisePermissions(data.permissions) : defaultPermissions(data.role),
  );
  const passwordHash = await hashPassword(data.password);
  const id = await insertOrConflict(db, () =>
    db.transaction(async (tx) => {
      const organizationId = organization ? await ensureOrganization(tx, organization) : null;
      const userId = await insertUser(tx, {
        organizationId,
        name: data.name,
        email: data.email,
        passwordHash,
        role: data.role,
        permissions,
        status: 'active',
        department: data.department ?? '',
        createdBy: actor.id,
        expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
      });
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'User',
        action: 'created',
        details: `${actor.email} created ${data.role} ${data.email}`,
      });
      await recordAudit(tx, whoIn(who, organizationId), 'user.created', {
        userId,
        email: data.email,
        role: data.role,
      });
      return userId;
    }),
  );
  return loadPublic(db, id);
};

const requireApprover = (actor: CurrentUser) => {
  if (!canApproveUsers(actor)) throw forbidden('You do not have permission to approve users.');
};

const findPending = async (db: Db, id: string) => {
  const row = await findUserById(db, id);
  if (!row || row.status !== 'pending') throw notFound(PENDING_USER_NOT_FOUND);
  return row;
};

export const pendingUsers = async (db: Db, actor: CurrentUser): Promise<PublicUser[]> => {
  requireApprover(actor);
  return (await listPendingUsers(db)).map(toPublicUser);
};

export const approveUser = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  expiresAt: string,
  who: AuditWho,
): Promise<PublicUser> => {
  requireApprover(actor);
  const row = await findPending(db, id);
  await db.transaction(async (tx) => {
    await updateUser(tx, id, {
      status: 'active',
      expiresAt: new Date(expiresAt),
      approvedAt: new Date(),
    });
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'User',
      action: 'approved',
      details: `${row.email} approved until ${new Date(expiresAt).toISOString().slice(0, 10)}`,
    });
    await recordAudit(tx, whoIn(who, row.organizationId), 'user.approved', {
      userId: row.id,
      email: row.email,
      expiresAt,
    });
  });
  return loadPublic(db, id);
};

export const rejectUser = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  requireApprover(actor);
  const row = await findPending(db, id);
  await db.transaction(async (tx) => {
    await deleteUser(tx, id);
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'User',
      action: 'rejected',
      details: `${row.email} rejected`,
    });
  });
};

export const teamUsers = async (db: Db, actor: CurrentUser): Promise<UsersResponse> => {
  if (actor.role === 'Super Admin') {
    const rows = await listUsers(db);
    const superAdmins = rows.filter((row) => row.role === 'Super Admin').map(toPublicUser);
    const organizations: Record<string, PublicUser[]> = {};
    for (const row of rows) {
      if (row.organization) (organizations[row.organization] ??= []).push(toPublicUser(row));
    }
    return { superAdmins, organizations };
  }
  const users = (await listUsers(db, actor.organizationId!)).map(toPublicUser);
  const admin = users
    .filter((user) => user.role === 'Admin')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  return { admin: admin ?? null, users };
};

export const updatePermissions = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  permissions: Record<string, boolean>,
  who: AuditWho,
): Promise<PublicUser> => {
  const row = await findUserById(db, id);
  // Another organisation's user answers as if it did not exist.
  if (!row || (actor.role !== 'Super Admin' && row.organizationId !== actor.organizationId)) {
    throw notFound(USER_NOT_FOUND);
  }
  if (!canEditPermissions(actor, { role: row.role, organization: row.organization })) {
    throw forbidden("You do not have permission to edit this user's permissions.");
  }
  if (row.role === 'Super Admin' || row.role === 'Admin') {
    throw badRequest('Administrators always hold every permission.');
  }
  const next = normalisePermissions({ ...row.permissions, ...permissions });
  await db.transaction(async (tx) => {
    await updateUser(tx, id, { permissions: next });
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: actor.id,
      type: 'User',
      action: 'permissions updated',
      details: `Permissions of ${row.email} updated`,
    });
    const changed = PERMISSION_KEYS.filter((key) => row.permissions[key] !== next[key]);
    await recordAudit(tx, whoIn(who, row.organizationId), 'permissions.changed', {
      userId: row.id,
      email: row.email,
      granted: changed.filter((key) => next[key]),
      removed: changed.filter((key) => !next[key]),
    });
  });
  return loadPublic(db, id);
};
