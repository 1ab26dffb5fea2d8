import { sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from './connection.ts';
import { requestsDone } from './foreground.ts';

/** The embedded database: one connection, one statement at a time, and no autovacuum. */
export const isEmbedded = (db: Db): boolean => db instanceof PgliteDatabase;

/**
 * Rows an import inserts in one transaction. On PGlite every other request waits while a batch
 * runs, so batches stay small there (a batch of 2,000 leads held it for seconds with its 16
 * indexes); a PostgreSQL server answers other requests on other connections meanwhile.
 */
export const importBatchRows = (db: Db, serverBatch: number): number =>
  isEmbedded(db) ? EMBEDDED_BATCH : serverBatch;

const EMBEDDED_BATCH = 250;

/** How long background work lets requests under way finish before its next step, at most. */
const FAIR_TURN_MS = 1000;

/**
 * Between two steps of background work: on PGlite, the requests under way finish first (up to
 * FAIR_TURN_MS, so the work still moves under a steady stream); on PostgreSQL nothing to wait.
 */
export const yieldToRequests = async (db: Db): Promise<void> => {
  if (isEmbedded(db)) await requestsDone(FAIR_TURN_MS);
};

/**
 * After an import into `table`: PGlite has no autovacuum, so the statistics the planner picks
 * plans by (and the visibility map index-only scans need) would stay those of before the
 * import (measured: one VACUUM ANALYZE made a deep page of the list 16 times faster). A
 * PostgreSQL server's autovacuum does this itself.
 */
export const refreshAfterImport = async (db: Db, table: 'leads' | 'clients'): Promise<void> => {
  if (!isEmbedded(db)) return;
  await yieldToRequests(db);
  // No index clean-up: an import leaves no dead rows to remove from them.
  await db.execute(sql.raw(`VACUUM (ANALYZE, INDEX_CLEANUP OFF) ${table}`));
};
