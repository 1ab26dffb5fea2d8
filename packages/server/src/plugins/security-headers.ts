import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forwardedProtocol } from '../lib/trust-proxy.ts';
import type { TrustProxy } from '../lib/trust-proxy.ts';

/** Sent only to a browser that reached the product over HTTPS: it then keeps to HTTPS. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const directives = (scriptHashes: readonly string[]): [string, string][] => [
  ['default-src', "'self'"],
  ['script-src', ["'self'", ...scriptHashes].join(' ')],
  ['script-src-attr', "'none'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['frame-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The Content-Security-Policy. `upgrade-insecure-requests` only over HTTPS: over plain HTTP
 * (a LAN name or address) it would send the browser to https:// for every asset, which fails.
 */
export const contentSecurityPolicy = (scriptHashes: readonly string[], secure: boolean) =>
  [
    ...directives(scriptHashes).map(([name, value]) => `${name} ${value}`),
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');

/**
 * The policy of the API's answers (JSON, downloads, attachments): they are never documents that
 * load anything, so nothing is allowed. A route that serves a document sets its own.
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** API answers, except the API's documentation pages (Swagger UI). */
const isApiAnswer = (url: string) =>
  (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
  !url.startsWith('/api/docs');

/** The page policy per build: computed once for each list of script hashes. */
const pagePolicies = new WeakMap<readonly string[], { secure: string; plain: string }>();
const pagePolicy = (scriptHashes: readonly string[], secure: boolean): string => {
  let policies = pagePolicies.get(scriptHashes);
  if (!policies) {
    policies = {
      secure: contentSecurityPolicy(scriptHashes, true),
      plain: contentSecurityPolicy(scriptHashes, false),
    };
    pagePolicies.set(scriptHashes, policies);
  }
  return secure ? policies.secure : policies.plain;
};

export type SecurityHeaderOptions = {
  /** PUBLIC_URL: when it is https, every answer says so whatever the request came over. */
  publicUrl?: string;
  /** The CSP hashes of the inline scripts of the build on disk now. */
  scriptHashes: () => readonly string[];
  /** TRUST_PROXY: with a hop count, X-Forwarded-Proto is read that many proxies from the right. */
  trustProxy?: TrustProxy;
};

/** The protocol the client used: Fastify's answer, or with a hop count our own reading. */
const protocolOf = (request: FastifyRequest, trust: TrustProxy | undefined): string =>
  typeof trust === 'number'
    ? forwardedProtocol(
        request.headers,
        trust,
        (request.raw.socket as { encrypted?: boolean } | null)?.encrypted ? 'https' : 'http',
      )
    : request.protocol;

/**
 * Helmet's headers, with the CSP, HSTS and COOP decided per request: HTTPS means the request came
 * over TLS, or through a trusted proxy that says so (X-Forwarded-Proto, see TRUST_PROXY), or
 * PUBLIC_URL is https.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  options: SecurityHeaderOptions,
) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    // Browsers ignore it on plain HTTP and say so in the console on every page.
    crossOriginOpenerPolicy: false,
  });
  const alwaysHttps = options.publicUrl?.startsWith('https:') ?? false;
  const isSecure = (request: FastifyRequest) =>
    alwaysHttps || protocolOf(request, options.trustProxy) === 'https';
  app.addHook('onRequest', async (request, reply) => {
    const secure = isSecure(request);
    // The build on disk is only read for pages, not for every API call.
    reply.header(
      'content-security-policy',
      isApiAnswer(request.url) ? API_POLICY : pagePolicy(options.scriptHashes(), secure),
    );
    if (!secure) return;
    reply.header('strict-transport-security', HSTS);
    reply.header('cross-origin-opener-policy', 'same-origin');
  });
};
