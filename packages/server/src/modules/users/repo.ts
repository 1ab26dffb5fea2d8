import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Permissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import type { UserStatus } from '@leadline/shared/auth';
import { UUID_PATTERN } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import { organizations, userSessions, users } from '../../db/tables.ts';
import { insertDefaultStages } from '../stages/lookup.ts';

import type { UserRow } from '../../caller/current-user.ts';

export type { UserRow };

const columns = {
  id: users.id,
  organizationId: users.organizationId,
  name: users.name,
  email: users.email,
  passwordHash: users.passwordHash,
  role: users.role,
  permissions: users.permissions,
  status: users.status,
  department: users.department,
  createdBy: users.createdBy,
  createdAt: users.createdAt,
  expiresAt: users.expiresAt,
  approvedAt: users.approvedAt,
  lastLoginAt: users.lastLoginAt,
  mustChangePassword: users.mustChangePassword,
  twoFactorEnabled: users.twoFactorEnabled,
  organization: organizations.name,
  requireTwoFactor: organizations.requireTwoFactor,
};

/** The names of those of the users that exist, by id (how other records name their people). */
export const findUserNames = async (
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** The organisation's first Admin (by creation), else its first user: who holds what nobody else does. */
export const findFirstAdmin = async (
  db: Db,
  organizationId: string,
): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(sql`${users.role} = 'Admin' DESC`, asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.id;
};

/** A user of the organisation as the pickers list them (owners of leads, successors). */
export type OrganizationMember = {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
};

/** The organisation's users who are not pending, by name. */
export const listOrganizationMembers = (
  db: Db,
  organizationId: string,
): Promise<OrganizationMember[]> =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), ne(users.status, 'pending')))
    .orderBy(asc(users.name), asc(users.id));

const selectUsers = (db: Db) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id));

export const findUserById = async (db: Db, id: string): Promise<UserRow | undefined> => {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
};

/** The user of a live session: none once the session ended or expired. */
export const findUserBySession = async (
  db: Db,
  userId: string,
  sessionId: string,
): Promise<UserRow | undefined> => {
  if (!UUID_PATTERN.test(userId) || !UUID_PATTERN.test(sessionId)) return undefined;
  // The session joined by its key: its mark of single sign-on comes with the user.
  const [row] = await db
    .select({ ...columns, sessionViaSso: userSessions.viaSso })
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .innerJoin(
      userSessions,
      and(
        eq(userSessions.id, sessionId),
        eq(userSessions.userId, users.id),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row;
};

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> => {
  const [row] = await selectUsers(db).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
};

export const emailExists = async (db: Db, email: string): Promise<boolean> =>
  (await findUserByEmail(db, email)) !== undefined;

/** The organisation's id, creating it on first mention (organisations are named by their users). */
export const ensureOrganization = async (db: Db, name: string): Promise<string> => {
  const [created] = await db
    .insert(organizations)
    .values({ name })
    .onConflictDoNothing({ target: organizations.name })
    .returning({ id: organizations.id });
  // A new organisation starts with the default deal stages.
  if (created) await insertDefaultStages(db, created.id);
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  return row!.id;
};

export type NewUser = {
  organizationId: string | null;
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  permissions: Permissions;
  status: UserStatus;
  department?: string;
  createdBy?: string | null;
  expiresAt?: Date | null;
};

export const insertUser = async (db: Db, user: NewUser): Promise<string> => {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: user.email.toLowerCase() })
    .returning({ id: users.id });
  return row!.id;
};

export const countSuperAdmins = async (db: Db): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'Super Admin'));
  return row!.n;
};

/** Active Super Admins other than `exceptId`. */
export const countOtherActiveSuperAdmins = async (db: Db, exceptId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'Super Admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row!.n;
};

export const listPendingUsers = (db: Db) =>
  selectUsers(db).where(eq(users.status, 'pending')).orderBy(asc(users.createdAt));

/** Every user who is not pending, Super Admins first, then by organisation and name. */
export const listUsers = (db: Db, organizationId?: string) =>
  selectUsers(db)
    .where(
      and(
        sql`${users.status} <> 'pending'`,
        organizationId ? eq(users.organizationId, organizationId) : undefined,
      ),
    )
    .orderBy(asc(organizations.name), asc(users.name), asc(users.id));

export const updateUser = async (
  db: Db,
  id: string,
  changes: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'permissions'
      | 'status'
      | 'expiresAt'
      | 'approvedAt'
      | 'lastLoginAt'
      | 'role'
      | 'passwordHash'
      | 'mustChangePassword'
    >
  >,
): Promise<void> => {
  await db.update(users).set(changes).where(eq(users.id, id));
};

export const deleteUser = async (db: Db, id: string): Promise<void> => {
  await db.delete(users).where(eq(users.id, id));
};
