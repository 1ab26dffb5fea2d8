// A real OpenID Connect provider (oidc-provider) on loopback for the single sign-on tests, its
// development login and consent pages driven like a browser, and a way to replace the next ID
// token its token endpoint answers (a man in the middle re-signing changed claims).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'leadline';
export const OIDC_CLIENT_SECRET = 'leadline-client-secret-0123456789';
const KID = 'test-signing-key';

/** Changes the claims of the ID token the token endpoint answers; `key` signs it (a forgery). */
export type IdTokenTamper = (claims: JWTPayload) => { claims: JWTPayload; forged?: boolean };

export type OidcProvider = {
  issuer: string;
  /** The next token answer's ID token is re-signed with these changes. */
  tamperNextIdToken: (tamper: IdTokenTamper) => void;
  /** Accounts whose email the provider says is not verified. */
  unverified: Set<string>;
  close: () => Promise<void>;
};

type Signer = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const sign = (claims: JWTPayload, key: Signer) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);

/** The JSON a handler ends the answer with, captured so that it can be changed before it goes. */
const capturing = (res: ServerResponse, change: (body: string) => Promise<string>) => {
  const end = res.end.bind(res);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    name.toLowerCase() === 'content-length' ? res : setHeader(name, value);
  res.end = ((chunk?: unknown) => {
    void change(chunk === undefined ? '' : String(chunk)).then((body) => {
      setHeader('content-length', Buffer.byteLength(body));
      end(body);
    });
    return res;
  }) as typeof res.end;
};

/**
 * Starts the provider on 127.0.0.1 (a random port) with one confidential client whose redirect
 * URI is `redirectUri`. Every email is an account (the login is the email; any password).
 */
export const startOidcProvider = async (redirectUris: string[]): Promise<OidcProvider> => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const forger = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(privateKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const unverified = new Set<string>();
  let tamper: IdTokenTamper | undefined;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The ID token carries the claims (Leadline reads no userinfo).
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        email: id,
        email_verified: !unverified.has(id),
        name: `SSO ${id.slice(0, id.indexOf('@'))}`,
      }),
    }),
  });
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const change = tamper;
    if (change && req.method === 'POST' && req.url?.startsWith('/token')) {
      tamper = undefined;
      capturing(res, async (body) => {
        const answer = JSON.parse(body) as { id_token?: string };
        if (!answer.id_token) return body;
        const claims = JSON.parse(
          Buffer.from(answer.id_token.split('.')[1]!, 'base64url').toString('utf8'),
        ) as JWTPayload;
        const changed = change(claims);
        answer.id_token = await sign(changed.claims, changed.forged ? forger : privateKey);
        return JSON.stringify(answer);
      });
    }
    void handle(req, res);
  });
  return {
    issuer,
    tamperNextIdToken: (next) => (tamper = next),
    unverified,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A cookie jar for one host: what Set-Cookie headers left, sent back as a Cookie header. */
export const cookieJar = () => {
  const cookies = new Map<string, string>();
  return {
    take(setCookie: string[] | string | undefined) {
      for (const line of [setCookie ?? []].flat()) {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
};

/**
 * Goes through the provider's pages as a browser would, from its authorization URL: the login
 * form (the login is `email`), then consent; answers the URL the provider redirects back to
 * (Leadline's callback with code and state).
 */
export const signInAtProvider = async (authorizationUrl: string, email: string): Promise<URL> => {
  const jar = cookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const answer = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.take(answer.headers.getSetCookie());
    form = undefined;
    const location = answer.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    const page = await answer.text();
    if (answer.status !== 200) throw new Error(`provider answered ${answer.status}: ${page}`);
    // The development pages: a login form, then a consent form, each posting to the page's URL.
    form = page.includes('name="prompt" value="login"')
      ? { prompt: 'login', login: email, password: 'any' }
      : { prompt: 'consent' };
  }
  throw new Error('the provider did not send the browser back');
};
