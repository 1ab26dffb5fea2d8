// The compiled server started as an operator starts it (`node packages/server/dist/main.js`),
// watched closely enough to catch the moment it first answers, so that a burst can be fired
// at a server that has only just started listening.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../e2e/support/server.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type FreshServer = {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawning until /api/health first answered. */
  startMs: number;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts dist/main.js on `dataDir` (PGlite) or `databaseUrl` and polls /api/health every 5 ms
 * until it answers: the burst starts the moment the server listens.
 */
export const startFresh = async (options: {
  dataDir: string;
  databaseUrl?: string;
  args?: string[];
  env?: Record<string, string>;
  /** Node's own options (e.g. --cpu-prof), before the script. */
  nodeArgs?: string[];
}): Promise<FreshServer> => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    REPLY_CHECK_MINUTES: '0',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  let log = '';
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--enable-source-maps',
      'packages/server/dist/main.js',
      ...(options.args ?? []),
    ],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health:\n${log}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    url,
    pid: child.pid!,
    child,
    startMs: performance.now() - started,
    output: () => log,
    stop,
  };
};
