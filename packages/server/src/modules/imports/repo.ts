import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ClientData } from '@leadline/shared/clients';
import { LEAD_FIELDS } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { clients, imports, leads } from '../../db/schema.ts';
import { leadNotes } from '../../db/tables.ts';
import { NOTE_MAX } from '@leadline/shared/interactions';
import type { ImportError, ImportWarning } from '@leadline/shared/imports';
import type { FailedRow } from '../../db/tables/imports.ts';
import { addImportDetails } from './details-repo.ts';
import { deleteImportFileParts, loadImportFileParts, storeImportFile } from './file-parts.ts';
import { recordLeadEventsFor } from '../leads/events.ts';
import type { ImportKind } from './headers.ts';

export type ImportRow = Omit<typeof imports.$inferSelect, 'file' | 'leaseOwner' | 'leaseUntil'>;

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

/**
 * Ends the import and gives up its lease; with `owner`, only while that worker holds it (one
 * that lost its lease leaves the import to the worker that took it over).
 */
export const finishImport = async (
  db: Db,
  id: string,
  outcome: { status: 'completed' | 'failed'; message?: string },
  owner?: string,
): Promise<boolean> => {
  const rows = await db
    .update(imports)
    .set({
      status: outcome.status,
      message: outcome.message ?? null,
      file: null,
      finishedAt: new Date(),
      leaseOwner: null,
      leaseUntil: null,
    })
    .where(and(eq(imports.id, id), owner ? eq(imports.leaseOwner, owner) : undefined))
    .returning({ id: imports.id });
  if (rows.length > 0) await deleteImportFileParts(db, id);
  return rows.length > 0;
};

const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Takes the import for `owner` for `leaseSeconds`: only while it is running and nobody else
 * holds a live lease. Answers the import as the claim found it (its progress is that of the
 * last committed batch, even one that committed while this claim waited for its row).
 */
export const claimImport = async (
  db: Db,
  id: string,
  owner: string,
  leaseSeconds: number,
): Promise<ImportRow | undefined> => {
  const [row] = await db
    .update(imports)
    .set({ leaseOwner: owner, leaseUntil: leaseUntil(leaseSeconds) })
    .where(
      and(
        eq(imports.id, id),
        eq(imports.status, 'running'),
        or(
          isNull(imports.leaseUntil),
          lt(imports.leaseUntil, sql`now()`),
          eq(imports.leaseOwner, owner),
        ),
      ),
    )
    .returning(publicColumns);
  return row;
};

/** The import's status and who holds it. */
export const importLeaseState = async (db: Db, id: string) => {
  const [row] = await db
    .select({
      status: imports.status,
      leaseOwner: imports.leaseOwner,
      leaseUntil: imports.leaseUntil,
    })
    .from(imports)
    .where(eq(imports.id, id));
  return row;
};

/** Extends the lease; false when `owner` no longer holds the import. */
export const renewImportLease = async (
  db: Db,
  id: string,
  owner: string,
  leaseSeconds: number,
): Promise<boolean> => {
  const rows = await db
    .update(imports)
    .set({ leaseUntil: leaseUntil(leaseSeconds) })
    .where(and(eq(imports.id, id), eq(imports.leaseOwner, owner)))
    .returning({ id: imports.id });
  return rows.length > 0;
};

/** Gives up the lease (the import goes on in the next job, or has ended). */
export const releaseImport = async (db: Db, id: string, owner: string): Promise<void> => {
  await db
    .update(imports)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(imports.id, id), eq(imports.leaseOwner, owner)));
};

/**
 * Running imports nobody works on: their lease lapsed (the process died), or they were never
 * taken and are older than `unclaimedSeconds` (their job was lost).
 */
export const findOrphanedImports = async (db: Db, unclaimedSeconds: number): Promise<string[]> => {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.status, 'running'),
        or(
          and(isNotNull(imports.leaseUntil), lt(imports.leaseUntil, sql`now()`)),
          and(
            isNull(imports.leaseUntil),
            lt(imports.createdAt, sql`now() - make_interval(secs => ${unclaimedSeconds})`),
          ),
        ),
      ),
    );
  return rows.map((row) => row.id);
};

/** Every running import (at start-up: those a killed process left behind resume). */
export const findRunningImports = async (db: Db): Promise<string[]> => {
  const rows = await db
    .select({ id: imports.id })
    .from(imports)
    .where(eq(imports.status, 'running'));
  return rows.map((row) => row.id);
};

/** The worker lost the import's lease: another worker runs it now; this batch rolled back. */
export class ImportLeaseLost extends Error {
  constructor() {
    super('Another worker took over this import');
  }
}

export type ImportBatch = {
  /** The worker's lease: the batch commits only while it holds the import. */
  owner?: string;
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
  /** Rows imported with a change (kept like errors), and the cells of the refused rows. */
  warnings?: ImportWarning[];
  failedRows?: FailedRow[];
  /**
   * Leads only: the users the inserted rows go to in turn, continuing from the rows the
   * import inserted before this batch (the file's order; duplicates skipped take no turn).
   */
  roundRobin?: readonly string[];
  /** Leads only: notes past their length, by email, for a note on the inserted lead's history. */
  overflowNotes?: { email: string; text: string }[];
};

/**
 * Gives the batch's inserted leads their round-robin owners: the k-th lead the import inserted
 * (counting from 0, in file order) goes to `owners[k % owners.length]`. `inserted`: the ids and
 * emails the insert returned; `before`: how many the import had inserted before this batch.
 */
const spreadOwners = async (
  db: Db,
  batch: ImportBatch,
  inserted: readonly { id: string; email: string }[],
  before: number,
) => {
  const owners = batch.roundRobin!;
  const order = new Map(batch.rows.map((row, index) => [String(row.personEmail), index]));
  const ids = [...inserted]
    .sort((a, b) => order.get(a.email)! - order.get(b.email)!)
    .map((row) => row.id);
  if (ids.length === 0) return;
  const chosen = ids.map((_, index) => owners[(before + index) % owners.length]!);
  await db.execute(sql`
    UPDATE ${leads} SET ${name(leads.ownerId)} = v.owner
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(chosen)}::uuid[]) AS v(id, owner)
    WHERE ${leads.id} = v.id`);
};

type Target = {
  table: PgTable;
  organizationId: PgColumn;
  createdBy: PgColumn;
  /** Field -> its column (text; `custom`: the JSONB of the custom values). */
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
    columns: Object.fromEntries([
      ...Object.keys(LEAD_FIELDS).map((field) => [field, leads[field as keyof typeof LEAD_FIELDS]]),
      ['ownerId', leads.ownerId],
      ['custom', leads.custom],
    ]),
    conflict: [leads.organizationId, leads.personEmail],
  },
  clients: {
    table: clients,
    organizationId: clients.organizationId,
    createdBy: clients.createdBy,
    columns: Object.fromEntries([
      ...CLIENT_COLUMNS.map((field) => [field, clients[field]]),
      ['custom', clients.custom],
    ]),
    conflict: [clients.organizationId, clients.email],
  },
};

/**
 * The notes that did not fit a lead's Notes field (long notes with the originals an import
 * kept), as notes on the inserted leads' history, by nobody (not counted as anyone's work),
 * cut into pieces a note holds.
 */
const addOverflowNotes = async (
  db: Db,
  batch: ImportBatch,
  inserted: readonly { id: string; email: string }[],
) => {
  if (!batch.overflowNotes?.length) return;
  const ids = new Map(inserted.map((row) => [row.email, row.id]));
  const values = batch.overflowNotes.flatMap(({ email, text }) => {
    const leadId = ids.get(email);
    if (!leadId) return [];
    const pieces: string[] = [];
    const body = `${OVERFLOW_NOTE_TITLE}\n${text}`;
    for (let at = 0; at < body.length; at += NOTE_MAX) pieces.push(body.slice(at, at + NOTE_MAX));
    return pieces.map((piece) => ({
      organizationId: batch.organizationId,
      leadId,
      userId: null,
      kind: 'note' as const,
      body: piece,
    }));
  });
  if (values.length > 0) await db.insert(leadNotes).values(values);
};

/** The first line of a note holding what did not fit a lead's Notes field at import. */
export const OVERFLOW_NOTE_TITLE = 'From the import (the rest of the notes):';

/**
 * One batch in one transaction, so the rows and the progress they make commit together (a job
 * retried after a crash resumes after the last committed batch, inserting nothing twice). The
 * rows go in as one array per column (`unnest`): one parameter each, whatever the batch size,
 * so the statement costs little to build and to parse. Rows whose email the organisation
 * already has are skipped by the unique key and counted as duplicates.
 *
 * With `batch.owner`, the progress is written only while that worker holds the import's lease
 * (in the same transaction): a worker that lost it commits nothing more (ImportLeaseLost), so
 * two workers never both commit a batch of one import.
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
  // A batch without custom values leaves the column to its default ('{}').
  const withCustom = batch.rows.some(
    (row) => row.custom && Object.keys(row.custom as object).length > 0,
  );
  const fields = Object.keys(target.columns).filter((field) => withCustom || field !== 'custom');
  // Each column's values as an array of its own type; a lead without an owner is the
  // importer's; the custom values as JSON text, read as jsonb.
  const arrays = fields.map((field) => {
    const values = batch.rows.map((row) =>
      field === 'ownerId'
        ? (row[field] ?? batch.userId)
        : field === 'custom'
          ? JSON.stringify(row[field] ?? {})
          : row[field],
    );
    return sql`${sql.param(values)}::${sql.raw(target.columns[field]!.getSQLType())}[]`;
  });
  const spread = kind === 'leads' && (batch.roundRobin?.length ?? 0) > 0;
  // Leads: the inserted ids too, for their lead.created events (one read for the batch).
  const withIds = kind === 'leads';
  const insert = sql`
    WITH inserted AS (
      INSERT INTO ${target.table} (${name(target.organizationId)}, ${name(target.createdBy)},
        ${sql.join(
          fields.map((field) => name(target.columns[field]!)),
          sql`, `,
        )})
      SELECT ${batch.organizationId}::uuid, ${batch.userId}::uuid, * FROM unnest(${sql.join(arrays, sql`, `)})
      ON CONFLICT (${sql.join(target.conflict.map(name), sql`, `)}) DO NOTHING
      RETURNING ${withIds ? sql`id, ${name(leads.personEmail)} AS email` : sql`1`}
    )
    ${withIds ? sql`SELECT id, email FROM inserted` : sql`SELECT count(*)::int AS n FROM inserted`}`;
  await db.transaction(async (tx) => {
    // The commit need not wait for the disk: should the server crash, the batch and its
    // progress are lost together and the job inserts them again (measured: ~10 % faster).
    await tx.execute(sql`SET LOCAL synchronous_commit = off`);
    // A lead another import holds uncommitted (while that import waits on this one) would be
    // waited for forever: give up instead; the job is retried and resumes.
    await tx.execute(sql`SET LOCAL lock_timeout = '30s'`);
    const result = await tx.execute(insert);
    const returned = rowsOf<{ n: number; id: string; email: string }>(result);
    const added = withIds ? returned.length : Number(returned[0]?.n ?? 0);
    await after;
    const progress = await tx.execute(sql`
      UPDATE ${imports} SET
        ${name(imports.processed)} = ${imports.processed} + ${batch.processed},
        ${name(imports.inserted)} = ${imports.inserted} + ${added},
        ${name(imports.duplicates)} = ${imports.duplicates} + ${batch.duplicates + batch.rows.length - added},
        ${name(imports.errorCount)} = ${imports.errorCount} + ${batch.errors.length},
        ${name(imports.errors)} = CASE WHEN jsonb_array_length(${imports.errors}) >= ${batch.errorCap}
          THEN ${imports.errors} ELSE ${imports.errors} || ${JSON.stringify(batch.errors)}::jsonb END
      WHERE ${imports.id} = ${importId}
        ${batch.owner ? sql`AND ${imports.leaseOwner} = ${batch.owner}` : sql``}
      RETURNING ${name(imports.inserted)} AS inserted`);
    // Another worker took the import over (this one stalled past its lease): roll back.
    const [counted] = rowsOf<{ inserted: number }>(progress);
    if (!counted) throw new ImportLeaseLost();
    if (spread) await spreadOwners(tx, batch, returned, Number(counted.inserted) - added);
    if (withIds) {
      await addOverflowNotes(tx, batch, returned);
      const ids = returned.map((row) => row.id);
      await recordLeadEventsFor(tx, 'lead.created', batch.userId, batch.organizationId, ids);
    }
    await addImportDetails(tx, importId, {
      warnings: batch.warnings ?? [],
      failedRows: batch.failedRows ?? [],
      cap: batch.errorCap,
    });
  });
};
