import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createTokenService } from '../src/lib/tokens.ts';
import { ROOT_EMAIL, TEST_SECRET_KEY, createTestContext } from './context.ts';
import { openTestDatabase } from './db.ts';
import { callServer, startServerProcess, stopServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * Issue 24: the sign-in limits and the API keys' request counter are kept in the database, so
 * that several processes on one database count together and a restart forgets nothing. The
 * default limits: 5 failed passwords per account in 15 minutes, then delays doubling from 1 s.
 */
const LIMITS = {
  signin: { max: 5, timeWindow: 15 * 60_000 },
  signup: { max: 20, timeWindow: 60 * 60_000 },
};

const ACCOUNT_REFUSED = /^Too many failed sign-ins for this account\. Try again in \d+ seconds?\.$/;

describe('two apps on one database, in one process', () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it("refuses an account's 6th failed password whichever app answers, and after a restart", async () => {
    const t = await createTestContext({ limits: LIMITS });
    const second = async () => {
      const app = await buildApp({
        db: t.database.db,
        queue: t.queue,
        tokens: createTokenService('test-secret-test-secret-test-secret-1234'),
        secretKey: TEST_SECRET_KEY,
        logLevel: 'warn',
        limits: LIMITS,
      });
      apps.push(app);
      return app;
    };
    try {
      let other = await second();
      const wrong = (app: FastifyInstance, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: ROOT_EMAIL, password: `wrong-${i}` },
          remoteAddress: `192.0.2.${i + 1}`,
        });
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await wrong(i % 2 ? other : t.app, i)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      for (const app of [t.app, other]) {
        const refused = await wrong(app, 9);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toMatch(ACCOUNT_REFUSED);
      }
      // "Restart": the second app is gone and a new one starts on the same database. Once the
      // 1 s delay has passed, one more failure is let through and starts a 2 s delay: the
      // count was kept (a fresh count would let the next failure through too).
      await other.close();
      other = await second();
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await wrong(other, 10)).statusCode).toBe(401);
      const after = await wrong(other, 11);
      expect(after.statusCode).toBe(429);
      expect(after.headers['retry-after']).toBe('2');
    } finally {
      await t.close();
    }
  });

  it("holds an API key's requests a minute across both apps", async () => {
    const t = await createTestContext({ apiKeyLimit: { max: 6, timeWindow: 60_000 } });
    try {
      const other = await buildApp({
        db: t.database.db,
        queue: t.queue,
        tokens: createTokenService('test-secret-test-secret-test-secret-1234'),
        secretKey: TEST_SECRET_KEY,
        logLevel: 'warn',
        apiKeyLimit: { max: 6, timeWindow: 60_000 },
      });
      apps.push(other);
      const created = await t.request({
        method: 'POST',
        url: '/api/api-keys',
        token: await t.rootToken(),
        payload: { name: 'Shared count' },
      });
      const { key } = created.json() as { key: string };
      const me = (app: FastifyInstance) =>
        app.inject({
          method: 'GET',
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${key}` },
        });
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await me(i % 2 ? other : t.app)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('real server processes', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  afterAll(async () => {
    for (const server of servers) await stopServerProcess(server, 'SIGTERM');
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const ROOT = { email: 'root@limits.test', password: 'limits-password-123' };
  const start = async (dataDir: string) => {
    const server = await startServerProcess({
      dataDir,
      databaseUrl: database?.url,
      startTimeoutMs: 240_000,
      env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
    });
    servers.push(server);
    return server;
  };
  const wrong = (server: ServerProcess, i: number) =>
    callServer(server, 'POST', '/api/auth/signin', { email: ROOT.email, password: `wrong-${i}` });

  // Two processes need PostgreSQL (PGlite's directory is one process's); without it, the
  // restart is checked on one process.
  it(
    "an account's 6th failed password is refused whichever process answers, and after a restart",
    { timeout: 600_000 },
    async () => {
      database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
      const dirA = mkdtempSync(join(tmpdir(), 'leadline-limits-a-'));
      const dirB = mkdtempSync(join(tmpdir(), 'leadline-limits-b-'));
      dirs.push(dirA, dirB);
      const a = await start(dirA);
      const b = database ? await start(dirB) : a;
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await wrong(i < 3 ? a : b, i)).status);
      expect(codes).toEqual([401, 401, 401, 401, 401]);
      for (const server of [a, b]) {
        const refused = await wrong(server, 9);
        expect(refused.status).toBe(429);
        expect(String(refused.json.message)).toMatch(ACCOUNT_REFUSED);
      }

      // A restart forgets nothing: stopped and started on the same database, the process lets
      // one failure through once the delay has passed, then refuses for the doubled delay.
      expect((await stopServerProcess(a, 'SIGTERM')).code).toBe(0);
      const restarted = await start(dirA);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await wrong(restarted, 10)).status).toBe(401);
      for (const server of database ? [restarted, b] : [restarted]) {
        const refused = await wrong(server, 11);
        expect(refused.status).toBe(429);
        expect(String(refused.json.message)).toMatch(ACCOUNT_REFUSED);
      }
    },
  );
});
