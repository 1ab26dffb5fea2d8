import { startJobQueue } from '../jobs/queue.ts';
import { migrationsFolder } from '../db/connection.ts';
import { lastMigration, pgbossVersion, tablesWithData } from './catalog.ts';
import type { DatabaseTarget, RawConnection } from './connect.ts';
import { BackupError, openSession } from './connect.ts';
import { readBackupLines } from './files.ts';
import { FORMAT_VERSION, HEADER_PATTERNS, TITLE } from './format.ts';
import type { BackupHeader } from './format.ts';
import { loadStatements } from './load.ts';
import { knownMigrations, migrationsUpTo } from './migrations.ts';

export type RestoreSummary = {
  tables: number;
  rows: number;
  /** Where it went, for the operator's message. */
  label: string;
  /** The backup's schema migration, and whether later ones ran after loading it. */
  migration: string;
  upgraded: boolean;
};

/** The header's lines, checked before anything touches the target. */
const readHeader = async (lines: AsyncIterator<string>, file: string): Promise<BackupHeader> => {
  const notOurs = new BackupError(
    `${file} is not a Leadline backup (its first line is not "${TITLE}")`,
  );
  const first = await lines.next();
  if (first.done || first.value !== TITLE) throw notOurs;
  const read = async <T>(pattern: RegExp, parse: (m: RegExpExecArray) => T): Promise<T> => {
    const next = await lines.next();
    const match = next.done ? null : pattern.exec(next.value);
    if (!match) throw new BackupError(`${file} is damaged: its header is incomplete`);
    return parse(match);
  };
  const format = await read(HEADER_PATTERNS.format, (m) => Number(m[1]));
  if (format !== FORMAT_VERSION) {
    throw new BackupError(
      `${file} is a backup of format ${format}; this Leadline reads format ${FORMAT_VERSION}. ` +
        'Restore it with the Leadline version that made it.',
    );
  }
  const migration = await read(HEADER_PATTERNS.migration, (m) => ({
    tag: m[1]!,
    when: Number(m[2]),
  }));
  const pgboss = await read(HEADER_PATTERNS.pgboss, (m) => Number(m[1]));
  return { format, migration, pgboss };
};

/** Whether the backup's tables are this Leadline's, an older one's (upgraded after), or newer. */
const checkMigration = (header: BackupHeader, file: string): { upgrade: boolean } => {
  const known = knownMigrations();
  const index = known.findIndex((entry) => entry.when === header.migration.when);
  if (index < 0) {
    throw new BackupError(
      `${file} was made by a newer Leadline (schema migration ${header.migration.tag}, which ` +
        'this one does not know): upgrade Leadline first, then restore it',
    );
  }
  return { upgrade: index < known.length - 1 };
};

/** Refuses a target that holds data, before changing anything in it. */
const checkEmpty = async (conn: RawConnection, header: BackupHeader) => {
  const filled = await tablesWithData(conn);
  if (filled.length > 0) {
    const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? ', …' : '');
    throw new BackupError(
      `Restore refused: the target database is not empty (${conn.label} holds data in ${shown}). ` +
        'Nothing was changed. Restore into an empty database: a new DATA_DIR, or a new ' +
        'PostgreSQL database (createdb) named in DATABASE_URL.',
    );
  }
  const current = await lastMigration(conn);
  if (current !== null && current > header.migration.when) {
    throw new BackupError(
      `Restore refused: ${conn.label} already has the tables of a newer Leadline than the ` +
        `backup (made at schema migration ${header.migration.tag}). Nothing was changed. ` +
        'Restore into a new, empty database.',
    );
  }
};

/** Leadline's tables and pg-boss's schema, made by the code the product runs at start. */
const prepareTables = async (conn: RawConnection, header: BackupHeader, upgrade: boolean) => {
  if (upgrade) {
    const staged = migrationsUpTo(header.migration.when);
    try {
      await conn.migrate(staged.folder);
    } finally {
      staged.remove();
    }
  } else {
    await conn.migrate(migrationsFolder);
  }
  const queue = await startJobQueue(conn.asDatabase(), () => undefined);
  await queue.stop();
  const version = await pgbossVersion(conn);
  if (version !== header.pgboss) {
    throw new BackupError(
      `The backup's job queue tables are pg-boss schema ${header.pgboss}; this Leadline's are ` +
        `schema ${version}. Restore it with the Leadline version that made it.`,
    );
  }
};

/**
 * Loads a backup into an empty database: creates the tables (migrations and pg-boss, as at a
 * start), then loads every row and the sequences in ONE transaction, so a failure leaves the
 * target empty. A backup from an older Leadline is loaded into its own tables and upgraded.
 */
export const restoreDatabase = async (
  target: DatabaseTarget,
  file: string,
): Promise<RestoreSummary> => {
  const lines = readBackupLines(file)[Symbol.asyncIterator]();
  try {
    return await restoreFrom(target, file, lines);
  } finally {
    await lines.return?.();
  }
};

const restoreFrom = async (
  target: DatabaseTarget,
  file: string,
  lines: AsyncIterator<string>,
): Promise<RestoreSummary> => {
  const header = await readHeader(lines, file).catch(rethrowReadError(file));
  const { upgrade } = checkMigration(header, file);
  const conn = await openSession(target, 'restore');
  try {
    await checkEmpty(conn, header);
    await prepareTables(conn, header, upgrade);
    await conn.query('BEGIN');
    let summary;
    try {
      summary = await loadStatements(conn, lines, file, 5).catch(rethrowReadError(file));
      await conn.query('COMMIT');
    } catch (error) {
      await conn.query('ROLLBACK').catch(() => undefined);
      if (!(error instanceof BackupError)) throw error;
      throw new BackupError(`${error.message}\nNothing was restored: ${conn.label} holds no data.`);
    }
    if (upgrade) await conn.migrate(migrationsFolder);
    return { ...summary, label: conn.label, migration: header.migration.tag, upgraded: upgrade };
  } finally {
    await conn.close();
  }
};

/** A gzip or read error in the middle of the file, as the operator needs to hear it. */
const rethrowReadError =
  (file: string) =>
  (error: unknown): never => {
    if (error instanceof BackupError) throw error;
    const err = error as NodeJS.ErrnoException;
    if (err.code?.startsWith('Z_')) {
      throw new BackupError(
        `${file} is damaged: its compressed data is cut short or corrupt (${err.message})`,
      );
    }
    throw error;
  };
