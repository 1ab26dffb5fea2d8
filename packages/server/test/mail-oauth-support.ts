import { once } from 'node:events';
import type net from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import type { TestContext } from './context.ts';
import { keepMessages } from './mail-servers.ts';
import type { ReceivedMessage } from './mail-servers.ts';

/** The env names of every provider: the real ones cleared, so no test reaches Google or Microsoft. */
const PROVIDER_ENV = [
  'GOOGLE_OAUTH_CLIENT_ID',
  'GOOGLE_OAUTH_CLIENT_SECRET',
  'MICROSOFT_OAUTH_CLIENT_ID',
  'MICROSOFT_OAUTH_CLIENT_SECRET',
  'MICROSOFT_OAUTH_TENANT',
  'MAIL_OAUTH_ISSUER',
  'MAIL_OAUTH_CLIENT_ID',
  'MAIL_OAUTH_CLIENT_SECRET',
  'MAIL_OAUTH_SCOPES',
  'MAIL_OAUTH_NAME',
  'MAIL_OAUTH_SMTP',
  'MAIL_OAUTH_IMAP',
  'MAIL_ALLOW_PRIVATE_HOSTS',
] as const;

export type TestProvider = {
  issuer: string;
  /** The address userinfo answers (the mailbox connected). */
  email: string;
  /** While true, refreshing a token answers 400 invalid_grant (the grant was revoked). */
  revoked: boolean;
  /** expires_in of the next code exchange's and refresh's answers (seconds). */
  codeTokenLife: number;
  refreshTokenLife: number;
  /** Refresh requests answered so far. */
  refreshes: number;
  /** The access tokens handed out; introspection calls only these active (until revoked). */
  issued: Set<string>;
  stop: () => Promise<void>;
};

/**
 * oauth2-mock-server on a loopback port (an OpenID Connect issuer with discovery, PKCE, JWKS),
 * with userinfo answering `email` and refreshes that can be refused; the custom provider's env
 * pointed at it (and at `smtpPort`), every other provider's cleared.
 */
export const startTestProvider = async (smtpPort: number, imapPort = 993) => {
  const saved = Object.fromEntries(PROVIDER_ENV.map((name) => [name, process.env[name]]));
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url!;
  const provider: TestProvider = {
    issuer,
    email: 'rep@oauth.test',
    revoked: false,
    codeTokenLife: 3600,
    refreshTokenLife: 3600,
    refreshes: 0,
    issued: new Set(),
    stop: async () => {
      await server.stop();
      for (const name of PROVIDER_ENV) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
  server.service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: { body: Record<string, string> },
    ) => {
      if (req.body.grant_type === 'refresh_token') {
        provider.refreshes += 1;
        if (provider.revoked) {
          response.statusCode = 400;
          response.body = { error: 'invalid_grant', error_description: 'Token has been revoked' };
          return;
        }
        response.body.expires_in = provider.refreshTokenLife;
      } else response.body.expires_in = provider.codeTokenLife;
      provider.issued.add(String(response.body.access_token));
    },
  );
  // userinfo answers only for a token this provider issued (and not revoked): Leadline reads
  // the address there, and Dovecot's oauth2 passdb asks it (introspection_mode = auth) whether
  // a token is active and whose it is.
  server.service.on(
    'beforeUserinfo',
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: { headers: Record<string, string | undefined> },
    ) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!provider.revoked && provider.issued.has(token))
        response.body = { sub: 'johndoe', email: provider.email, active: true };
      else {
        response.statusCode = 401;
        response.body = { error: 'invalid_token' };
      }
    },
  );
  for (const name of PROVIDER_ENV) delete process.env[name];
  Object.assign(process.env, {
    MAIL_OAUTH_ISSUER: issuer,
    MAIL_OAUTH_CLIENT_ID: 'leadline-test-client',
    MAIL_OAUTH_CLIENT_SECRET: 'leadline-test-client-secret',
    MAIL_OAUTH_NAME: 'Test Mail',
    MAIL_OAUTH_SMTP: `127.0.0.1:${smtpPort}`,
    MAIL_OAUTH_IMAP: `127.0.0.1:${imapPort}`,
    MAIL_ALLOW_PRIVATE_HOSTS: '1',
  });
  return provider;
};

export type XOAuth2SmtpServer = {
  port: number;
  messages: ReceivedMessage[];
  /** The address of every accepted XOAUTH2 login. */
  logins: string[];
  stop: () => Promise<void>;
};

/**
 * smtp-server that takes XOAUTH2 only: the access token must be a JWT the provider signed
 * (checked with its JWKS), unexpired, for the user named.
 */
export const startXOAuth2Smtp = async (issuer: () => string): Promise<XOAuth2SmtpServer> => {
  const messages: ReceivedMessage[] = [];
  const logins: string[] = [];
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['XOAUTH2'],
    onAuth(auth, _session, callback) {
      jwks ??= createRemoteJWKSet(new URL(`${issuer()}/jwks`));
      jwtVerify(auth.accessToken ?? '', jwks, { issuer: issuer() }).then(
        () => {
          logins.push(auth.username ?? '');
          callback(null, { user: auth.username });
        },
        () =>
          callback(null, {
            data: { status: '401', schemes: 'bearer', scope: 'https://mail.test/' },
          }),
      );
    },
    onData: keepMessages(messages),
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as net.AddressInfo;
  return {
    port,
    messages,
    logins,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * The whole Connect flow as a browser makes it: POST start (its cookie kept), the provider's
 * authorization URL followed (it redirects straight back with a code), then the callback.
 * Answers the callback's answer.
 */
export const connectMailbox = async (t: TestContext, token: string) => {
  const start = await t.request({
    method: 'POST',
    url: '/api/email/oauth/start',
    token,
    payload: { provider: 'custom' },
  });
  if (start.statusCode !== 200) throw new Error(`start failed: ${start.body}`);
  const { url } = start.json() as { url: string };
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorize = await fetch(url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  const callback = await t.request({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  return { start: url, back, cookie, callback };
};

/** The message the callback's redirect carries to the settings page. */
export const messageOf = (location: string | string[] | undefined) => {
  const url = new URL(String(location), 'http://x');
  return { oauth: url.searchParams.get('oauth'), message: url.searchParams.get('message') };
};
