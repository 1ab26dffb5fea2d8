import {
  MAILBOX_CONNECTED,
  MAILBOX_DISCONNECTED,
  MAIL_OAUTH_CALLBACK_PATH,
  MAIL_SETTINGS_PATH,
  OAUTH_NOT_CONFIGURED,
  OAUTH_NO_EMAIL,
  OAUTH_STATE_INVALID,
  providerErrorMessage,
} from '@leadline/shared/mail-oauth';
import type { MailOAuthProvider, OAuthProvidersResponse } from '@leadline/shared/mail-oauth';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { findUserById } from '../users/store.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';
import { oauthFetch } from './http.ts';
import { jwtClaims, newAuthorization, stateHashOf } from './pkce.ts';
import { configuredProviders, endpointsOf, providerConfig } from './providers.ts';
import type { ProviderConfig } from './providers.ts';
import { deleteOAuthMailbox, insertState, saveOAuthMailbox, takeState } from './repo.ts';
import { expiresInOf, forgetAccessToken, rememberAccessToken } from './tokens.ts';

/** A sign-in must come back within this long. */
export const STATE_LIFE_MS = 10 * 60_000;

export const redirectUriOf = (publicUrl: string): string =>
  `${publicUrl}${MAIL_OAUTH_CALLBACK_PATH}`;

/** GET /api/email/oauth */
export const listProviders = (publicUrl: string): OAuthProvidersResponse => ({
  providers: configuredProviders().map(({ provider, name }) => ({ provider, name })),
  redirectUri: redirectUriOf(publicUrl),
});

const unreachable = (config: ProviderConfig, error: unknown) =>
  new HttpError(
    502,
    `${config.name} could not be reached: ${error instanceof Error ? error.message : 'no answer'}`,
  );

/**
 * POST /api/email/oauth/start: the provider's authorization URL (PKCE S256), and the browser
 * nonce the caller's cookie carries; the state is stored hashed with the caller and the
 * verifier sealed, for 10 minutes and one callback.
 */
export const startConnect = async (
  db: Db,
  box: SecretBox,
  actor: CurrentUser,
  provider: MailOAuthProvider,
  publicUrl: string,
): Promise<{ url: string; browser: string }> => {
  const config = providerConfig(provider);
  if (!config) throw badRequest(OAUTH_NOT_CONFIGURED);
  const endpoints = await endpointsOf(config).catch((error: unknown) => {
    throw unreachable(config, error);
  });
  const request = newAuthorization(box, STATE_LIFE_MS);
  await insertState(db, { ...request.stored, userId: actor.id, provider });
  const url = request.url(
    endpoints.authorization,
    { client_id: config.clientId, redirect_uri: redirectUriOf(publicUrl), scope: config.scopes },
    // Google hands out a refresh token only with these.
    provider === 'google' ? { access_type: 'offline', prompt: 'consent' } : {},
  );
  return { url, browser: request.browser };
};

/** Where the callback sends the browser: the mail settings page, saying how it went. */
export const settingsLocation = (ok: boolean, message: string): string =>
  `${MAIL_SETTINGS_PATH}?${new URLSearchParams({ oauth: ok ? 'connected' : 'failed', message })}`;

class ConnectFailed extends Error {}

const stringField = (body: Record<string, unknown>, key: string): string | null => {
  const value = body[key];
  return typeof value === 'string' && value ? value : null;
};

/** The mailbox's address: userinfo's `email`, else the id token's. */
const addressOf = async (
  userinfo: string | null,
  accessToken: string,
  idToken: unknown,
): Promise<string> => {
  let email: unknown;
  if (userinfo) {
    const answer = await oauthFetch(userinfo, { bearer: accessToken }).catch(() => null);
    if (answer?.status === 200) email = answer.body.email;
  }
  if (typeof email !== 'string' || !email) email = jwtClaims(idToken).email;
  if (typeof email !== 'string' || !email.includes('@') || email.length > 320)
    throw new ConnectFailed(OAUTH_NO_EMAIL);
  return email.trim().toLowerCase();
};

export type CallbackQuery = {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
};

/**
 * GET /api/email/oauth/callback: the state taken (once; it must be unexpired and come back to
 * the browser that started it), the code exchanged with the verifier, the address read, the
 * mailbox saved with its refresh token sealed. Answers where to send the browser; `connected`
 * (the user's id) when a mailbox was connected.
 */
export const finishConnect = async (
  db: Db,
  box: SecretBox,
  query: CallbackQuery,
  browser: string | undefined,
  publicUrl: string,
): Promise<{ location: string; connected?: string }> => {
  const taken =
    query.state && browser ? await takeState(db, stateHashOf(query.state, browser)) : undefined;
  if (!taken) return { location: settingsLocation(false, OAUTH_STATE_INVALID) };
  if (query.error)
    return {
      location: settingsLocation(false, providerErrorMessage(query.error, query.error_description)),
    };
  const config = providerConfig(taken.provider);
  const user = await findUserById(db, taken.userId);
  if (!config || !user || user.status !== 'active' || !query.code)
    return {
      location: settingsLocation(false, config ? OAUTH_STATE_INVALID : OAUTH_NOT_CONFIGURED),
    };
  try {
    const endpoints = await endpointsOf(config);
    const answer = await oauthFetch(endpoints.token, {
      form: {
        grant_type: 'authorization_code',
        code: query.code,
        redirect_uri: redirectUriOf(publicUrl),
        client_id: config.clientId,
        ...(config.clientSecret ? { client_secret: config.clientSecret } : {}),
        code_verifier: box.decrypt(taken.verifierEncrypted),
      },
    });
    const accessToken = stringField(answer.body, 'access_token');
    const refreshToken = stringField(answer.body, 'refresh_token');
    if (answer.status !== 200 || !accessToken) {
      const error = stringField(answer.body, 'error') ?? `HTTP ${answer.status}`;
      const description = stringField(answer.body, 'error_description') ?? undefined;
      throw new ConnectFailed(providerErrorMessage(error, description));
    }
    if (!refreshToken)
      throw new ConnectFailed(
        `${config.name} gave no refresh token, so Leadline could not keep the mailbox connected. Remove Leadline's access in your account settings and connect again.`,
      );
    const email = await addressOf(endpoints.userinfo, accessToken, answer.body.id_token);
    const refreshEncrypted = box.encrypt(refreshToken);
    const mailboxId = await db.transaction(async (tx) => {
      const id = await saveOAuthMailbox(tx, user.id, {
        provider: config.provider,
        email,
        refreshEncrypted,
        smtp: config.smtp,
        imap: config.imap,
      });
      await logActivity(tx, {
        organizationId: user.organizationId,
        userId: user.id,
        type: 'Email',
        action: 'mailbox connected',
        details: `${user.name} connected the mailbox ${email} (${config.name})`,
      });
      return id;
    });
    forgetAccessToken(mailboxId);
    rememberAccessToken(mailboxId, refreshEncrypted, {
      accessToken,
      expiresIn: expiresInOf(answer.body),
    });
    return { location: settingsLocation(true, MAILBOX_CONNECTED), connected: user.id };
  } catch (error) {
    const message =
      error instanceof ConnectFailed
        ? error.message
        : `${config.name} could not be reached: ${error instanceof Error ? error.message : 'no answer'}`;
    return { location: settingsLocation(false, message) };
  }
};

/** DELETE /api/email/oauth: the connected mailbox goes (its grant forgotten). */
export const disconnect = async (db: Db, actor: CurrentUser): Promise<{ message: string }> => {
  const mailboxId = await db.transaction(async (tx) => {
    const id = await deleteOAuthMailbox(tx, actor.id);
    if (id)
      await logActivity(tx, {
        organizationId: actor.organizationId,
        userId: actor.id,
        type: 'Email',
        action: 'mailbox disconnected',
        details: `${actor.name} disconnected their mailbox`,
      });
    return id;
  });
  if (!mailboxId) throw notFound('No connected mailbox found');
  forgetAccessToken(mailboxId);
  return { message: MAILBOX_DISCONNECTED };
};

/**
 * The owner's one email when their mailbox turns 'reconnect' (system mail, when the operator
 * set it up): what happened and where to connect it again.
 */
export const reconnectNotice =
  (db: Db, systemMail: { mailer: SystemMailer; publicUrl: string }) =>
  async (userId: string): Promise<void> => {
    const user = await findUserById(db, userId);
    if (!user || user.status !== 'active') return;
    await systemMail.mailer.send({
      to: user.email,
      subject: 'Reconnect your mailbox in Leadline',
      text: [
        `Hello ${user.name},`,
        '',
        'Your mail provider no longer accepts Leadline’s access to your mailbox (the access was',
        'revoked or has expired). Until you connect it again, your emails wait: bulk runs and',
        'campaign steps are paused, nothing is lost or sent twice.',
        '',
        `Connect it again here: ${systemMail.publicUrl}${MAIL_SETTINGS_PATH}`,
      ].join('\n'),
    });
  };
