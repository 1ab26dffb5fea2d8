import { sql } from 'drizzle-orm';
import type { FirstAdminInput, PublicUser } from '@leadline/shared/auth';
import { firstAdminSchema } from '@leadline/shared/auth';
import { allPermissions } from '@leadline/shared/permissions';
import {
  API_KEY_INVALID,
  API_KEY_OWNER_REFUSED,
  API_KEY_SESSION_ONLY,
  looksLikeApiKey,
} from '@leadline/shared/api-keys';
import type { Db } from '../../db/connection.ts';
import { passwordsOff } from '../sso/policy.ts';
import { SSO_ONLY_MESSAGE } from '@leadline/shared/sso';
import { conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { logActivity } from '../activity/log.ts';
import { usableApiKey } from '../api-keys/authenticate.ts';
import { revokeUserApiKeys } from '../api-keys/owner.ts';
import type { RevokedKey } from '../api-keys/owner.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { isExpired, toPublicUser } from '../users/present.ts';
import { toCurrentUser } from '../../caller/current-user.ts';
import {
  countSuperAdmins,
  ensureOrganization,
  findUserBySession,
  insertUser,
} from '../users/store.ts';
import { findUserByEmail, findUserById, updateUser } from '../users/store.ts';
import type { UserRow } from '../../caller/current-user.ts';
import { endSession, endUserSessions, openSession } from './sessions-repo.ts';
import { openChallenge } from '../two-factor/challenge.ts';
import type { TwoFactorChallenge } from '@leadline/shared/two-factor';
import type { SessionDevice } from './sessions-repo.ts';
import { UNKNOWN_ACCOUNT } from '@leadline/shared/audit';
import type { AuditDetails } from '@leadline/shared/audit';
import { auditWho, recordAudit } from '../audit/record.ts';
import type { AuditWhere, AuditWho } from '../audit/record.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const PENDING_MESSAGE = 'Your account is pending approval';
export const EXPIRED_MESSAGE = 'Your account has expired';
export const DISABLED_MESSAGE = 'Your account is disabled';
export const DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Ask an administrator to reactivate it.';
export const ADMIN_EXISTS = 'An administrator already exists';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** Why this account may not act now, or null when it may. */
export const refusal = (row: UserRow): string | null => {
  if (row.status === 'pending') return PENDING_MESSAGE;
  if (row.status === 'inactive') return DEACTIVATED_MESSAGE;
  if (row.status !== 'active') return DISABLED_MESSAGE;
  if (isExpired(row)) return EXPIRED_MESSAGE;
  return null;
};

export type SignedIn = { token: string; user: PublicUser };

/** Where a session's request came from, as the audit log keeps it. */
export const whereOfDevice = (device?: SessionDevice): AuditWhere => ({
  ip: device?.address ?? null,
  device: device?.userAgent ?? null,
});

/**
 * A refused sign-in, kept in the organisation of the account the email belongs to; an email of
 * no account is neither kept nor shown (`unknown account`, no organisation: Super Admins see it).
 */
export const recordFailedSignin = (
  db: Db,
  where: AuditWhere,
  row: UserRow | undefined,
  reason: string,
): Promise<void> =>
  recordAudit(db, auditWho(where, row ?? null, UNKNOWN_ACCOUNT), 'signin.failed', { reason });

export const signin = async (
  db: Db,
  tokens: TokenService,
  email: string,
  password: string,
  device?: SessionDevice,
): Promise<SignedIn | TwoFactorChallenge> => {
  const row = await findUserByEmail(db, email);
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
  const where = whereOfDevice(device);
  if (!row || !valid) {
    await recordFailedSignin(db, where, row, row ? 'wrong password' : UNKNOWN_ACCOUNT);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  // An "SSO only" organisation's member has no password way in (Super Admins keep theirs).
  const refused = refusal(row) ?? ((await passwordsOff(db, row)) ? SSO_ONLY_MESSAGE : null);
  if (refused) {
    await recordFailedSignin(db, where, row, refused);
    throw forbidden(refused);
  }
  // Two-step sign-in: no session until the code is given (POST /api/auth/2fa/verify).
  if (row.twoFactorEnabled) return openChallenge(db, row.id);
  return startSession(db, tokens, row, device);
};

/**
 * The answer to a complete sign-in: a new session's token and the user (last sign-in now).
 * `viaSso`: signed in through the organisation's single sign-on, whose provider asked for any
 * second step: the session is not led to set up Leadline's own (the organisation's
 * requirement applies to password sign-ins).
 */
export const startSession = async (
  db: Db,
  tokens: TokenService,
  row: UserRow,
  device?: SessionDevice,
  { viaSso = false, details = {} }: { viaSso?: boolean; details?: AuditDetails } = {},
): Promise<SignedIn> => {
  const lastLoginAt = new Date();
  const sessionId = await db.transaction(async (tx) => {
    await updateUser(tx, row.id, { lastLoginAt });
    const kind = viaSso ? 'sso.signin' : 'signin';
    await recordAudit(tx, auditWho(whereOfDevice(device), row), kind, details);
    return openSession(tx, row.id, tokens.lifetimeSeconds, device, viaSso);
  });
  return {
    token: await tokens.sign({ userId: row.id, sessionId }),
    user: toPublicUser({ ...row, lastLoginAt, sessionViaSso: viaSso }),
  };
};

/** A new session for a signed-in user (after their password changed, the others ended). */
export const newSessionToken = async (
  db: Db,
  tokens: TokenService,
  userId: string,
  device?: SessionDevice,
): Promise<string> =>
  tokens.sign({ userId, sessionId: await openSession(db, userId, tokens.lifetimeSeconds, device) });

/** Sign-out: the session of this token ends on the server, in every process. */
export const signout = async (db: Db, actor: CurrentUser, who: AuditWho): Promise<void> => {
  const { sessionId } = actor;
  if (!sessionId) return;
  await db.transaction(async (tx) => {
    await endSession(tx, actor.id, sessionId);
    await recordAudit(tx, who, 'signout', { everywhere: false });
  });
};

/**
 * Sign-out everywhere: every session of the user ends, this one too; with `revokeApiKeys`, every
 * API key of theirs is revoked as well (from a signed-in session only, as keys are revoked).
 * Answers the keys revoked.
 */
export const signoutEverywhere = async (
  db: Db,
  actor: CurrentUser,
  who: AuditWho,
  revokeApiKeys = false,
): Promise<RevokedKey[]> => {
  if (revokeApiKeys && actor.apiKeyId) throw forbidden(API_KEY_SESSION_ONLY);
  return db.transaction(async (tx) => {
    await endUserSessions(tx, actor.id);
    const revoked = revokeApiKeys
      ? await revokeUserApiKeys(tx, actor.row, actor, 'signed out everywhere')
      : [];
    await recordAudit(tx, who, 'signout', { everywhere: true, apiKeysRevoked: revoked.length });
    return revoked;
  });
};

/**
 * The user behind a token, read from the database on every request (with its session, in one
 * query) so that a permission change, a rejection, an expiry, a deactivation, a password
 * change or a sign-out takes effect at once.
 */
export const authenticate = async (
  db: Db,
  tokens: TokenService,
  token: string,
): Promise<CurrentUser> => {
  if (looksLikeApiKey(token)) return authenticateApiKey(db, token);
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized(SESSION_EXPIRED);
  const row = await findUserBySession(db, claims.userId, claims.sessionId);
  if (!row) {
    // A deactivated (or expired, or pending) account hears why, not only that it is out.
    const owner = await findUserById(db, claims.userId);
    throw unauthorized((owner && refusal(owner)) ?? SESSION_EXPIRED);
  }
  const refused = refusal(row);
  if (refused) throw unauthorized(refused);
  return { ...toCurrentUser(row), sessionId: claims.sessionId };
};

/**
 * The owner of an API key, read fresh as for a session: a key acts with its owner's current
 * permissions, and stops with them once the owner is disabled, deactivated or expired.
 */
const authenticateApiKey = async (db: Db, token: string): Promise<CurrentUser> => {
  const key = await usableApiKey(db, token);
  const row = await findUserById(db, key.userId);
  const refused = row ? refusal(row) : API_KEY_INVALID;
  if (!row || refused) throw unauthorized(`${API_KEY_OWNER_REFUSED}: ${refused}`);
  return { ...toCurrentUser(row), apiKeyId: key.id };
};

export const needsFirstAdmin = async (db: Db): Promise<boolean> =>
  (await countSuperAdmins(db)) === 0;

/** The first-administrator form's fields; SUPERADMIN_EMAIL/PASSWORD on start name no company. */
export type FirstSuperAdminInput = Omit<FirstAdminInput, 'organizationName'> &
  Partial<Pick<FirstAdminInput, 'organizationName'>>;

const firstSuperAdminSchema = firstAdminSchema.partial({ organizationName: true });

/**
 * Creates a Super Admin only while none exists, and the company's organisation with it (one
 * transaction: both or neither); concurrent calls are serialised.
 */
export const createFirstSuperAdmin = async (
  db: Db,
  input: FirstSuperAdminInput,
): Promise<string> => {
  // Checked again here: SUPERADMIN_EMAIL/PASSWORD on start and the tests call it directly.
  const data = firstSuperAdminSchema.parse(input);
  // Checked before hashing (and again under the lock below): once set-up is done, a request
  // costs no hash.
  if (!(await needsFirstAdmin(db))) throw conflict(ADMIN_EXISTS);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    if ((await countSuperAdmins(tx)) > 0) throw conflict(ADMIN_EXISTS);
    if (await findUserByEmail(tx, data.email))
      throw conflict('A user with this email already exists');
    const id = await insertUser(tx, {
      organizationId: null,
      name: data.name,
      email: data.email,
      passwordHash,
      role: 'Super Admin',
      permissions: allPermissions(),
      status: 'active',
    });
    await logActivity(tx, {
      organizationId: null,
      userId: id,
      type: 'User',
      action: 'created',
      details: `Super Admin ${data.email} created`,
    });
    const who = {
      organizationId: null,
      actorId: id,
      actorLabel: data.email,
      ip: null,
      device: null,
    };
    await recordAudit(tx, who, 'user.created', {
      userId: id,
      email: data.email,
      role: 'Super Admin',
    });
    if (data.organizationName) {
      const organizationId = await ensureOrganization(tx, data.organizationName);
      await logActivity(tx, {
        organizationId,
        userId: id,
        type: 'User',
        action: 'created',
        details: `Organisation ${data.organizationName} created with its Super Admin ${data.email}`,
      });
    }
    return id;
  });
};

export const setupFirstAdmin = async (
  db: Db,
  tokens: TokenService,
  input: FirstAdminInput,
): Promise<SignedIn> => {
  await createFirstSuperAdmin(db, input);
  const row = await findUserByEmail(db, input.email);
  return startSession(db, tokens, row!);
};

/** SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD on start: one Super Admin when none exists. */
export const ensureSuperAdmin = async (
  db: Db,
  superAdmin: { email: string; password: string } | undefined,
): Promise<boolean> => {
  if (!superAdmin || !(await needsFirstAdmin(db))) return false;
  await createFirstSuperAdmin(db, { name: 'Super Admin', ...superAdmin });
  return true;
};
