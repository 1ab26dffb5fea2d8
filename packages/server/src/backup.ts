// `npm run backup -- FILE`: a consistent backup of the database in plain SQL (gzip for .gz).
import { backupDatabase } from './backup/backup-database.ts';
import { runDatabaseCommand } from './backup/cli.ts';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

runDatabaseCommand('backup', async (target, file) => {
  const done = await backupDatabase(target, file);
  return `Backup of ${done.label} written to ${file}: ${done.tables} tables, ${done.rows} rows, ${megabytes(done.bytes)}.`;
});
