import { isAbsolute, resolve } from 'node:path';
import { readConfig } from '../config.ts';
import type { DatabaseTarget } from './connect.ts';
import { BackupError } from './connect.ts';

/**
 * Runs an operator command (backup, restore) on the database config.ts names: one FILE
 * argument, relative to the directory npm was started in; a clear message and exit code 1 on
 * any problem the operator can fix.
 */
export const runDatabaseCommand = (
  command: 'backup' | 'restore',
  action: (target: DatabaseTarget, file: string) => Promise<string>,
): void => {
  const run = async () => {
    const args = process.argv.slice(2).filter((arg) => arg !== '--');
    if (args.length !== 1 || args[0]!.startsWith('-')) {
      throw new BackupError(
        `Usage: npm run ${command} -- FILE\n` +
          (command === 'backup'
            ? '  Writes a backup of the database (DATABASE_URL, or the embedded one in DATA_DIR) to FILE; gzip when FILE ends in .gz.'
            : '  Loads the backup FILE into the empty database at DATABASE_URL, or into an empty DATA_DIR.'),
      );
    }
    const config = readConfig(process.env);
    // npm runs the script in the server package; the operator named FILE from where they are.
    const from = process.env.INIT_CWD ?? process.cwd();
    const file = isAbsolute(args[0]!) ? args[0]! : resolve(from, args[0]!);
    const dataDir = isAbsolute(config.dataDir) ? config.dataDir : resolve(config.dataDir);
    console.log(await action({ databaseUrl: config.databaseUrl, dataDir }, file));
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      const known =
        error instanceof BackupError ||
        (error instanceof Error && error.message.startsWith('Invalid configuration'));
      if (known) console.error((error as Error).message);
      else console.error(`The ${command} failed:`, error);
      process.exit(1);
    },
  );
};
