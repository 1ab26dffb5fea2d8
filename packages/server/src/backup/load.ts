import type { RawConnection } from './connect.ts';
import { BackupError } from './connect.ts';
import { COPY_END, REQUEUE_ACTIVE_JOBS, STATEMENTS } from './format.ts';

/** COPY data sent at a time: large tables stream through in slices of this size. */
const SLICE_BYTES = 4 * 1024 * 1024;
const SLICE_ROWS = 5000;

export type LoadSummary = { tables: number; rows: number };

type Block = { statement: string; table: string; firstLine: number; data: string[]; bytes: number };

const isStatement = (line: string): boolean =>
  line === REQUEUE_ACTIVE_JOBS ||
  STATEMENTS.setting.test(line) ||
  STATEMENTS.delete.test(line) ||
  STATEMENTS.createQueue.test(line) ||
  STATEMENTS.setval.test(line);

/**
 * Runs the body of a backup (after its header) on `conn`, inside the caller's transaction.
 * Only the statements a backup holds are accepted; COPY data goes to the server in slices.
 */
export const loadStatements = async (
  conn: RawConnection,
  lines: AsyncIterator<string>,
  file: string,
  firstLineNumber: number,
): Promise<LoadSummary> => {
  let lineNumber = firstLineNumber - 1;
  let block: Block | null = null;
  let tables = 0;
  let rows = 0;
  let trailer: { tables: number; rows: number } | null = null;

  const flush = async (current: Block) => {
    if (current.data.length === 0) return;
    try {
      await conn.copyIn(current.statement, `${current.data.join('\n')}\n`);
    } catch (error) {
      throw new BackupError(
        `${file} is damaged: its data for ${current.table} (from line ${current.firstLine}) ` +
          `cannot be loaded: ${(error as Error).message}`,
      );
    }
    rows += current.data.length;
    current.data = [];
    current.bytes = 0;
  };

  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    const line = next.value;
    lineNumber += 1;
    if (block) {
      if (line === COPY_END) {
        await flush(block);
        block = null;
        tables += 1;
        continue;
      }
      block.data.push(line);
      block.bytes += line.length + 1;
      if (block.bytes >= SLICE_BYTES || block.data.length >= SLICE_ROWS) await flush(block);
      continue;
    }
    if (trailer && line !== '') {
      throw new BackupError(
        `${file} is damaged: it goes on after its last line (line ${lineNumber})`,
      );
    }
    const end = STATEMENTS.trailer.exec(line);
    if (end) {
      trailer = { tables: Number(end[1]), rows: Number(end[2]) };
      continue;
    }
    if (line === '' || line.startsWith('--')) continue;
    const copy = STATEMENTS.copy.exec(line);
    if (copy) {
      block = { statement: line, table: copy[1]!, firstLine: lineNumber + 1, data: [], bytes: 0 };
      continue;
    }
    if (!isStatement(line)) {
      throw new BackupError(
        `${file} is damaged or not a Leadline backup: line ${lineNumber} is not part of one`,
      );
    }
    await conn.query(line);
  }
  if (!trailer || block) {
    throw new BackupError(
      `${file} is incomplete: it stops at line ${lineNumber} before the end of the backup ` +
        '(was the copy cut short?)',
    );
  }
  if (trailer.tables !== tables || trailer.rows !== rows) {
    throw new BackupError(
      `${file} is damaged: it says ${trailer.tables} tables and ${trailer.rows} rows ` +
        `but holds ${tables} tables and ${rows} rows`,
    );
  }
  return { tables, rows };
};
