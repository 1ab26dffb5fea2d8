import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './tables.ts';
import { lockDataDir } from './lock.ts';
import { serverPackageDir } from '../lib/package-dir.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw statement (used by the job queue). */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
  /** PostgreSQL only: opens the pool's connections and reads each table's catalog entries once. */
  warm?: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball (a migrated copy to start tests from). */
  dumpDataDir?: () => Promise<Blob>;
};

/** Drizzle's migrations, run at every start (and by restore before it loads a backup). */
export const migrationsFolder = join(serverPackageDir, 'drizzle');

/** Without parameters a statement may hold several commands (pg-boss's schema set-up). */
export const pgliteExecuteSql =
  (client: PGlite): Database['executeSql'] =>
  async (text, values) => {
    if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };

/**
 * PGlite runs each statement on this thread, and hands the next queued statement on as soon as
 * one ends, without a turn of the event loop: under a burst of API reads the server would read
 * no file, accept no connection and send no answer until the whole queue of statements was
 * done. Each statement first lets the event loop take its turn (pending I/O), so pages,
 * scripts and finished answers go out between two statements.
 */
const yieldBeforeEachStatement = (client: PGlite): void => {
  const run = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    await new Promise((resolve) => setImmediate(resolve));
    return run(...args);
  };
};

/**
 * The embedded database's memory: PostgreSQL's 128 MB of shared buffers by default fill as
 * pages are read and stay in the process; the product's working set on an embedded database
 * (a team's leads, not millions) fits in far less, and a page not held here is still in the
 * operating system's file cache.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * PGlite in `dataDir` (or in memory when null), locked against a second process; `loadDataDir`
 * starts it from a dumped directory (the tests' migrated copy) instead of an empty one.
 */
export const openPglite = async (
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> => {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const client = await PGlite.create(dataDir ? join(dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    // No autovacuum here: a trigram index's pending list is merged into the index by the insert
    // that fills it, holding the one connection meanwhile; a small list keeps each merge short.
    await client.exec(`SET gin_pending_list_limit = '256kB'`);
    yieldBeforeEachStatement(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      executeSql: pgliteExecuteSql(client),
      close: async () => {
        await client.close();
        release();
      },
      dumpDataDir: () => client.dumpDataDir('none'),
    };
  } catch (error) {
    release();
    throw error;
  }
};

/** Connections the server keeps open to a PostgreSQL server. */
export const POSTGRES_POOL_SIZE = 10;

export const openPostgres = async (url: string, max = POSTGRES_POOL_SIZE): Promise<Database> => {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (restart, failover, a dropped database) would otherwise
  // be an unhandled error that stops the process; the pool opens a new one on next use.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several processes may start at once: one migrates, the others wait on the advisory lock.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return {
    db,
    kind: 'postgres',
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    warm: () => warmPool(pool, max),
    close: () => pool.end(),
  };
};

/** Plans a read of every table of the product, so the connection has their catalog at hand. */
const TOUCH_EVERY_TABLE = `DO $$ DECLARE t text; BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('SELECT 1 FROM %I LIMIT 0', t);
  END LOOP; END $$`;

/**
 * Before the server listens: every connection of the pool opened (a new PostgreSQL backend
 * each) and its catalog caches filled, so a burst right after a start does not pay for ten
 * connections and their first plans while people wait.
 */
const warmPool = async (pool: pg.Pool, size: number): Promise<void> => {
  const clients = await Promise.all(Array.from({ length: size }, () => pool.connect()));
  try {
    await Promise.all(clients.map((client) => client.query(TOUCH_EVERY_TABLE)));
  } finally {
    for (const client of clients) client.release();
  }
};

export const openDatabase = (config: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
