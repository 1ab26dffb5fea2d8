import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ClientData } from '@leadline/shared/clients';
import { LEAD_FIELDS } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { clients, imports, leads } from '../../db/schema.ts';
import type { ImportError } from '@leadline/shared/imports';
import { deleteImportFileParts, loadImportFileParts, storeImportFile } from './file-parts.ts';
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
  // The parts first, the row last: an import exists only once its whole file does.
  const { file, ...row } = values;
  const id = randomUUID();
  await storeImportFile(db, id, file);
  await db.insert(imports).values({ ...row, id });
  return id;
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
  const parts = await loadImportFileParts(db, id);
  if (parts) return parts;
  const [row] = await db.select({ file: imports.file }).from(imports).where(eq(imports.id, id));
  return row?.file ?? null;
};

export const setImportTotal = async (db: Db, id: string, total: number) => {
  await db.update(imports).set({ total }).where(eq(imports.id, id));
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
  await deleteImportFileParts(db, id);
};

export type ImportBatch = {
  organizationId: string;
  userId: string | null;
  /** Validated rows: each holds a value for every one of `columns`' keys. */
  rows: Record<string, unknown>[];
  /** Rows of the batch read (good, bad and duplicates). */
  processed: number;
  /** Rows found to repeat an earlier row of the file. */
  duplicates: number;
  errors: ImportError[];
  /** Only the first this many errors are kept for the summary; the count is complete. */
  errorCap: number;
};

type Target = {
  table: PgTable;
  organizationId: PgColumn;
  createdBy: PgColumn;
  /** Field -> its text column. */
  columns: Record<string, PgColumn>;
  /** The unique (organisation, email) key a duplicate runs into. */
  conflict: PgColumn[];
};

const name = (column: PgColumn) => sql.identifier(column.name);

/** What a validated client row holds (the PIC is derived from the contact). */
const CLIENT_COLUMNS: (keyof ClientData)[] = [
  'companyName',
  'parentCompany',
  'website',
  'email',
  'contact',
  'pic',
  'companyCategory',
  'fullAddress',
];

const TARGETS: Record<ImportKind, Target> = {
  leads: {
    table: leads,
    organizationId: leads.organizationId,
    createdBy: leads.createdBy,
    columns: Object.fromEntries(
      Object.keys(LEAD_FIELDS).map((field) => [field, leads[field as keyof typeof LEAD_FIELDS]]),
    ),
    conflict: [leads.organizationId, leads.personEmail],
  },
  clients: {
    table: clients,
    organizationId: clients.organizationId,
    createdBy: clients.createdBy,
    columns: Object.fromEntries(CLIENT_COLUMNS.map((field) => [field, clients[field]])),
    conflict: [clients.organizationId, clients.email],
  },
};

/**
 * One batch in one transaction, so the rows and the progress they make commit together (a job
 * retried after a crash resumes after the last committed batch, inserting nothing twice). The
 * rows go in as one array per column (`unnest`): one parameter each, whatever the batch size,
 * so the statement costs little to build and to parse. Rows whose email the organisation
 * already has are skipped by the unique key and counted as duplicates.
 *
 * Several batches may insert at once (PostgreSQL then maintains the indexes on several
 * cores), but each records its progress and commits only once `after` (the previous batch)
 * has committed: `processed` always counts a prefix of the file, and a failed batch rolls
 * back every batch after it.
 */
export const insertImportBatch = async (
  db: Db,
  importId: string,
  kind: ImportKind,
  batch: ImportBatch,
  after: Promise<void> = Promise.resolve(),
): Promise<void> => {
  const target = TARGETS[kind];
  const fields = Object.keys(target.columns);
  const arrays = fields.map(
    (field) => sql`${sql.param(batch.rows.map((row) => row[field]))}::text[]`,
  );
  const insert = sql`
    WITH inserted AS (
      INSERT INTO ${target.table} (${name(target.organizationId)}, ${name(target.createdBy)},
        ${sql.join(
          fields.map((field) => name(target.columns[field]!)),
          sql`, `,
        )})
      SELECT ${batch.organizationId}::uuid, ${batch.userId}::uuid, * FROM unnest(${sql.join(arrays, sql`, `)})
      ON CONFLICT (${sql.join(target.conflict.map(name), sql`, `)}) DO NOTHING
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM inserted`;
  await db.transaction(async (tx) => {
    // The commit need not wait for the disk: should the server crash, the batch and its
    // progress are lost together and the job inserts them again (measured: ~10 % faster).
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // A lead another import holds uncommitted (while that import waits on this one) would be
    // waited for forever: give up instead; the job is retried and resumes.
    await tx.execute(sql`SET LOCAL lock_timeout = '30s'`);
    const result = await tx.execute<{ n: number }>(insert);
    const added = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    await after;
    await tx.execute(sql`
      UPDATE ${imports} SET
        ${name(imports.processed)} = ${imports.processed} + ${batch.processed},
        ${name(imports.inserted)} = ${imports.inserted} + ${added},
        ${name(imports.duplicates)} = ${imports.duplicates} + ${batch.duplicates + batch.rows.length - added},
        ${name(imports.errorCount)} = ${imports.errorCount} + ${batch.errors.length},
        ${name(imports.errors)} = CASE WHEN jsonb_array_length(${imports.errors}) >= ${batch.errorCap}
          THEN ${imports.errors} ELSE ${imports.errors} || ${JSON.stringify(batch.errors)}::jsonb END
      WHERE ${imports.id} = ${importId}`);
  });
};
