import { basename } from 'node:path';
import type { DatabaseTarget, RawConnection } from './connect.ts';
import { openSession } from './connect.ts';
import { dumpDatabase } from './dump.ts';
import { createBackupOutput } from './files.ts';

/** Who the audit log names for a backup: the operator's command, of no organisation. */
export const BACKUP_ACTOR = 'backup command';

/**
 * The audit entry of a backup written (backup.taken), after its snapshot ended; a database of
 * a Leadline older than the audit log has no table for it.
 */
const recordBackup = async (conn: RawConnection, details: Record<string, unknown>) => {
  const [table] = await conn.query<{ name: string | null }>(
    "SELECT to_regclass('public.audit_entries')::text AS name",
  );
  if (!table?.name) return;
  await conn.query(
    "INSERT INTO audit_entries (actor_label, kind, details) VALUES ($1, 'backup.taken', $2::jsonb)",
    [BACKUP_ACTOR, JSON.stringify(details)],
  );
};

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
      await recordBackup(conn, { file: basename(file), ...summary, bytes });
      return { ...summary, bytes, label: conn.label };
    } finally {
      await conn.close();
    }
  } catch (error) {
    await out.abort();
    throw error;
  }
};
