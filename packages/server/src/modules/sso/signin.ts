import { randomBytes } from 'node:crypto';
import { defaultPermissions } from '@leadline/shared/permissions';
import { SSO_LANDING_PATH, SSO_TICKET_INVALID } from '@leadline/shared/sso';
import type { SsoErrorCode } from '@leadline/shared/sso';
import type { UserRow } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { badRequest, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { auditWho, recordAudit } from '../audit/record.ts';
import type { AuditWhere } from '../audit/record.ts';
import { isExpired } from '../users/present.ts';
import { findUserByEmail, findUserById, insertUser } from '../users/store.ts';
import { OAuthHttpError, oauthFetch } from '../mail-oauth/http.ts';
import { newAuthorization, randomToken, stateHashOf } from '../mail-oauth/pkce.ts';
import { IdTokenRefused, verifyIdToken } from './id-token.ts';
import type { IdClaims } from './id-token.ts';
import { ProviderError, SSO_HTTP_DEADLINE_MS, discover } from './provider.ts';
import {
  findConfigByDomain,
  findConfigById,
  insertState,
  insertTicket,
  takeState,
  takeTicket,
} from './repo.ts';
import type { SsoConfigRow } from './repo.ts';
import { redirectUriOf } from './service.ts';

/** A sign-in must come back from the provider within this long. */
export const STATE_LIFE_MS = 10 * 60_000;
/** The web page must take the session within this long. */
const TICKET_LIFE_MS = 60_000;

/** A refused single sign-on: its short code for the sign-in page, and what the log says. */
export class SsoFailed extends Error {
  constructor(
    readonly code: SsoErrorCode,
    reason: string,
  ) {
    super(reason);
  }
}

const domainOf = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * GET /api/auth/sso/start: the authorization URL of the provider covering the email's domain
 * (code flow, PKCE S256, random state and nonce kept hashed/sealed for 10 minutes, bound to the
 * configuration and to the browser's cookie `browser`).
 */
export const startSso = async (
  db: Db,
  box: SecretBox,
  email: string,
  publicUrl: string,
): Promise<{ url: string; browser: string }> => {
  const config = await findConfigByDomain(db, domainOf(email));
  if (!config) throw new SsoFailed('none', 'no configuration covers the domain');
  const provider = await discover(config.issuer).catch((error: unknown) => {
    if (error instanceof ProviderError) throw new SsoFailed('unreachable', error.message);
    throw error;
  });
  const request = newAuthorization(box, STATE_LIFE_MS);
  const nonce = randomToken(32);
  await insertState(db, { ...request.stored, configId: config.id, nonce });
  const url = request.url(
    provider.authorizationEndpoint,
    {
      client_id: config.clientId,
      redirect_uri: redirectUriOf(publicUrl),
      scope: 'openid email profile',
    },
    { nonce, login_hint: email },
  );
  return { url, browser: request.browser };
};

/** The code exchanged at the token endpoint (client_secret_basic or _post, with the verifier). */
const exchangeCode = async (
  config: SsoConfigRow,
  box: SecretBox,
  provider: Awaited<ReturnType<typeof discover>>,
  code: string,
  verifier: string,
  publicUrl: string,
): Promise<string> => {
  const secret = box.decrypt(config.clientSecretEncrypted);
  const form: Record<string, string> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUriOf(publicUrl),
    code_verifier: verifier,
    ...(provider.tokenAuth === 'post' ? { client_id: config.clientId, client_secret: secret } : {}),
  };
  const answer = await oauthFetch(provider.tokenEndpoint, {
    form,
    deadlineMs: SSO_HTTP_DEADLINE_MS,
    ...(provider.tokenAuth === 'basic'
      ? { basic: { user: config.clientId, password: secret } }
      : {}),
  }).catch((error: unknown) => {
    if (error instanceof OAuthHttpError) throw new SsoFailed('unreachable', error.message);
    throw error;
  });
  const idToken = answer.body.id_token;
  if (answer.status !== 200 || typeof idToken !== 'string') {
    const error = typeof answer.body.error === 'string' ? answer.body.error.slice(0, 100) : '';
    throw new SsoFailed('provider', `token endpoint answered HTTP ${answer.status} ${error}`);
  }
  return idToken;
};

const ACCOUNT_REFUSALS: Record<string, SsoErrorCode> = {
  pending: 'pending',
  inactive: 'deactivated',
};

/** Why this account may not sign in now (auth's refusal, as a code), or null. */
export const accountRefusal = (row: UserRow): SsoErrorCode | null => {
  if (row.status !== 'active') return ACCOUNT_REFUSALS[row.status] ?? 'disabled';
  if (isExpired(row)) return 'expired';
  return null;
};

const nameOf = (claims: IdClaims, email: string): string => {
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name : parts.join(' ');
  return (name.trim() || email.slice(0, email.indexOf('@'))).slice(0, 100);
};

/** A new user of the configuration's organisation, with its default role's permissions. */
const createJustInTime = async (
  db: Db,
  config: SsoConfigRow,
  email: string,
  claims: IdClaims,
  where: AuditWhere,
): Promise<void> => {
  // A password nobody knows: the account signs in through its provider.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  try {
    await db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        organizationId: config.organizationId,
        name: nameOf(claims, email),
        email,
        passwordHash,
        role: config.defaultRole,
        permissions: defaultPermissions(config.defaultRole),
        status: 'active',
      });
      await logActivity(tx, {
        organizationId: config.organizationId,
        userId: null,
        type: 'User',
        action: 'created',
        details: `${email} joined as ${config.defaultRole} through single sign-on`,
      });
      const person = { id, email, organizationId: config.organizationId };
      await recordAudit(tx, auditWho(where, person), 'user.created', {
        by: 'single sign-on',
        role: config.defaultRole,
      });
    });
  } catch (error) {
    // Two callbacks for the same new email at once: the other one made the account.
    if (!isUniqueViolation(error)) throw error;
  }
};

/**
 * The Leadline user for verified claims: the email must be in one of the configuration's
 * domains; an existing member of its organisation is linked (its email verified by the
 * provider), anyone else refused; a new email becomes a member just in time.
 */
const userFor = async (
  db: Db,
  config: SsoConfigRow,
  claims: IdClaims,
  where: AuditWhere,
): Promise<UserRow> => {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@') || email.length > 254) throw new SsoFailed('domain', 'no email claim');
  if (!config.domains.includes(domainOf(email)))
    throw new SsoFailed('domain', 'email outside the configured domains');
  let row = await findUserByEmail(db, email);
  if (row) {
    if (row.role === 'Super Admin' || row.organizationId !== config.organizationId)
      throw new SsoFailed('organisation', 'existing user of another organisation or Super Admin');
    if (claims.email_verified !== true) throw new SsoFailed('unverified', 'email not verified');
  } else {
    if (claims.email_verified === false) throw new SsoFailed('unverified', 'email not verified');
    await createJustInTime(db, config, email, claims, where);
    row = await findUserByEmail(db, email);
    if (!row || row.organizationId !== config.organizationId)
      throw new SsoFailed('organisation', 'user made elsewhere meanwhile');
  }
  const refused = accountRefusal(row);
  if (refused) throw new SsoFailed(refused, 'account may not sign in');
  return row;
};

export type CallbackQuery = { code?: string; state?: string; error?: string; iss?: string };

/**
 * GET /api/auth/sso/callback: the state taken (once, unexpired, from the browser that started
 * it), the code exchanged, the ID token verified, the user found or made, and a one-time
 * ticket (hashed, 60 s) for the web page. Answers where the browser goes; throws SsoFailed.
 */
export const finishCallback = async (
  db: Db,
  box: SecretBox,
  query: CallbackQuery,
  browser: string | undefined,
  publicUrl: string,
  where: AuditWhere,
): Promise<{ location: string; userId: string }> => {
  const taken =
    query.state && browser ? await takeState(db, stateHashOf(query.state, browser)) : undefined;
  if (!taken) throw new SsoFailed('state', 'unknown, used or expired state');
  if (query.error || !query.code)
    throw new SsoFailed('provider', `provider error ${String(query.error).slice(0, 100)}`);
  const config = await findConfigById(db, taken.configId);
  if (!config) throw new SsoFailed('state', 'configuration removed');
  // RFC 9207: a provider that names itself in the answer must be the one the sign-in went to.
  if (query.iss !== undefined && query.iss !== config.issuer)
    throw new SsoFailed('provider', 'the answer names another issuer');
  const provider = await discover(config.issuer).catch((error: unknown) => {
    if (error instanceof ProviderError) throw new SsoFailed('unreachable', error.message);
    throw error;
  });
  const idToken = await exchangeCode(
    config,
    box,
    provider,
    query.code,
    box.decrypt(taken.verifierEncrypted),
    publicUrl,
  );
  const claims = await verifyIdToken(idToken, provider, {
    clientId: config.clientId,
    nonce: taken.nonce,
  }).catch((error: unknown) => {
    if (error instanceof IdTokenRefused) throw new SsoFailed('token', error.message);
    if (error instanceof ProviderError) throw new SsoFailed('unreachable', error.message);
    throw error;
  });
  const user = await userFor(db, config, claims, where);
  const ticket = randomToken(32);
  await insertTicket(db, {
    ticketHash: sha256Hex(ticket),
    userId: user.id,
    expiresAt: new Date(Date.now() + TICKET_LIFE_MS),
  });
  return {
    location: `${SSO_LANDING_PATH}?${new URLSearchParams({ ticket })}`,
    userId: user.id,
  };
};

/** POST /api/auth/sso/finish: the ticket's user (taken once), still allowed to sign in. */
export const takeTicketUser = async (db: Db, ticket: string): Promise<UserRow> => {
  const userId = await takeTicket(db, sha256Hex(ticket));
  const row = userId ? await findUserById(db, userId) : undefined;
  if (!row) throw badRequest(SSO_TICKET_INVALID);
  return row;
};
