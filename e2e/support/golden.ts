import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A started-once copy of what a fresh server makes before it answers: the migrated database
 * (and pg-boss's schema), with the demo organisation for `demo`. The browser suite makes both
 * once (global-setup.ts) and each spec's server starts on a copy of one instead of migrating
 * and seeding again: a data folder copy on PGlite, `CREATE DATABASE ... TEMPLATE` on PostgreSQL.
 */
export type Golden = {
  dataDir: string;
  databaseName: string | null;
  /** The UTC day it was made: the demo's dates (meetings today, tasks due) are relative to it. */
  madeOn: string;
};

/** Today's UTC day, as a golden records it. */
export const utcDay = (at = new Date()): string => at.toISOString().slice(0, 10);
export type Goldens = { plain: Golden; demo: Golden };

/** Runs one statement on the PostgreSQL server the suite runs on. */
export const onServer = async (serverUrl: string, sql: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** A database URL with another database name. */
export const withDatabase = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Which golden a start may use: only a start that a fresh server would seed the same way (the
 * demo with no Super Admin of its own, or nothing); anything else starts fresh.
 */
export const goldenFor = (
  goldens: Goldens | undefined,
  args: readonly string[],
  env: Record<string, string>,
): Golden | undefined => {
  if (!goldens) return undefined;
  if (args.length === 0) return goldens.plain;
  const demoOnly = args.length === 1 && args[0] === '--demo';
  // A demo seeded before midnight (UTC) would show yesterday's "today": seed it afresh.
  const fresh = goldens.demo.madeOn === utcDay();
  return demoOnly && fresh && !('SUPERADMIN_EMAIL' in env) ? goldens.demo : undefined;
};

/** A folder of the golden's files (its secrets, and the PGlite database) for one server. */
export const copyGoldenDir = (golden: Golden): string => {
  const dir = mkdtempSync(join(tmpdir(), 'leadline-e2e-'));
  cpSync(golden.dataDir, dir, { recursive: true });
  return dir;
};

/** Removes a golden: its folder, and its database on the PostgreSQL server. */
export const dropGolden = async (golden: Golden, serverUrl: string | undefined) => {
  rmSync(golden.dataDir, { recursive: true, force: true });
  if (golden.databaseName && serverUrl) {
    await onServer(
      serverUrl,
      `ALTER DATABASE ${golden.databaseName} WITH IS_TEMPLATE false ALLOW_CONNECTIONS true`,
    ).catch(() => undefined);
    await onServer(serverUrl, `DROP DATABASE IF EXISTS ${golden.databaseName} WITH (FORCE)`);
  }
};
