import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { copyGoldenDir, goldenFor, onServer, withDatabase } from './golden.ts';
import type { Goldens } from './golden.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  output: () => string;
  stop: () => Promise<void>;
};

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A database of its own on the PostgreSQL server when TEST_DATABASE_URL is set: empty, or a copy
 * of `template` (a golden).
 */
const createServerDatabase = async (
  template?: string | null,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `leadline_e2e_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
};

declare module 'vitest' {
  // Module augmentation is only possible with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** The migrated and the demo-seeded starting points (global-setup.ts). */
    goldens: Goldens;
  }
}

/** The goldens the suite's set-up made (none outside a spec, e.g. in the set-up itself). */
const suiteGoldens = (): Goldens | undefined => {
  try {
    return inject('goldens');
  } catch {
    return undefined;
  }
};

const waitForHealth = async (url: string, child: ChildProcess, output: () => string) => {
  // Generous: a loaded two-core machine has been seen to take over a minute to start.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
};

/** The compiled server, rebuilt first when its sources changed (once per test process). */
let serverBuilt: Promise<boolean> | undefined;
const SERVER_MAIN = 'packages/server/dist/main.js';

/**
 * Starts the real product (built web app + compiled server, as `npm start` runs it) as its own
 * process on loopback.
 */
export const startServer = async (
  options: {
    env?: Record<string, string>;
    args?: string[];
    dataDir?: string;
    /** Keep the PostgreSQL database when stopped (a golden). */
    keepDatabase?: boolean;
    /** PUBLIC_URL set to the server's own address (OAuth redirect URIs, links). */
    ownPublicUrl?: boolean;
  } = {},
): Promise<RunningServer> => {
  await (serverBuilt ??= buildServer({ quiet: true }));
  const port = await freePort();
  // A folder of the caller's own (a restart, a golden being made) starts as it is.
  const golden = options.dataDir
    ? undefined
    : goldenFor(suiteGoldens(), options.args ?? [], options.env ?? {});
  const dataDir =
    options.dataDir ??
    (golden ? copyGoldenDir(golden) : mkdtempSync(join(tmpdir(), 'leadline-e2e-')));
  const database = await createServerDatabase(golden?.databaseName);
  let log = '';
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', SERVER_MAIN, ...(options.args ?? [])],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...(options.ownPublicUrl ? { PUBLIC_URL: url } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const output = () => log;
  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    // Never leave a half-started server (or its database) behind.
    child.kill('SIGKILL');
    await database?.drop().catch(() => undefined);
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    port,
    dataDir,
    databaseUrl: database?.url,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepDatabase) await database?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
