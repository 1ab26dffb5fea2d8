import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import type { Database } from '../src/db/connection.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import type { JobQueue } from '../src/jobs/queue.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { parseTrustProxy } from '../src/lib/trust-proxy.ts';
import { API_POLICY, HSTS } from '../src/plugins/security-headers.ts';
import { openTestDatabase } from './db.ts';

let database: Database;
let queue: JobQueue;
let apps: FastifyInstance[] = [];
let dirs: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  queue = await startJobQueue(database, () => undefined);
});
afterEach(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  apps = [];
  dirs = [];
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

/** The product's app as main.ts builds it, with these settings. */
const appWith = async (settings: Partial<AppDeps> & { TRUST_PROXY?: string } = {}) => {
  const { TRUST_PROXY, ...deps } = settings;
  const trustProxy = parseTrustProxy(TRUST_PROXY);
  if (trustProxy instanceof Error) throw trustProxy;
  const app = await buildApp({
    db: database.db,
    queue,
    tokens: createTokenService('test-secret-test-secret-test-secret-1234'),
    secretKey: 'test-secret-key-for-mail-passwords-0123456789',
    logLevel: 'silent',
    trustProxy,
    ...deps,
  });
  apps.push(app);
  return app;
};

const UPGRADE = 'upgrade-insecure-requests';
const FROM_PROXY_HTTPS = { 'x-forwarded-proto': 'https' };

/** Whether the answer tells the browser to keep to HTTPS (HSTS and the CSP upgrade). */
const httpsOnly = async (app: FastifyInstance, options: Partial<InjectOptions> = {}) => {
  const response = await app.inject({ method: 'GET', url: '/api/health', ...options });
  expect(response.statusCode).toBe(200);
  // API answers carry the empty policy; pages the one that may upgrade to HTTPS.
  expect(response.headers['content-security-policy']).toBe(API_POLICY);
  const page = await app.inject({ method: 'GET', url: '/', ...options });
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  const hsts = response.headers['strict-transport-security'];
  // Both or neither.
  expect(csp.includes(UPGRADE)).toBe(hsts !== undefined);
  if (hsts !== undefined) expect(hsts).toBe(HSTS);
  return hsts !== undefined;
};

describe('HTTPS-only headers', () => {
  it('are not sent over plain HTTP, whatever a client says it came through', async () => {
    const app = await appWith();
    expect(await httpsOnly(app)).toBe(false);
    expect(await httpsOnly(app, { headers: FROM_PROXY_HTTPS })).toBe(false);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('are sent when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const local = await appWith({ TRUST_PROXY: 'loopback' });
    expect(await httpsOnly(local, { headers: FROM_PROXY_HTTPS })).toBe(true);
    expect(await httpsOnly(local)).toBe(false);
    expect(await httpsOnly(local, { headers: { 'x-forwarded-proto': 'http' } })).toBe(false);
    // The same header from a peer that is not the proxy is ignored.
    expect(
      await httpsOnly(local, { headers: FROM_PROXY_HTTPS, remoteAddress: '192.168.1.20' }),
    ).toBe(false);

    const range = await appWith({ TRUST_PROXY: '10.0.0.0/8,192.168.7.1' });
    for (const proxy of ['10.1.2.3', '192.168.7.1']) {
      expect(await httpsOnly(range, { headers: FROM_PROXY_HTTPS, remoteAddress: proxy })).toBe(
        true,
      );
    }
    expect(
      await httpsOnly(range, { headers: FROM_PROXY_HTTPS, remoteAddress: '192.168.7.2' }),
    ).toBe(false);

    const anyone = await appWith({ TRUST_PROXY: 'true' });
    expect(
      await httpsOnly(anyone, { headers: FROM_PROXY_HTTPS, remoteAddress: '203.0.113.9' }),
    ).toBe(true);
  });

  it('are always sent when PUBLIC_URL is https, never because PUBLIC_URL is http', async () => {
    expect(await httpsOnly(await appWith({ publicUrl: 'https://crm.example.com' }))).toBe(true);
    expect(await httpsOnly(await appWith({ publicUrl: 'http://crm.lan:3000' }))).toBe(false);
  });
});

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** A built web app in a temporary directory: pages whose inline script names the build. */
const writeBuild = (dir: string, build: string) => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const script = `window.build='${build}'`;
  const page = (body: string) =>
    `<!doctype html><html><head><script>${script}</script><script type="module" src="/assets/app-${build}.js"></script></head><body>${body}</body></html>`;
  writeFileSync(join(dir, 'index.html'), page('<div id="root"></div>'));
  writeFileSync(join(dir, 'login.html'), page(`<div id="root">sign in ${build}</div>`));
  writeFileSync(join(dir, 'assets', `app-${build}.js`), `console.log('${build}')`);
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return hashOf(script);
};

const tempDist = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'leadline-dist-')), 'dist');
  dirs.push(dir);
  return dir;
};

describe('the web app', () => {
  it('answers HEAD on app routes like GET, without a body', async () => {
    const dist = tempDist();
    writeBuild(dist, 'a1');
    const app = await appWith({ webDist: dist });
    for (const url of ['/', '/leads', '/login', '/leads-table', '/some/client/route?x=1']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(get.body).toContain('<!doctype html>');
      expect(head.statusCode, url).toBe(200);
      expect(head.body, url).toBe('');
      for (const name of ['content-type', 'content-length', 'cache-control', 'etag']) {
        expect(head.headers[name], `${url} ${name}`).toBe(get.headers[name]);
      }
      expect(head.headers['content-security-policy']).toBe(get.headers['content-security-policy']);
    }
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toContain('sign in a1');
    const asset = await app.inject({ method: 'HEAD', url: '/assets/app-a1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('');
    // Not a page: API calls, files that are not there and other methods stay 404.
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['HEAD', '/api/nothing'],
      ['HEAD', '/assets/app-old.js'],
      ['POST', '/leads'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('never lets the pages be cached, and caches hashed assets for a year', async () => {
    const dist = tempDist();
    writeBuild(dist, 'a1');
    const app = await appWith({ webDist: dist });
    const cacheOf = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      return [response.statusCode, response.headers['cache-control']];
    };
    for (const page of ['/', '/leads', '/login', '/index.html', '/login.html']) {
      expect(await cacheOf(page), page).toEqual([200, 'no-store']);
    }
    expect(await cacheOf('/assets/app-a1.js')).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect(await cacheOf('/favicon.svg')).toEqual([200, 'no-cache']);
    // An asset of another build: a 404 the browser does not keep.
    expect(await cacheOf('/assets/app-old.js')).toEqual([404, 'no-store']);
  });

  it('serves a rebuilt web app at once, with the CSP of the new pages, without a restart', async () => {
    const dist = tempDist();
    const app = await appWith({ webDist: dist });
    // Started before the first build: says so.
    const unbuilt = await app.inject({ method: 'GET', url: '/leads' });
    expect(unbuilt.statusCode).toBe(404);
    expect(unbuilt.json().message).toMatch(/not built/);

    const firstHash = writeBuild(dist, 'a1');
    const first = await app.inject({ method: 'GET', url: '/leads' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('/assets/app-a1.js');
    expect(first.headers['content-security-policy']).toContain(firstHash);
    expect((await app.inject({ method: 'GET', url: '/assets/app-a1.js' })).statusCode).toBe(200);

    const secondHash = writeBuild(dist, 'b2');
    const page = await app.inject({ method: 'GET', url: '/leads' });
    expect(page.body).toContain('/assets/app-b2.js');
    expect(page.headers['content-security-policy']).toContain(secondHash);
    expect(page.headers['content-security-policy']).not.toContain(firstHash);
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toContain('sign in b2');
    expect((await app.inject({ method: 'GET', url: '/assets/app-b2.js' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/app-a1.js' })).statusCode).toBe(404);
  });
});
