import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from './db.ts';

describe('database connection', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'survives the server ending its idle connections (restart, failover)',
    async () => {
      const database = await openTestDatabase();
      try {
        await Promise.all([1, 2, 3].map(() => database.executeSql('SELECT pg_sleep(0.05)')));
        const name = new URL(database.url!).pathname.slice(1);
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        const ended = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await admin.end();
        expect(ended.rowCount).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await database.executeSql('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    },
  );

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'keeps the embedded database’s shared buffers small (memory at rest)',
    async () => {
      const database = await openTestDatabase();
      try {
        const { rows } = await database.executeSql('SHOW shared_buffers');
        expect(rows).toEqual([{ shared_buffers: '32MB' }]);
      } finally {
        await database.close();
      }
    },
  );
});
