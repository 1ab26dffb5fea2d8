import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../src/db/lock.ts';
import { readConfig } from '../src/config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('data directory lock', () => {
  it('stops a second holder with a clear message and frees on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    // This process holds it; a live process other than us is simulated by a child's pid.
    const child = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'leadline.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Leadline process/);
    } finally {
      child.kill();
    }
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('replaces a stale lock whose process is gone', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'leadline.lock'), '999999999');
    const release = lockDataDir(dir);
    release();
  });
});

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      demo: false,
      production: false,
    });
  });

  it('requires secrets in production and a well-formed DATABASE_URL', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET and SECRET_KEY are required/,
    );
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ SUPERADMIN_EMAIL: 'a@b.c' })).toThrow(/SUPERADMIN_PASSWORD/);
  });

  it('turns on the demo with --demo or DEMO=1', () => {
    expect(readConfig({}, ['--demo']).demo).toBe(true);
    expect(readConfig({ DEMO: '1' }).demo).toBe(true);
  });
});
