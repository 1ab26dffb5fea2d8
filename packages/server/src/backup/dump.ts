import { lastMigration, listTables, pgbossVersion, readSequences } from './catalog.ts';
import type { TableInfo } from './catalog.ts';
import type { RawConnection } from './connect.ts';
import { BackupError, capitalize } from './connect.ts';
import type { BackupOutput } from './files.ts';
import {
  COPY_END,
  FORMAT_VERSION,
  REQUEUE_ACTIVE_JOBS,
  SESSION_SETTINGS,
  copyLine,
  copyValue,
  createQueueLine,
  deleteLine,
  headerLines,
  qualified,
  quoteIdent,
  setvalLine,
  settingLine,
  trailerLine,
} from './format.ts';
import { migrationTag } from './migrations.ts';

/** Rows fetched from the cursor at a time: memory stays flat whatever the table's size. */
const FETCH_ROWS = 500;
/** For tables that hold uploaded files (imports), each row may be megabytes. */
const FETCH_FILE_ROWS = 4;

export type DumpSummary = { tables: number; rows: number };

const QUEUE = qualified('pgboss', 'queue');

/** pg-boss's queues, as the calls that create them again (each with its job partition). */
const writeQueues = async (conn: RawConnection, out: BackupOutput) => {
  const queues = await conn.query<{
    name: string;
    policy: string | null;
    retryLimit: number | null;
    retryDelay: number | null;
    retryBackoff: boolean | null;
    expireInSeconds: number | null;
    retentionMinutes: number | null;
    deadLetter: string | null;
  }>(
    `SELECT name, policy, retry_limit AS "retryLimit", retry_delay AS "retryDelay",
            retry_backoff AS "retryBackoff", expire_seconds AS "expireInSeconds",
            retention_minutes AS "retentionMinutes", dead_letter AS "deadLetter"
       FROM pgboss.queue ORDER BY name`,
  );
  // A dead-letter queue is created before the queues that send to it.
  const written = new Set<string>();
  const write = async (queue: (typeof queues)[number], depth = 0): Promise<void> => {
    if (written.has(queue.name) || depth > queues.length) return;
    const target = queues.find((q) => q.name === queue.deadLetter && q.name !== queue.name);
    if (target) await write(target, depth + 1);
    written.add(queue.name);
    const { name, ...options } = queue;
    await out.line(createQueueLine(name, options));
  };
  for (const queue of queues) await write(queue);
};

const writeTable = async (conn: RawConnection, out: BackupOutput, table: TableInfo) => {
  await out.line(copyLine(table.schema, table.name, table.columns));
  // Every value as its type's own text (what COPY writes), so nothing is lost on the way.
  const select = table.columns.map((c, i) => `${quoteIdent(c)}::text AS c${i}`).join(', ');
  await conn.query(
    `DECLARE leadline_backup NO SCROLL CURSOR FOR SELECT ${select} FROM ${qualified(table.schema, table.name)}`,
  );
  let rows = 0;
  const fetchRows = table.holdsFiles ? FETCH_FILE_ROWS : FETCH_ROWS;
  for (;;) {
    const batch = await conn.query<Record<string, string | null>>(
      `FETCH ${fetchRows} FROM leadline_backup`,
    );
    for (const row of batch) {
      await out.line(table.columns.map((_, i) => copyValue(row[`c${i}`] ?? null)).join('\t'));
    }
    rows += batch.length;
    if (batch.length < fetchRows) break;
  }
  await conn.query('CLOSE leadline_backup');
  await out.line(COPY_END);
  await out.line('');
  return rows;
};

/**
 * Writes the whole database from one snapshot: a REPEATABLE READ, READ ONLY transaction (what
 * pg_dump uses), so a server in use gives a consistent backup while the product runs on.
 */
export const dumpDatabase = async (
  conn: RawConnection,
  out: BackupOutput,
  now = new Date(),
): Promise<DumpSummary> => {
  for (const setting of SESSION_SETTINGS) await conn.query(settingLine(setting));
  await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const when = await lastMigration(conn);
    const boss = await pgbossVersion(conn);
    if (when === null || boss === null) {
      throw new BackupError(
        `${capitalize(conn.label)} holds no Leadline data (its tables were never created): nothing to back up`,
      );
    }
    const header = {
      format: FORMAT_VERSION,
      migration: { tag: migrationTag(when), when },
      pgboss: boss,
    };
    for (const line of headerLines(header, conn.label, now)) await out.line(line);
    for (const setting of SESSION_SETTINGS) await out.line(settingLine(setting));
    await out.line('');
    const tables = (await listTables(conn)).filter((t) => qualified(t.schema, t.name) !== QUEUE);
    // The bookkeeping rows that creating the tables wrote are replaced by the backup's own.
    for (const t of tables) if (t.schema !== 'public') await out.line(deleteLine(t.schema, t.name));
    await writeQueues(conn, out);
    await out.line('');
    let rows = 0;
    for (const table of tables) rows += await writeTable(conn, out, table);
    await out.line(REQUEUE_ACTIVE_JOBS);
    for (const s of await readSequences(conn)) {
      await out.line(setvalLine(s.schema, s.name, s.value, s.called));
    }
    await out.line(trailerLine(tables.length, rows));
    return { tables: tables.length, rows };
  } finally {
    await conn.query('ROLLBACK').catch(() => undefined);
  }
};
