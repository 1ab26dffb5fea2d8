import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { clients, imports, leads } from '../../db/schema.ts';
import type { ImportError } from '@leadline/shared/imports';
import type { ClientSeedRow } from '../clients/repo.ts';
import type { LeadSeedRow } from '../leads/repo.ts';
import type { ImportKind } from './headers.ts';

export type ImportRow = Omit<typeof imports.$inferSelect, 'file'>;

const publicColumns = {
  id: imports.id,
  organizationId: imports.organizationId,
  userId: imports.userId,
  kind: imports.kind,
  filename: imports.filename,
  status: imports.status,
  message: imports.message,
  total: imports.total,
  processed: imports.processed,
  inserted: imports.inserted,
  duplicates: imports.duplicates,
  errorCount: imports.errorCount,
  errors: imports.errors,
  createdAt: imports.createdAt,
  finishedAt: imports.finishedAt,
};

export const createImport = async (
  db: Db,
  values: {
    organizationId: string;
    userId: string;
    kind: ImportKind;
    filename: string;
    file: Buffer;
  },
): Promise<string> => {
  const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
  return row!.id;
};

/** The import, only within its organisation (null: any, for the job). */
export const findImport = async (
  db: Db,
  id: string,
  organizationId: string | null,
): Promise<ImportRow | undefined> => {
  const [row] = await db
    .select(publicColumns)
    .from(imports)
    .where(
      and(
        eq(imports.id, id),
        organizationId ? eq(imports.organizationId, organizationId) : undefined,
      ),
    )
    .limit(1);
  return row;
};

export const loadImportFile = async (db: Db, id: string): Promise<Buffer | null> => {
  const [row] = await db.select({ file: imports.file }).from(imports).where(eq(imports.id, id));
  return row?.file ?? null;
};

export const setImportTotal = async (db: Db, id: string, total: number) => {
  await db.update(imports).set({ total }).where(eq(imports.id, id));
};

/** Adds one batch's outcome; kept in the same transaction as the batch's rows. */
export const addImportProgress = async (
  db: Db,
  id: string,
  batch: {
    processed: number;
    inserted: number;
    duplicates: number;
    errors: ImportError[];
    errorCap: number;
  },
) => {
  await db
    .update(imports)
    .set({
      processed: sql`${imports.processed} + ${batch.processed}`,
      inserted: sql`${imports.inserted} + ${batch.inserted}`,
      duplicates: sql`${imports.duplicates} + ${batch.duplicates}`,
      errorCount: sql`${imports.errorCount} + ${batch.errors.length}`,
      // Only the first `errorCap` errors are kept for the summary; the count is complete.
      errors: sql`CASE WHEN jsonb_array_length(${imports.errors}) >= ${batch.errorCap} THEN ${imports.errors}
        ELSE ${imports.errors} || ${JSON.stringify(batch.errors)}::jsonb END`,
    })
    .where(eq(imports.id, id));
};

export const finishImport = async (
  db: Db,
  id: string,
  outcome: { status: 'completed' | 'failed'; message?: string },
) => {
  await db
    .update(imports)
    .set({
      status: outcome.status,
      message: outcome.message ?? null,
      file: null,
      finishedAt: new Date(),
    })
    .where(eq(imports.id, id));
};

/** Inserts what is new; rows whose email the organisation already has are skipped. */
export const insertNewLeads = async (db: Db, rows: LeadSeedRow[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(leads)
    .values(rows)
    .onConflictDoNothing({ target: [leads.organizationId, leads.personEmail] })
    .returning({ id: leads.id });
  return inserted.length;
};

export const insertNewClients = async (db: Db, rows: ClientSeedRow[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(clients)
    .values(rows)
    .onConflictDoNothing({ target: [clients.organizationId, clients.email] })
    .returning({ id: clients.id });
  return inserted.length;
};
