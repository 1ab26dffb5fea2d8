import type { ClientData } from '@leadline/shared/clients';
import type { LeadData } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { ImportError, ImportStatus } from '@leadline/shared/imports';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { logActivity } from '../activity/repo.ts';
import type { CurrentUser } from '../users/present.ts';
import { UUID_PATTERN } from '../users/repo.ts';
import type { ImportKind } from './headers.ts';
import { checkUpload, detectType, readSheet, rowRecord } from './read.ts';
import {
  addImportProgress,
  createImport,
  findImport,
  finishImport,
  insertNewClients,
  insertNewLeads,
  loadImportFile,
  setImportTotal,
} from './repo.ts';
import type { ImportRow } from './repo.ts';
import { validateRow } from './rows.ts';

export const IMPORT_QUEUE = 'imports';
const BATCH = 1000;
const ERROR_CAP = 1000;

const NO_ORGANIZATION = 'Choose an organization user to import data';

/** Checks the file at once (400 and nothing stored if it is unusable), then queues the job. */
export const startImport = async (
  db: Db,
  queue: JobQueue,
  actor: CurrentUser,
  kind: ImportKind,
  filename: string,
  file: Buffer,
): Promise<string> => {
  if (!actor.organizationId) throw badRequest(NO_ORGANIZATION);
  checkUpload(kind, filename, file);
  const importId = await createImport(db, {
    organizationId: actor.organizationId,
    userId: actor.id,
    kind,
    filename,
    file,
  });
  await queue.send(IMPORT_QUEUE, { importId }, { singletonKey: importId });
  return importId;
};

export const importStatus = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<ImportStatus> => {
  const row =
    UUID_PATTERN.test(id) && actor.organizationId
      ? await findImport(db, id, actor.organizationId)
      : undefined;
  if (!row) throw notFound('Import not found');
  return {
    importId: row.id,
    kind: row.kind,
    filename: row.filename,
    status: row.status,
    ...(row.message ? { message: row.message } : {}),
    total: row.total,
    processed: row.processed,
    inserted: row.inserted,
    duplicates: row.duplicates,
    errorCount: row.errorCount,
    errors: row.errors,
  };
};

type Batch = { values: Record<string, unknown>[]; duplicates: number; errors: ImportError[] };

/** Validates a slice of rows; `seen` holds the emails met earlier in this file. */
const prepareBatch = (
  job: ImportRow,
  rows: unknown[][],
  start: number,
  columns: Map<number, string>,
  seen: Set<string>,
): Batch => {
  const batch: Batch = { values: [], duplicates: 0, errors: [] };
  rows.forEach((row, offset) => {
    // Spreadsheet row numbers: the header is row 1.
    const rowNumber = start + offset + 2;
    const outcome = validateRow<LeadData | ClientData>(job.kind, rowRecord(row, columns));
    if (!outcome.ok) {
      batch.errors.push({ row: rowNumber, message: outcome.message });
      return;
    }
    if (seen.has(outcome.email)) {
      batch.duplicates += 1;
      return;
    }
    seen.add(outcome.email);
    batch.values.push({
      ...outcome.value,
      organizationId: job.organizationId,
      createdBy: job.userId,
    });
  });
  return batch;
};

/**
 * The job: reads the stored file and inserts its rows a batch at a time. Each batch and its
 * progress are one transaction, so a job retried after a crash resumes where it stopped and
 * inserts nothing twice.
 */
export const runImport = async (db: Db, importId: string): Promise<void> => {
  const job = await findImport(db, importId, null);
  if (!job || job.status !== 'running') return;
  const file = await loadImportFile(db, importId);
  if (!file)
    return finishImport(db, importId, {
      status: 'failed',
      message: 'The uploaded file is no longer available',
    });
  let sheet;
  try {
    sheet = readSheet(job.kind, file, detectType(job.filename, file));
  } catch (error) {
    return finishImport(db, importId, { status: 'failed', message: (error as Error).message });
  }
  await setImportTotal(db, importId, sheet.rows.length);
  // Emails of rows already processed (a resumed job) count as seen.
  const seen = new Set<string>();
  for (let start = 0; start < job.processed; start += 1) {
    const outcome = validateRow(job.kind, rowRecord(sheet.rows[start]!, sheet.columns));
    if (outcome.ok) seen.add(outcome.email);
  }
  for (let start = job.processed; start < sheet.rows.length; start += BATCH) {
    const rows = sheet.rows.slice(start, start + BATCH);
    const batch = prepareBatch(job, rows, start, sheet.columns, seen);
    await db.transaction(async (tx) => {
      const inserted =
        job.kind === 'leads'
          ? await insertNewLeads(tx, batch.values as never)
          : await insertNewClients(tx, batch.values as never);
      await addImportProgress(tx, importId, {
        processed: rows.length,
        inserted,
        duplicates: batch.duplicates + (batch.values.length - inserted),
        errors: batch.errors,
        errorCap: ERROR_CAP,
      });
    });
  }
  const done = (await findImport(db, importId, null))!;
  await db.transaction(async (tx) => {
    await finishImport(tx, importId, { status: 'completed' });
    await logActivity(tx, {
      organizationId: job.organizationId,
      userId: job.userId,
      type: job.kind === 'leads' ? 'Lead' : 'Client',
      action: 'imported',
      details: `${done.inserted} ${job.kind} imported from ${job.filename} (${done.duplicates} duplicates, ${done.errorCount} rows with errors)`,
    });
  });
};
