import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/connection.ts';

declare module 'vitest' {
  // Module augmentation is only possible with interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) each test file's database starts from. */
    pgliteTemplate: string | null;
  }
}

/** Says once which database the suite runs on; on PGlite, migrates one copy for every file. */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  console.log(
    `Database tests run on ${serverUrl ? `PostgreSQL at ${new URL(serverUrl).host}` : 'PGlite (embedded)'}`,
  );
  if (serverUrl) {
    project.provide('pgliteTemplate', null);
    return undefined;
  }
  const folder = mkdtempSync(join(tmpdir(), 'leadline-pglite-template-'));
  const database = await openPglite(null);
  const tarball = await database.dumpDataDir!();
  await database.close();
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
