import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverOutDir } from '../../../scripts/build-server.mjs';
import { inputsHash, isFresh, writeStamp } from '../../../scripts/build-stamp.mjs';
import { legacyDataDir } from '../../../scripts/server-entry.mjs';
import { serverPackageDir } from '../src/lib/package-dir.ts';
import { freePort } from './mail-servers.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-compiled-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('build stamps', () => {
  it('hash the inputs by content: a touch keeps the hash, an edit or a new file changes it', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
    const before = inputsHash([dir]);
    utimesSync(join(dir, 'src', 'a.ts'), new Date(), new Date(Date.now() + 60_000));
    expect(inputsHash([dir])).toBe(before);
    // Outputs and installed packages inside an input folder are not inputs.
    for (const skipped of ['dist', 'node_modules']) {
      mkdirSync(join(dir, skipped));
      writeFileSync(join(dir, skipped, 'x.js'), 'x');
    }
    expect(inputsHash([dir])).toBe(before);
    writeFileSync(join(dir, 'src', 'a.ts'), 'export const a = 2;\n');
    const edited = inputsHash([dir]);
    expect(edited).not.toBe(before);
    writeFileSync(join(dir, 'src', 'b.ts'), '');
    expect(inputsHash([dir])).not.toBe(edited);
  });

  it('call an output fresh only with a matching stamp and every output as it was built', () => {
    const out = tempDir();
    const stamp = join(out, '.build-stamp');
    writeFileSync(join(out, 'main.js'), 'one');
    expect(isFresh(stamp, 'abc', out, ['main.js'])).toBe(false);
    writeStamp(stamp, 'abc', out, ['main.js']);
    expect(isFresh(stamp, 'abc', out, ['main.js'])).toBe(true);
    expect(isFresh(stamp, 'abd', out, ['main.js'])).toBe(false);
    expect(isFresh(stamp, 'abc', out, ['main.js', 'backup.js'])).toBe(false);
    // Built again by other means (e.g. npm run build -w @leadline/web): no longer vouched for.
    writeFileSync(join(out, 'main.js'), 'other');
    expect(isFresh(stamp, 'abc', out, ['main.js'])).toBe(false);
  });
});

describe('paths beside the code', () => {
  it('finds packages/server from the source (the bundle finds it from dist/ the same way)', () => {
    expect(serverPackageDir).toBe(join(root, 'packages', 'server'));
  });

  it('keeps using packages/server/data, where npm start kept it before, when ./data is absent', () => {
    const checkout = tempDir();
    mkdirSync(join(checkout, 'packages', 'server', 'data'), { recursive: true });
    const legacy = join(checkout, 'packages', 'server', 'data');
    expect(legacyDataDir({}, checkout, checkout)).toBe(legacy);
    expect(legacyDataDir({ DATA_DIR: '/srv/leadline' }, checkout, checkout)).toBeUndefined();
    expect(legacyDataDir({}, tmpdir(), checkout)).toBeUndefined();
    mkdirSync(join(checkout, 'data'));
    expect(legacyDataDir({}, checkout, checkout)).toBeUndefined();
  });
});

type Run = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** `node scripts/server-entry.mjs args…` as `npm start` runs it. */
const run = (args: string[], env: Record<string, string>): Run => {
  let log = '';
  const child = spawn(process.execPath, ['scripts/server-entry.mjs', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += String(chunk)));
  child.stderr!.on('data', (chunk) => (log += String(chunk)));
  const exited = once(child, 'exit').then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return { child, output: () => log, exited };
};

const startCompiled = async (dataDir = tempDir()) => {
  const port = await freePort();
  const started = run(['main'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-app'),
    REPLY_CHECK_MINUTES: '0',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`exited early:\n${started.output()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`did not start:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const [serverPid] = readFileSync(
    `/proc/${started.child.pid}/task/${started.child.pid}/children`,
    'utf8',
  )
    .split(' ')
    .filter(Boolean)
    .map(Number);
  return { ...started, url, dataDir, serverPid: serverPid! };
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the compiled server, started as npm start starts it', () => {
  const running: Run[] = [];
  beforeAll(async () => {
    await buildServer({ quiet: true });
  }, 120_000);
  afterAll(() => {
    for (const started of running)
      if (started.child.exitCode === null) started.child.kill('SIGKILL');
  });

  it('runs dist/main.js (migrations found from the bundle) and stops on SIGTERM with status 0', async () => {
    const started = await startCompiled();
    running.push(started);
    const cmdline = readFileSync(`/proc/${started.serverPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain(join(serverOutDir, 'main.js'));
    expect(cmdline.join(' ')).not.toContain('tsx');
    // An empty data directory: answering about the first administrator needs the migrated tables.
    const signin = await fetch(`${started.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-a-password' }),
    });
    expect(signin.status).toBe(401);
    started.child.kill('SIGTERM');
    expect(await started.exited).toEqual({ code: 0, signal: null });
    expect(isRunning(started.serverPid)).toBe(false);
  }, 60_000);

  it('runs the backup and restore programs compiled too', async () => {
    const started = await startCompiled();
    running.push(started);
    started.child.kill('SIGTERM');
    expect((await started.exited).code).toBe(0);
    const file = join(tempDir(), 'leadline.sql.gz');
    const backup = run(['backup', file], { DATA_DIR: started.dataDir });
    expect((await backup.exited).code).toBe(0);
    expect(backup.output()).toContain(`written to ${file}`);
    const target = join(tempDir(), 'restored');
    const restore = run(['restore', file], { DATA_DIR: target });
    expect((await restore.exited).code).toBe(0);
    expect(restore.output()).toContain(`Restored ${file}`);
    // The restored directory is a database the server starts on.
    const again = await startCompiled(target);
    running.push(again);
    again.child.kill('SIGTERM');
    expect((await again.exited).code).toBe(0);
  }, 120_000); // two starts of a fresh embedded database, a backup and a restore

  it('ends the way the server ended', async () => {
    const started = await startCompiled();
    running.push(started);
    process.kill(started.serverPid, 'SIGKILL');
    expect(await started.exited).toEqual({ code: null, signal: 'SIGKILL' });
  }, 60_000);

  it('passes on the server’s own failure, and refuses a program that does not exist', async () => {
    const misconfigured = run(['main'], { PORT: 'not-a-port', DATA_DIR: tempDir() });
    expect((await misconfigured.exited).code).toBe(1);
    expect(misconfigured.output()).toContain('PORT');
    const unknown = run(['seed'], {});
    expect((await unknown.exited).code).toBe(1);
    expect(unknown.output()).toContain('Unknown server program "seed"');
  });
});
