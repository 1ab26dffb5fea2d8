import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase } from '../src/backup/backup-database.ts';
import type { DatabaseTarget } from '../src/backup/connect.ts';
import { openSession } from '../src/backup/connect.ts';
import { knownMigrations, migrationsUpTo } from '../src/backup/migrations.ts';
import { restoreDatabase } from '../src/backup/restore-database.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import { emptyTarget, makeTempDir, openAsProduct } from './backup-support.ts';

// A backup of an older Leadline's database, then the real commands on that database.

const temp = makeTempDir();
const old: DatabaseTarget = { dataDir: join(temp.dir, 'old') };
const previous = knownMigrations().at(-2)!;
let upgraded: Awaited<ReturnType<typeof emptyTarget>>;

// An embedded database as the Leadline before the last migration left it.
beforeAll(async () => {
  const conn = await openSession(old, 'restore');
  const staged = migrationsUpTo(previous.when);
  try {
    await conn.migrate(staged.folder);
    await (await startJobQueue(conn.asDatabase(), () => undefined)).stop();
    await conn.query("INSERT INTO organizations (name) VALUES ('from-an-older-leadline')");
  } finally {
    staged.remove();
    await conn.close();
  }
  upgraded = await emptyTarget(temp.dir, 'upgraded');
}, 120_000);

afterAll(async () => {
  await upgraded?.drop();
  temp.remove();
});

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs `tsx src/<command>.ts FILE` as npm does, from `from` (INIT_CWD) on DATA_DIR. */
const runCli = (command: 'backup' | 'restore', file: string, dataDir: string, from: string) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INIT_CWD: from };
    delete env.DATABASE_URL;
    const child = spawn(
      join(serverDir, '../../node_modules/.bin/tsx'),
      [`src/${command}.ts`, file],
      { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

describe('a backup from an older Leadline', () => {
  it('restores a backup made by an older Leadline, then upgrades it', async () => {
    const file = join(temp.dir, 'old.sql');
    await backupDatabase(old, file);
    expect(readFileSync(file, 'utf8')).toContain(`-- migration: ${previous.tag} ${previous.when}`);
    expect(await restoreDatabase(upgraded.target, file)).toMatchObject({
      migration: previous.tag,
      upgraded: true,
    });
    const database = await openAsProduct(upgraded.target);
    try {
      const { rows } = await database.executeSql(
        `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
                (SELECT name FROM organizations) AS organization`,
        [],
      );
      expect(rows[0]).toEqual({
        migrations: knownMigrations().length,
        organization: 'from-an-older-leadline',
      });
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe('the backup and restore commands', () => {
  it('write a backup of the embedded database, and stop with a message and exit code 1', async () => {
    const made = await runCli('backup', 'cli.sql.gz', old.dataDir, temp.dir);
    expect(made.stderr).toBe('');
    expect(made.stdout).toMatch(
      new RegExp(
        `^Backup of the embedded database in .*old written to .*cli\\.sql\\.gz: \\d+ tables, \\d+ rows`,
      ),
    );
    expect(made.code).toBe(0);
    const text = gunzipSync(readFileSync(join(temp.dir, 'cli.sql.gz'))).toString('utf8');
    expect(text.startsWith('-- Leadline backup\n-- format: 1\n')).toBe(true);
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^-- end of Leadline backup: \d+ tables/);

    // While Leadline runs on the embedded database (this process holds its lock), no backup.
    const release = lockDataDir(old.dataDir);
    try {
      const refused = await runCli('backup', 'locked.sql', old.dataDir, temp.dir);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `is in use by a running Leadline (pid ${process.pid}). Stop it first, then run the backup again.`,
      );
    } finally {
      release();
    }

    writeFileSync(join(temp.dir, 'notes.txt'), 'shopping list\n');
    const foreign = await runCli('restore', 'notes.txt', join(temp.dir, 'cli-target'), temp.dir);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr.trim()).toBe(
      `${join(temp.dir, 'notes.txt')} is not a Leadline backup (its first line is not "-- Leadline backup")`,
    );
  }, 120_000);
});
