import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database, Db } from '../db/connection.ts';
import { pgliteExecuteSql } from '../db/connection.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import * as schema from '../db/tables.ts';
import { copyIntoPostgres } from './copy-in.ts';

/** A problem the operator can act on: printed as it is, without a stack trace. */
export class BackupError extends Error {}

/** The product's database as config.ts describes it. */
export type DatabaseTarget = { databaseUrl?: string; dataDir: string };

/** One session on the database, for the backup's snapshot or the restore's transaction. */
export type RawConnection = {
  kind: 'pglite' | 'postgres';
  /** Where the database is, for messages (never a password). */
  label: string;
  query: <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  /** `COPY ... FROM stdin;` with `data`: whole lines of COPY's text format. */
  copyIn: (copyStatement: string, data: string) => Promise<void>;
  /** Runs drizzle's migrations from `folder`, as the product does at start. */
  migrate: (folder: string) => Promise<void>;
  /** This session as the product's Database, for the job queue's own schema set-up. */
  asDatabase: () => Database;
  close: () => Promise<void>;
};

export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const describePostgres = (url: string): string => {
  const parsed = new URL(url);
  return `the PostgreSQL database ${parsed.pathname.slice(1) || '(default)'} at ${parsed.host}`;
};

const openPostgresSession = async (url: string): Promise<RawConnection> => {
  const label = describePostgres(url);
  const client = new pg.Client({ connectionString: url });
  // A connection the server ends mid-way reports through the failing query as well.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const err = error as Error & { code?: string };
    if (err.code === '3D000') {
      throw new BackupError(
        `${capitalize(label)} does not exist: create it first (createdb), then run this again`,
      );
    }
    throw new BackupError(`Cannot connect to ${label}: ${err.message}`);
  }
  return {
    kind: 'postgres',
    label,
    query: async <T>(text: string, values?: unknown[]) =>
      (await client.query(text, values)).rows as T[],
    copyIn: (statement, data) => copyIntoPostgres(client, statement, data),
    migrate: async (folder) => {
      await client.query('SELECT pg_advisory_lock(727274)');
      try {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
      }
    },
    asDatabase: () => ({
      db: drizzlePg(client, { schema }) as unknown as Db,
      kind: 'postgres',
      executeSql: async (text, values) => ({ rows: (await client.query(text, values)).rows }),
      close: async () => undefined,
    }),
    close: () => client.end(),
  };
};

const lockForTool = (dataDir: string, purpose: 'backup' | 'restore'): (() => void) => {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = /\(pid (\d+)\)/.exec(error.message)?.[1];
    throw new BackupError(
      `The embedded database in ${dataDir} is in use by a running Leadline${pid ? ` (pid ${pid})` : ''}. ` +
        `Stop it first, then run the ${purpose} again.`,
    );
  }
};

const openPgliteSession = async (
  dataDir: string,
  purpose: 'backup' | 'restore',
): Promise<RawConnection> => {
  const pgDir = join(dataDir, 'pg');
  if (purpose === 'backup' && !existsSync(pgDir)) {
    throw new BackupError(
      `There is no embedded database in ${resolve(dataDir)} (DATA_DIR): nothing to back up. ` +
        'Set DATA_DIR to the directory Leadline runs with, or DATABASE_URL for a PostgreSQL server.',
    );
  }
  const release = lockForTool(dataDir, purpose);
  let client: PGlite;
  try {
    client = await PGlite.create(pgDir, { extensions: { pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  return {
    kind: 'pglite',
    label: `the embedded database in ${resolve(dataDir)}`,
    query: async <T>(text: string, values?: unknown[]) =>
      (await client.query(text, values)).rows as T[],
    copyIn: async (statement, data) => {
      const fromBlob = statement.replace(/FROM stdin;$/, "FROM '/dev/blob'");
      await client.query(fromBlob, [], { blob: new Blob([data]) });
    },
    migrate: async (folder) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: folder });
    },
    asDatabase: () => ({
      db: drizzlePglite(client, { schema }) as unknown as Db,
      kind: 'pglite',
      executeSql: pgliteExecuteSql(client),
      close: async () => undefined,
    }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
};

/** A session on the database at DATABASE_URL, or on the embedded one in DATA_DIR. */
export const openSession = (
  target: DatabaseTarget,
  purpose: 'backup' | 'restore',
): Promise<RawConnection> =>
  target.databaseUrl
    ? openPostgresSession(target.databaseUrl)
    : openPgliteSession(target.dataDir, purpose);
