// Where the server processes a test starts keep their data, and their clean-up: shared by the
// tests that start, stop and kill real server processes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../src/db/connection.ts';
import { openPglite } from '../src/db/connection.ts';
import { rowsOf } from '../src/db/rows.ts';
import { openTestDatabase } from './db.ts';
import { stopServerProcess } from './server-process.ts';
import type { ServerProcess } from './server-process.ts';

/** A data directory, and with TEST_DATABASE_URL a database of its own on that server. */
export type Store = { dataDir: string; database: (Database & { url?: string }) | undefined };

/**
 * Makes stores under `prefix` and keeps the servers started on them; `cleanUp` stops those
 * servers with `signal`, closes the databases and removes the directories.
 */
export const serverStores = (prefix: string) => {
  const dataDirs: string[] = [];
  const databases: (Database & { url?: string })[] = [];
  const servers: ServerProcess[] = [];
  return {
    newStore: async (): Promise<Store> => {
      const dataDir = mkdtempSync(join(tmpdir(), prefix));
      dataDirs.push(dataDir);
      const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
      if (database) databases.push(database);
      return { dataDir, database };
    },
    track: (server: ServerProcess) => {
      servers.push(server);
      return server;
    },
    cleanUp: async (signal: NodeJS.Signals) => {
      for (const server of servers) await stopServerProcess(server, signal);
      for (const database of databases) await database.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Reads the store's database with the server stopped (PGlite allows one process). */
export const queryStore = async <T>(store: Store, statement: SQL): Promise<T[]> => {
  const db = store.database ?? (await openPglite(store.dataDir));
  try {
    return rowsOf<T>(await db.db.execute(statement));
  } finally {
    if (!store.database) await db.close();
  }
};
