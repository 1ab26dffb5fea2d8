import { API_KEY_SESSION_ONLY } from '@leadline/shared/api-keys';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../lib/secrets.ts';
import type { ChangePasswordData, ResetPasswordData } from '@leadline/shared/accounts';
import { INVALID_RESET_LINK } from '@leadline/shared/accounts';
import type { PublicUser } from '@leadline/shared/auth';
import type { Db } from '../../db/connection.ts';
import { passwordsOff, refuseIfSsoOnly } from '../sso/policy.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { logActivity } from '../activity/log.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import {
  passwordChangedMessage,
  passwordResetMessage,
  signupAttemptMessage,
} from '../system-mail/messages.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { toPublicUser } from '../users/present.ts';
import { findUserByEmail, findUserById } from '../users/store.ts';
import { replacePassword } from './credentials.ts';
import {
  claimPasswordReset,
  countResetsSince,
  findUsablePasswordReset,
  insertPasswordReset,
} from './resets-repo.ts';
import { revokeUserApiKeys } from '../api-keys/owner.ts';
import type { RevokedKey } from '../api-keys/owner.ts';
import { newSessionToken, refusal, whereOfDevice } from './service.ts';
import type { SessionDevice } from './sessions-repo.ts';
import { auditWho, recordAudit } from '../audit/record.ts';
import type { AuditWhere } from '../audit/record.ts';

export const RESET_LINK_MINUTES = 60;
/** At most this many links per account and hour, whatever the rate limit per address lets by. */
export const RESET_LINKS_PER_HOUR = 3;
export const FORGOT_ANSWER =
  'If an account uses this email, a link to reset its password is on its way. Check your inbox.';
const WRONG_CURRENT = 'Current password is incorrect';

/**
 * Changing one's own password: the current one must match. Every session of the user ends,
 * this one included, and a fresh token for a new session comes back.
 */
export const changePassword = async (
  db: Db,
  tokens: TokenService,
  actor: CurrentUser,
  data: ChangePasswordData,
  device?: SessionDevice,
): Promise<{ token: string; user: PublicUser }> => {
  if (actor.apiKeyId) throw forbidden(API_KEY_SESSION_ONLY);
  await refuseIfSsoOnly(db, actor.row);
  if (!(await verifyPassword(actor.row.passwordHash, data.currentPassword))) {
    throw badRequest(WRONG_CURRENT, { currentPassword: WRONG_CURRENT });
  }
  const passwordHash = await hashPassword(data.newPassword);
  const token = await db.transaction(async (tx) => {
    await replacePassword(tx, actor.id, passwordHash, false);
    await logActivity(tx, {
      organizationId: actor.row.organizationId,
      userId: actor.id,
      entityId: actor.id,
      type: 'User',
      action: 'password changed',
      details: `${actor.email} changed their password`,
    });
    await recordAudit(tx, auditWho(whereOfDevice(device), actor), 'password.changed');
    return newSessionToken(tx, tokens, actor.id, device);
  });
  return { token, user: toPublicUser({ ...actor.row, mustChangePassword: false }) };
};

export type ResetMailing = {
  mailer: SystemMailer;
  publicUrl: string;
  onError: (error: Error) => void;
};

/**
 * "Forgot password?": when the address belongs to an account that may sign in, a single-use
 * link valid for an hour is mailed to it. Only the token's SHA-256 is stored. The caller
 * answers the same whatever happens here, and the email leaves in the background so that the
 * time of the answer does not tell either.
 */
export const requestPasswordReset = async (
  db: Db,
  mailing: ResetMailing,
  email: string,
): Promise<void> => {
  const row = await findUserByEmail(db, email);
  if (!row || refusal(row)) return;
  // An organisation that signs in with SSO only gets no reset links (the answer stays the same).
  if (await passwordsOff(db, row)) return;
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  if ((await countResetsSince(db, row.id, hourAgo)) >= RESET_LINKS_PER_HOUR) return;
  const token = randomBytes(32).toString('hex');
  await insertPasswordReset(db, {
    userId: row.id,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
  });
  // In the fragment: the browser never sends it to a server (no log, no Referer holds it).
  const link = `${mailing.publicUrl}/reset-password#token=${token}`;
  void mailing.mailer
    .send(passwordResetMessage(row, link, RESET_LINK_MINUTES))
    .catch((error: unknown) => mailing.onError(error as Error));
};

/**
 * Tells the owner that their password changed (in the background; a failure is reported), and
 * which API keys that revoked (`revokedKeys`; undefined when the keys were left alone).
 */
export const notifyPasswordChanged = (
  mailing: ResetMailing,
  to: { name: string; email: string },
  how: 'changed' | 'reset' | 'admin',
  revokedKeys?: readonly RevokedKey[],
): void => {
  void mailing.mailer
    .send(passwordChangedMessage(to, how, new Date(), mailing.publicUrl, revokedKeys))
    .catch((error: unknown) => mailing.onError(error as Error));
};

/** Someone tried to register with an address that has an account: its owner hears of it. */
export const notifySignupAttempt = (
  mailing: ResetMailing,
  to: { name: string; email: string },
): void => {
  void mailing.mailer
    .send(signupAttemptMessage(to, mailing.publicUrl))
    .catch((error: unknown) => mailing.onError(error as Error));
};

const invalidLink = () => badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });

/**
 * Sets a new password from a reset link: the link is used up, every session ends and every API
 * key of the account is revoked (whoever could reset the password could have made them). The
 * link is looked up before the new password is hashed, so that a bogus, used or expired link is
 * refused without costing a hash; it is then used up in the same transaction as the change (one
 * UPDATE, so two requests with one link cannot both use it). Answers whose password it was and
 * the keys revoked.
 */
export const resetPasswordWithLink = async (
  db: Db,
  data: ResetPasswordData,
  where: AuditWhere,
): Promise<{ owner: { name: string; email: string }; revokedKeys: RevokedKey[] }> => {
  const tokenHash = sha256Hex(data.token);
  const candidate = await findUsablePasswordReset(db, tokenHash);
  const candidateRow = candidate ? await findUserById(db, candidate) : undefined;
  if (!candidateRow || refusal(candidateRow)) throw invalidLink();
  await refuseIfSsoOnly(db, candidateRow);
  const passwordHash = await hashPassword(data.password);
  return db.transaction(async (tx) => {
    const userId = await claimPasswordReset(tx, tokenHash);
    const row = userId ? await findUserById(tx, userId) : undefined;
    if (!row || refusal(row)) throw invalidLink();
    await replacePassword(tx, row.id, passwordHash, false);
    await logActivity(tx, {
      organizationId: row.organizationId,
      userId: row.id,
      entityId: row.id,
      type: 'User',
      action: 'password reset by link',
      details: `${row.email} set a new password from a reset link`,
    });
    const revokedKeys = await revokeUserApiKeys(tx, row, row, 'password reset by link');
    await recordAudit(tx, auditWho(where, row), 'password.reset', {
      by: 'link',
      apiKeysRevoked: revokedKeys.length,
    });
    return { owner: { name: row.name, email: row.email }, revokedKeys };
  });
};
