// Runs one of the server's programs as compiled JavaScript: builds packages/server/dist when its
// sources changed, then runs `node dist/<entry>.js args…` in the foreground. Ctrl-C, SIGTERM and
// SIGHUP are passed on to it and its exit status becomes this process's own, so a service
// manager or a terminal sees the server itself.
// `node scripts/server-entry.mjs <entry> [args…]`, entry one of main, backup, restore.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './build-stamp.mjs';
import { SERVER_ENTRIES, buildServer, serverOutDir } from './build-server.mjs';

const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Before `npm start` ran from the repository root, it ran in packages/server, so the default
 * DATA_DIR (./data) was packages/server/data. A checkout that has only that one keeps using it
 * (returned, with a notice on stderr); otherwise undefined.
 */
export const legacyDataDir = (env, cwd = process.cwd(), root = repoRoot) => {
  if (env.DATA_DIR || resolve(cwd) !== resolve(root)) return undefined;
  const legacy = join(root, 'packages', 'server', 'data');
  if (existsSync(join(root, 'data')) || !existsSync(legacy)) return undefined;
  console.error(
    `Using the data directory ${legacy}, where earlier versions kept it. To keep it with the ` +
      'checkout as ./data, move it there while Leadline is stopped (or set DATA_DIR).',
  );
  return legacy;
};

/** Runs dist/<entry>.js with `args`; resolves never (the process ends with the entry's status). */
export const runServerEntry = async (entry, args) => {
  if (!SERVER_ENTRIES.includes(entry)) {
    throw new Error(`Unknown server program "${entry}": use one of ${SERVER_ENTRIES.join(', ')}.`);
  }
  await buildServer({ quiet: true });
  const file = join(serverOutDir, `${entry}.js`);
  if (!existsSync(file)) {
    throw new Error(`packages/server/src/${entry}.ts does not exist, so there is nothing to run.`);
  }
  const dataDir = legacyDataDir(process.env);
  const env = {
    // Node 22.1 and later keep compiled code here between starts (Node 20 ignores it).
    NODE_COMPILE_CACHE: join(repoRoot, 'node_modules', '.cache', 'leadline-compile-cache'),
    ...process.env,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  const child = spawn(process.execPath, ['--enable-source-maps', file, ...args], {
    stdio: 'inherit',
    env,
  });
  // A terminal's Ctrl-C reaches the whole foreground group, the server too; it stops once
  // however many times it is asked.
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise(() => {
    child.once('error', (error) => {
      console.error(`Could not start ${file}: ${error.message}`);
      process.exit(1);
    });
    child.once('exit', (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      // Ended by a signal: end the same way, so the caller sees what the server saw.
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
};

/** The command line's `<entry> [args…]`, or stops with a message on a build error. */
export const runFromCommandLine = async (entry, args) => {
  try {
    await runServerEntry(entry, args);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error(
      `Usage: node scripts/server-entry.mjs <${SERVER_ENTRIES.join('|')}> [arguments…]`,
    );
    process.exit(1);
  }
  await runFromCommandLine(entry, args);
}
