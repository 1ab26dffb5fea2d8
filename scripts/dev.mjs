// `npm run dev`: the server from its TypeScript, restarted when a file it imports changes (tsx
// watch), and Vite's dev server for the web app, which reloads the page on a change and passes
// /api on to the server (packages/web/vite.config.ts, API_PORT). Ctrl-C stops both; when one of
// them ends on its own, the other is stopped too. Each runs in a process group of its own, so a
// stop signal reaches it once, from here: a second SIGINT would make tsx watch kill the server in
// the middle of its orderly stop.
// `node scripts/dev.mjs [server arguments…]`, e.g. `npm run dev -- --demo`.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { repoRoot } from './build-stamp.mjs';
import { legacyDataDir } from './server-entry.mjs';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** A package's command-line script, as the workspace `from` resolves it. */
const binOf = (from, name, bin) => {
  const require = createRequire(join(repoRoot, from, 'package.json'));
  return join(dirname(require.resolve(`${name}/package.json`)), bin);
};

const port = process.env.PORT ?? '3000';
const dataDir = legacyDataDir(process.env);
const env = {
  ...process.env,
  PORT: port,
  API_PORT: port,
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
};

const programs = [
  {
    name: 'server',
    args: [
      binOf('packages/server', 'tsx', 'dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'packages/server/src/main.ts',
      ...process.argv.slice(2),
    ],
    cwd: repoRoot,
  },
  {
    name: 'web',
    args: [binOf('packages/web', 'vite', 'bin/vite.js')],
    cwd: join(repoRoot, 'packages', 'web'),
  },
];

let stopping = false;
let status = 0;
const running = new Set();

const stopAll = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of running) child.kill(signal);
};

for (const { name, args, cwd } of programs) {
  // No terminal input: a process outside the terminal's foreground group must not read it.
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('error', (error) => {
    console.error(`Could not start the ${name}: ${error.message}`);
    status = 1;
    running.delete(child);
    stopAll('SIGTERM');
  });
  child.once('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`The ${name} ended (${signal ?? `exit code ${code}`}): stopping the other.`);
      status = code || 1;
      stopAll('SIGTERM');
    }
    if (running.size === 0) process.exit(status);
  });
}

// Ctrl-C, or a signal from a service manager or `kill`: passed on once; this process waits for
// both to end. Should it end first anyway (an error here), it takes them along.
for (const signal of STOP_SIGNALS) process.on(signal, () => stopAll(signal));
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});
