import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import type { ClientData } from '@leadline/shared/clients';
import type { LeadData } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { ImportStatus } from '@leadline/shared/imports';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { acquireLease, keepLease } from '../../jobs/lease.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { importBatchRows, refreshAfterImport, yieldToRequests } from '../../db/maintenance.ts';
import { logActivity } from '../activity/log.ts';
import { leadsChanged } from '../leads/changes.ts';
import { chooseOrganization } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import type { ImportKind } from './headers.ts';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import { findImportDetails, saveImportDetails } from './details-repo.ts';
import { failedRow } from './failed-rows.ts';
import { loadOwnImport } from './own-import.ts';
import { planImport } from './mapping.ts';
import { detectType, openSheet, rowRecord } from './read.ts';
import { importRowOptions } from './row-options.ts';
import type { DateOrder } from '@leadline/shared/import-readers';
import type { ImportRowOptions } from '@leadline/shared/import-rows';
import {
  ImportLeaseLost,
  claimImport,
  createImport,
  findImport,
  finishImport,
  importLeaseState,
  insertImportBatch,
  loadImportFile,
  releaseImport,
  renewImportLease,
  setImportTotal,
} from './repo.ts';
import type { ImportBatch, ImportRow } from './repo.ts';
import type { SheetRow } from './rows-source.ts';
import { validateRow } from './rows.ts';
import { importOwners, roundRobinOwners } from './owners.ts';
import type { ROUND_ROBIN_ALL } from './owners.ts';
import type { ImportOwners } from './owners.ts';

export const IMPORT_QUEUE = 'imports';
/** How long a worker's hold on an import lasts without renewal (a dead process's import waits this long). */
export const IMPORT_LEASE_SECONDS = 20;
const BATCH = 2000;
const ERROR_CAP = 1000;

export const NO_ORGANIZATION = chooseOrganization('import leads and clients');

/** Checks the file at once (400 and nothing stored if it is unusable), then queues the job. */
export const startImport = async (
  db: Db,
  queue: JobQueue,
  actor: CurrentUser,
  kind: ImportKind,
  filename: string,
  file: Buffer,
  mapping?: ColumnMapping,
  roundRobin?: readonly string[] | typeof ROUND_ROBIN_ALL,
  dateOrder?: DateOrder,
): Promise<string> => {
  if (!actor.organizationId) throw badRequest(NO_ORGANIZATION);
  const organizationId = actor.organizationId;
  const plan = await planImport(db, organizationId, kind, filename, file, mapping);
  const owners = await roundRobinOwners(db, actor, kind, plan.mapping, roundRobin);
  const importId = await db.transaction(async (tx) => {
    const id = await createImport(tx, { organizationId, userId: actor.id, kind, filename, file });
    await saveImportDetails(tx, id, { ...plan, roundRobin: owners, dateOrder });
    return id;
  });
  await queueImport(queue, importId);
  return importId;
};

/**
 * Queues the job that runs (or resumes) an import. `dedupe`: at most one such job per import
 * per minute (the start-up and periodic sweeps of every process).
 */
export const queueImport = (queue: Pick<JobQueue, 'send'>, importId: string, dedupe = false) =>
  queue.send(
    IMPORT_QUEUE,
    { importId },
    dedupe ? { singletonKey: `resume:${importId}`, singletonSeconds: 60 } : {},
  );

export const importStatus = async (
  db: Db,
  actor: CurrentUser,
  id: string,
): Promise<ImportStatus> => {
  const row = await loadOwnImport(db, actor, id);
  const details = await findImportDetails(db, row.id);
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
    warningCount: details?.warningCount ?? 0,
    warnings: details?.warnings ?? [],
  };
};

/** Read between batches: whether to stop (the process stops, or the lease was lost). */
type Stop = { readonly aborted: boolean };

/** A batch's rows validated with the rules of the forms; `seen` holds the file's emails so far. */
const prepareBatch = (
  job: ImportRow,
  owner: string,
  rows: SheetRow[],
  columns: Map<number, string>,
  seen: Set<string>,
  owners: ImportOwners,
  options: ImportRowOptions,
) => {
  const batch: ImportBatch = {
    roundRobin: owners.roundRobin,
    owner,
    organizationId: job.organizationId,
    userId: job.userId,
    rows: [],
    processed: rows.length,
    duplicates: 0,
    errors: [],
    errorCap: ERROR_CAP,
    warnings: [],
    failedRows: [],
    overflowNotes: [],
  };
  for (const row of rows) {
    const record = rowRecord(row.cells, columns);
    const outcome = owners.check(
      record,
      validateRow<LeadData | ClientData>(job.kind, record, options),
    );
    if (!outcome.ok) {
      batch.errors.push({ row: row.number, message: outcome.message });
      batch.failedRows!.push(failedRow(row));
    } else if (seen.has(outcome.email)) batch.duplicates += 1;
    else {
      seen.add(outcome.email);
      batch.rows.push(outcome.value);
      if (outcome.overflow)
        batch.overflowNotes!.push({ email: outcome.email, text: outcome.overflow });
      for (const message of outcome.warnings) batch.warnings!.push({ row: row.number, message });
    }
  }
  return batch;
};

/**
 * Reads the rows as the file is read and inserts them a batch at a time, up to `inFlight`
 * batches at once (their commits stay in file order), while the next batch is read and
 * checked. Rows a previous run committed (`job.processed`) are only read, to know their
 * emails. When `signal` aborts (the process stops), no further batch starts: the batches under
 * way commit, the rows read after them are left for the next run, and the answer is null.
 */
const importRows = async (
  db: Db,
  job: ImportRow,
  owner: string,
  file: Buffer,
  inFlight: number,
  signal: Stop | undefined,
  details: { mapping?: ColumnMapping; roundRobin?: string[]; dateOrder?: DateOrder },
): Promise<number | null> => {
  const { mapping } = details;
  const owners = await importOwners(db, job, details.roundRobin ?? []);
  const options = await importRowOptions(db, job, file, details);
  const batchRows = importBatchRows(db, BATCH);
  const sheet = await openSheet(
    job.kind,
    file,
    detectType(job.filename, file),
    mapping,
    options.customFields,
  );
  await setImportTotal(db, job.id, sheet.estimatedRows());
  const seen = new Set<string>();
  let read = 0;
  let rows: SheetRow[] = [];
  const running: Promise<void>[] = [];
  let last: Promise<void> = Promise.resolve();
  const flush = async () => {
    const batch = prepareBatch(job, owner, rows, sheet.columns, seen, owners, options);
    rows = [];
    if (running.length >= inFlight) await running.shift();
    // The reading and the inserting alone would keep the event loop to themselves (PGlite runs
    // in this thread): requests, mail connections and a stop signal get their turn between batches.
    await setImmediate();
    // On PGlite the requests under way go first: the batch would hold its one connection.
    await yieldToRequests(db);
    last = insertImportBatch(db, job.id, job.kind, batch, last);
    // Awaited later; handled now so that a failure is never "unhandled" meanwhile.
    last.catch(() => undefined);
    running.push(last);
  };
  let interrupted = false;
  try {
    for await (const row of sheet.rows) {
      if (signal?.aborted) {
        interrupted = true;
        break;
      }
      read += 1;
      if (read <= job.processed) {
        const outcome = validateRow(job.kind, rowRecord(row.cells, sheet.columns), options);
        if (outcome.ok) seen.add(outcome.email);
        continue;
      }
      rows.push(row);
      if (rows.length === batchRows) await flush();
    }
    if (!interrupted && rows.length > 0) await flush();
  } finally {
    await Promise.allSettled(running);
  }
  await last;
  return interrupted ? null : read;
};

/**
 * The job: takes the import's lease (waiting while a killed process's lease lapses; giving up
 * when a live worker holds it), renews it while it runs, and imports the stored file's rows
 * after the last committed batch, `inFlight` batches at a time (1 on PGlite, whose one
 * connection runs one transaction at a time). A file that turns out unreadable ends the
 * import as failed with the reason; a database fault fails the job, which pg-boss retries and
 * which then resumes after the last committed batch. Answers 'interrupted' when `signal`
 * stopped it between two batches (still running: the next job resumes after the last
 * committed batch); 'done' when it ended, or when another worker holds or took over the import.
 */
export const runImport = async (
  db: Db,
  importId: string,
  inFlight = 1,
  signal?: AbortSignal,
  leaseSeconds = IMPORT_LEASE_SECONDS,
): Promise<'done' | 'interrupted'> => {
  const owner = randomUUID();
  const job = await acquireLease({
    claim: () => claimImport(db, importId, owner, leaseSeconds),
    running: async () => (await importLeaseState(db, importId))?.status === 'running',
    leaseSeconds,
    signal,
  });
  if (!job) return signal?.aborted ? 'interrupted' : 'done';
  // Stops between batches when the process stops or when the lease turns out lost.
  let lost = false;
  const stop: Stop = {
    get aborted() {
      return lost || signal?.aborted === true;
    },
  };
  const lease = keepLease(
    () => renewImportLease(db, importId, owner, leaseSeconds),
    leaseSeconds,
    () => (lost = true),
  );
  try {
    return await importHeld(db, job, owner, inFlight, stop, signal);
  } catch (error) {
    if (error instanceof ImportLeaseLost) return 'done';
    throw error;
  } finally {
    lease.stop();
    await releaseImport(db, importId, owner).catch(() => undefined);
  }
};

/** The import, while `owner` holds its lease (see runImport). */
const importHeld = async (
  db: Db,
  job: ImportRow,
  owner: string,
  inFlight: number,
  stop: Stop,
  signal: AbortSignal | undefined,
): Promise<'done' | 'interrupted'> => {
  const importId = job.id;
  if (stop.aborted) return signal?.aborted ? 'interrupted' : 'done';
  const file = await loadImportFile(db, importId);
  if (!file) {
    await finishImport(
      db,
      importId,
      { status: 'failed', message: 'The uploaded file is no longer available' },
      owner,
    );
    return 'done';
  }
  let rows: number | null;
  try {
    const details = await findImportDetails(db, importId);
    rows = await importRows(db, job, owner, file, inFlight, stop, {
      mapping: details?.mapping,
      roundRobin: details?.roundRobin,
      dateOrder: details?.dateOrder,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await finishImport(db, importId, { status: 'failed', message: error.message }, owner);
    return 'done';
  }
  // Stopped between two batches: by the process stopping, or because the lease was lost.
  if (rows === null) return signal?.aborted ? 'interrupted' : 'done';
  await setImportTotal(db, importId, rows);
  const done = (await findImport(db, importId, null))!;
  await db.transaction(async (tx) => {
    if (!(await finishImport(tx, importId, { status: 'completed' }, owner))) return;
    await logActivity(tx, {
      organizationId: job.organizationId,
      userId: job.userId,
      type: job.kind === 'leads' ? 'Lead' : 'Client',
      action: 'imported',
      details: `${done.inserted} ${job.kind} imported from ${job.filename} (${done.duplicates} duplicates, ${done.errorCount} rows with errors)`,
    });
  });
  if (job.kind === 'leads') leadsChanged(db, job.organizationId);
  await refreshAfterImport(db, job.kind);
  return 'done';
};
