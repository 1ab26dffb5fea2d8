import type { DatabaseTarget } from './connect.ts';
import { openSession } from './connect.ts';
import { dumpDatabase } from './dump.ts';
import { createBackupOutput } from './files.ts';

export type BackupSummary = { tables: number; rows: number; bytes: number; label: string };

/**
 * Writes a backup of the product's database to `file` (gzip when it ends in .gz). The file
 * appears under its name only once complete; a failed backup leaves nothing behind.
 */
export const backupDatabase = async (
  target: DatabaseTarget,
  file: string,
): Promise<BackupSummary> => {
  const out = createBackupOutput(file);
  try {
    const conn = await openSession(target, 'backup');
    try {
      const summary = await dumpDatabase(conn, out);
      const { bytes } = await out.finish();
      return { ...summary, bytes, label: conn.label };
    } finally {
      await conn.close();
    }
  } catch (error) {
    await out.abort();
    throw error;
  }
};
