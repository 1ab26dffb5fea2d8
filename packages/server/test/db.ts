import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../src/db/connection.ts';
import { openPglite, openPostgres } from '../src/db/connection.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a database of its own there, dropped on close.
 */
export const openTestDatabase = async (): Promise<Database & { url?: string }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Migrating a new PGlite costs seconds; the suite's global set-up migrated one copy.
    const template = inject('pgliteTemplate');
    return openPglite(null, template ? { loadDataDir: new Blob([await readFile(template)]) } : {});
  }
  const name = `leadline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool's end() resolves before its connections have closed; dropping WITH (FORCE)
      // while one is still closing terminates it, and the pool reports that as an uncaught
      // error. Wait (up to 5 s) for them to go first.
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const { rows } = await cleanup.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};
