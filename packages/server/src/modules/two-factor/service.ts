import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@leadline/shared/two-factor';
import { isRecoveryCode } from '@leadline/shared/two-factor';
import { API_KEY_SESSION_ONLY } from '@leadline/shared/api-keys';
import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { CurrentUser, UserRow } from '../../caller/current-user.ts';
import { logActivity } from '../activity/log.ts';
import { findUserById } from '../users/store.ts';
import { auditWho, recordAudit } from '../audit/record.ts';
import type { AuditWhere, AuditWho } from '../audit/record.ts';
import type { CodeAttempts } from './attempts.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { newRecoveryCodes, recoveryKey } from './codes.ts';
import type { TwoFactorRow } from './repo.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  findChallenge,
  findTwoFactor,
  replaceRecoveryHashes,
  savePendingSecret,
  useChallenge,
  useRecoveryHash,
  useStep,
} from './repo.ts';
import { matchTotp, newTotpSecret, otpauthUri } from '@leadline/shared/totp';

export type TwoFactorDeps = {
  db: Db;
  box: SecretBox;
  /** The clock codes are checked against (tests fix it). */
  now: () => number;
  attempts: CodeAttempts;
};

export const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Sign in again with your password.';
const NOT_ENABLED = 'Two-step sign-in is not on for your account.';
const NO_SETUP = 'Start the set-up first: no authenticator secret is waiting to be confirmed.';
const ALREADY_ON = 'Two-step sign-in is already on. Turn it off first to set it up again.';
const REQUIRED = 'Your organisation requires two-step sign-in: it cannot be turned off.';

const wrongField = () => badRequest(WRONG_CODE, { code: WRONG_CODE });

/** Managing the second step needs a signed-in session: an API key is refused. */
const sessionOnly = (actor: CurrentUser): void => {
  if (actor.apiKeyId) throw forbidden(API_KEY_SESSION_ONLY);
};

const log = (db: Db, row: UserRow, actorId: string, action: string, details: string) =>
  logActivity(db, {
    organizationId: row.organizationId,
    userId: actorId,
    entityId: row.id,
    type: 'User',
    action,
    details,
  });

export const twoFactorStatus = async (db: Db, actor: CurrentUser): Promise<TwoFactorStatus> => {
  const row = await findTwoFactor(db, actor.id);
  const enabled = actor.row.twoFactorEnabled;
  return {
    enabled,
    recoveryCodesLeft: enabled ? (row?.recoveryHashes.length ?? 0) : 0,
    required: Boolean(actor.row.requireTwoFactor),
  };
};

/** POST /api/auth/2fa/setup: a new secret waits (encrypted) for its first code. */
export const startSetup = async (
  deps: TwoFactorDeps,
  actor: CurrentUser,
): Promise<TwoFactorSetup> => {
  sessionOnly(actor);
  if (actor.row.twoFactorEnabled) throw conflict(ALREADY_ON);
  const secret = newTotpSecret();
  await savePendingSecret(deps.db, actor.id, deps.box.encrypt(secret));
  return { otpauthUri: otpauthUri(actor.row.email, secret) };
};

/** POST /api/auth/2fa/enable: the first code confirms the app; ten recovery codes, shown once. */
export const enable = async (
  deps: TwoFactorDeps,
  actor: CurrentUser,
  code: string,
  who: AuditWho,
): Promise<RecoveryCodes> => {
  sessionOnly(actor);
  if (actor.row.twoFactorEnabled) throw conflict(ALREADY_ON);
  const stored = await findTwoFactor(deps.db, actor.id);
  if (!stored?.pendingEncrypted) throw badRequest(NO_SETUP);
  const sealed = stored.pendingEncrypted;
  const secret = deps.box.decrypt(sealed);
  const step = await deps.attempts(
    actor.id,
    async () => matchTotp(secret, code, deps.now()),
    wrongField,
  );
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await enableTwoFactor(tx, actor.id, sealed, step, hashes);
    await log(tx, actor.row, actor.id, 'two-step on', `Two-step sign-in set up by ${actor.email}`);
    await recordAudit(tx, who, '2fa.enabled');
  });
  return { recoveryCodes: codes };
};

/**
 * A code from the app (a step not used before, then recorded) or an unused recovery code;
 * `stored` when the caller already read the user's second step.
 */
const useCode = async (
  deps: TwoFactorDeps,
  userId: string,
  code: string,
  recovery: boolean,
  stored?: TwoFactorRow | null,
): Promise<'totp' | 'recovery' | null> => {
  const row = stored === undefined ? await findTwoFactor(deps.db, userId) : stored;
  if (!row?.secretEncrypted) return null;
  if (/^\d{6}$/.test(code)) {
    const secret = deps.box.decrypt(row.secretEncrypted);
    const step = matchTotp(secret, code, deps.now(), row.lastUsedStep);
    return step !== null && (await useStep(deps.db, userId, step)) ? 'totp' : null;
  }
  if (!recovery || !isRecoveryCode(code)) return null;
  return (await useRecoveryHash(deps.db, userId, sha256Hex(recoveryKey(code)))) ? 'recovery' : null;
};

/** POST /api/auth/2fa/recovery-codes: a code from the app replaces every recovery code. */
export const regenerateRecoveryCodes = async (
  deps: TwoFactorDeps,
  actor: CurrentUser,
  code: string,
): Promise<RecoveryCodes> => {
  sessionOnly(actor);
  if (!actor.row.twoFactorEnabled) throw badRequest(NOT_ENABLED);
  await deps.attempts(actor.id, () => useCode(deps, actor.id, code, false), wrongField);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await replaceRecoveryHashes(tx, actor.id, hashes);
    await log(
      tx,
      actor.row,
      actor.id,
      'recovery codes',
      `New recovery codes made by ${actor.email}`,
    );
  });
  return { recoveryCodes: codes };
};

/** DELETE /api/auth/2fa: with a code (app or recovery) or the password. */
export const disable = async (
  deps: TwoFactorDeps,
  actor: CurrentUser,
  proof: { code?: string; password?: string },
  who: AuditWho,
): Promise<void> => {
  sessionOnly(actor);
  if (!actor.row.twoFactorEnabled) throw badRequest(NOT_ENABLED);
  if (actor.row.requireTwoFactor) throw forbidden(REQUIRED);
  const wrong = proof.code
    ? wrongField
    : () => badRequest('Wrong password', { password: 'Wrong password' });
  await deps.attempts(
    actor.id,
    async () =>
      proof.code
        ? useCode(deps, actor.id, proof.code, true)
        : (await verifyPassword(actor.row.passwordHash, proof.password ?? '')) || null,
    wrong,
  );
  await deps.db.transaction(async (tx) => {
    await disableTwoFactor(tx, actor.id);
    await log(
      tx,
      actor.row,
      actor.id,
      'two-step off',
      `Two-step sign-in turned off by ${actor.email}`,
    );
    await recordAudit(tx, who, '2fa.disabled', { proof: proof.code ? 'code' : 'password' });
  });
};

/**
 * POST /api/auth/2fa/verify: the challenge's user when the code is right (the challenge and
 * the code are then used up; a recovery code used is logged). Wrong codes count per account.
 */
export const verifyChallenge = async (
  deps: TwoFactorDeps,
  challenge: string,
  code: string,
  where: AuditWhere,
): Promise<UserRow> => {
  const found = await findChallenge(deps.db, sha256Hex(challenge));
  if (!found) throw unauthorized(CHALLENGE_EXPIRED);
  const used = await deps
    .attempts(
      found.userId,
      () => useCode(deps, found.userId, code, true, found.stored),
      () => unauthorized(WRONG_CODE),
    )
    .catch(async (error: unknown) => {
      const owner = await findUserById(deps.db, found.userId);
      const reason = (error as Error).message === WRONG_CODE ? 'wrong code' : 'too many codes';
      if (owner) {
        await recordAudit(deps.db, auditWho(where, owner), 'signin.failed', { reason });
      }
      throw error;
    });
  if (!(await useChallenge(deps.db, found.id, found.userId))) throw unauthorized(CHALLENGE_EXPIRED);
  const row = await findUserById(deps.db, found.userId);
  if (!row) throw unauthorized(CHALLENGE_EXPIRED);
  if (used === 'recovery') {
    await deps.db.transaction(async (tx) => {
      await log(
        tx,
        row,
        row.id,
        'recovery code used',
        `${row.email} signed in with a recovery code`,
      );
      await recordAudit(tx, auditWho(where, row), '2fa.recovery_used');
    });
  }
  return row;
};
