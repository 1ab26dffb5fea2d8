import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../src/db/connection.ts';
import { openPglite, openPostgres } from '../src/db/connection.ts';
import type { DatabaseTarget } from '../src/backup/connect.ts';

/** A directory of its own for one test file, removed at the end. */
export const makeTempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-backup-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
};

/**
 * A new, EMPTY database as restore expects it: a new PostgreSQL database on the server at
 * TEST_DATABASE_URL (dropped at the end), or else a new embedded directory.
 */
export const emptyTarget = async (
  root: string,
  name: string,
): Promise<{ target: DatabaseTarget; drop: () => Promise<void>; label: string }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { target: { dataDir: join(root, name) }, drop: async () => undefined, label: 'PGlite' };
  }
  const database = `leadline_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return {
    target: { databaseUrl: url.toString(), dataDir: join(root, name) },
    label: 'PostgreSQL',
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // Let closing pools go first (see db.ts): FORCE would otherwise cut them mid-close.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [database],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};

/** Opens a target the way the product does at start (migrations included). */
export const openAsProduct = (target: DatabaseTarget): Promise<Database> =>
  target.databaseUrl ? openPostgres(target.databaseUrl, 2) : openPglite(target.dataDir);

/** Rows of every table of the product, drizzle's journal and pg-boss, by table. */
export const countRows = async (database: Database): Promise<Record<string, number>> => {
  const { rows: tables } = await database.executeSql(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle', 'pgboss') AND c.relkind IN ('r', 'p')
        AND NOT c.relispartition ORDER BY 1`,
    [],
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables as { name: string }[]) {
    const { rows } = await database.executeSql(`SELECT count(*)::int AS n FROM ${name}`, []);
    counts[name] = (rows[0] as { n: number }).n;
  }
  return counts;
};
