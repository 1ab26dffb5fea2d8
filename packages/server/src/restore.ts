// `npm run restore -- FILE`: loads a backup into an empty database (DATABASE_URL or DATA_DIR).
import { runDatabaseCommand } from './backup/cli.ts';
import { restoreDatabase } from './backup/restore-database.ts';

runDatabaseCommand('restore', async (target, file) => {
  const done = await restoreDatabase(target, file);
  return [
    `Restored ${file} into ${done.label}: ${done.tables} tables, ${done.rows} rows` +
      (done.upgraded ? ` (made at schema migration ${done.migration}, upgraded).` : '.'),
    'Start Leadline with the same SECRET_KEY as the installation the backup came from: the',
    'stored mail passwords are encrypted with it (without SECRET_KEY set, it is the file',
    'secret.secret in the old DATA_DIR: copy it into the new DATA_DIR).',
  ].join('\n');
});
