import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dropGolden, utcDay } from './golden.ts';
import type { Golden } from './golden.ts';
import { startServer } from './server.ts';

/**
 * Starts the product twice before any spec, on an empty database and with `--demo`, and keeps
 * what each left behind (data folder, PostgreSQL database) as the goldens the specs' servers
 * start from: a spec's server then skips the migrations, pg-boss's schema and the demo seed
 * (about 5 s of each start on a quiet two-core machine, twice that under the suite's load).
 */
const makeGolden = async (args: string[]): Promise<Golden> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'leadline-e2e-golden-'));
  const madeOn = utcDay();
  const server = await startServer({ args, dataDir, keepDatabase: true });
  await server.stop();
  const databaseName = server.databaseUrl ? new URL(server.databaseUrl).pathname.slice(1) : null;
  return { dataDir, databaseName, madeOn };
};

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const goldens = { plain: await makeGolden([]), demo: await makeGolden(['--demo']) };
  project.provide('goldens', goldens);
  return async () => {
    await dropGolden(goldens.plain, serverUrl);
    await dropGolden(goldens.demo, serverUrl);
  };
}
