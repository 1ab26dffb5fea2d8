import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { StoredGrant } from '../mail-accounts/stored.ts';
import { oauthFetch } from './http.ts';
import { endpointsOf, providerConfig } from './providers.ts';
import { markReconnect, replaceRefreshToken } from './repo.ts';

/** A token is refreshed this long before it expires, so no send starts with one about to. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** When a provider says nothing of its token's life. */
const DEFAULT_LIFE_SECONDS = 3600;

/** The provider refused the grant (invalid_grant: revoked, expired, a deleted user). */
export class GrantRefused extends Error {}

/** The provider could not give a token now (unreachable, an error of its own): try later. */
export class TokenUnavailable extends Error {}

type Cached = { accessToken: string; expiresAt: number; refreshEncrypted: string };

/** Access tokens in memory only (never stored, never logged), by mailbox id. */
const cache = new Map<string, Cached>();
/** The refresh under way per mailbox: every caller meanwhile waits for the same one. */
const refreshing = new Map<string, Promise<string>>();

/** Called once when a mailbox turns 'reconnect' (its owner is told); set at start. */
let onReconnect: (userId: string) => Promise<void> = async () => undefined;
export const setReconnectNotice = (notice: (userId: string) => Promise<void>): void => {
  onReconnect = notice;
};

/** The mailbox's cached token goes (connected again, disconnected). */
export const forgetAccessToken = (mailboxId: string): void => {
  cache.delete(mailboxId);
};

/** Seeds the cache with the token the code exchange answered. */
export const rememberAccessToken = (
  mailboxId: string,
  refreshEncrypted: string,
  answer: { accessToken: string; expiresIn: number },
): void => {
  cache.set(mailboxId, {
    accessToken: answer.accessToken,
    expiresAt: Date.now() + answer.expiresIn * 1000,
    refreshEncrypted,
  });
};

export const expiresInOf = (body: Record<string, unknown>): number => {
  const value = Number(body.expires_in);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_LIFE_SECONDS;
};

const refresh = async (db: Db, box: SecretBox, grant: StoredGrant): Promise<string> => {
  const config = providerConfig(grant.provider);
  if (!config) throw new TokenUnavailable(`The ${grant.provider} provider is not configured`);
  let refreshToken: string;
  try {
    refreshToken = box.decrypt(grant.refreshEncrypted);
  } catch {
    throw new GrantRefused('The stored grant can no longer be read (the server key changed)');
  }
  const endpoints = await endpointsOf(config).catch((error: Error) => {
    throw new TokenUnavailable(error.message);
  });
  const answer = await oauthFetch(endpoints.token, {
    form: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: config.clientId,
      ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
    },
  }).catch((error: Error) => {
    throw new TokenUnavailable(error.message);
  });
  const accessToken = answer.body.access_token;
  if (answer.status === 200 && typeof accessToken === 'string' && accessToken) {
    let refreshEncrypted = grant.refreshEncrypted;
    const rotated = answer.body.refresh_token;
    if (typeof rotated === 'string' && rotated && rotated !== refreshToken) {
      refreshEncrypted = box.encrypt(rotated);
      await replaceRefreshToken(db, grant.mailboxId, refreshEncrypted);
    }
    rememberAccessToken(grant.mailboxId, refreshEncrypted, {
      accessToken,
      expiresIn: expiresInOf(answer.body),
    });
    return accessToken;
  }
  const error = typeof answer.body.error === 'string' ? answer.body.error : '';
  if (error === 'invalid_grant' || error === 'unauthorized_client') {
    forgetAccessToken(grant.mailboxId);
    const owner = await markReconnect(db, grant.mailboxId);
    if (owner) await onReconnect(owner).catch(() => undefined);
    throw new GrantRefused(`The provider refused the grant (${error})`);
  }
  throw new TokenUnavailable(`The provider answered ${answer.status} ${error}`.trim());
};

/**
 * The mailbox's access token: the cached one while it has more than REFRESH_MARGIN_MS to live
 * (and was got with the grant stored now), else a new one from the provider's token endpoint.
 * One refresh at a time per mailbox: fifty sends at once wait for the same one. A refused
 * grant marks the mailbox 'reconnect' (its owner told once) and throws GrantRefused;
 * TokenUnavailable when the provider cannot answer now.
 */
export const accessTokenOf = (db: Db, box: SecretBox, grant: StoredGrant): Promise<string> => {
  if (grant.status === 'reconnect')
    return Promise.reject(new GrantRefused('The mailbox needs reconnecting'));
  const cached = cache.get(grant.mailboxId);
  if (
    cached &&
    cached.refreshEncrypted === grant.refreshEncrypted &&
    cached.expiresAt - REFRESH_MARGIN_MS > Date.now()
  )
    return Promise.resolve(cached.accessToken);
  const running = refreshing.get(grant.mailboxId);
  if (running) return running;
  const started = refresh(db, box, grant).finally(() => refreshing.delete(grant.mailboxId));
  refreshing.set(grant.mailboxId, started);
  return started;
};
