import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '../db/connection.ts';

type JournalEntry = { idx: number; when: number; tag: string };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

const readJournal = (): Journal =>
  JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** This Leadline's migrations, oldest first. */
export const knownMigrations = (): JournalEntry[] => readJournal().entries;

/** The migration drizzle recorded with `when`, by its tag (or the bare number if unknown). */
export const migrationTag = (when: number): string =>
  knownMigrations().find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;

/**
 * A copy of the migrations folder that stops at `when`, so an older backup is loaded into the
 * tables it was made from; the migrations after it run once the data is in, as at an upgrade.
 */
export const migrationsUpTo = (when: number): { folder: string; remove: () => void } => {
  const journal = readJournal();
  const folder = mkdtempSync(join(tmpdir(), 'leadline-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const entries = journal.entries.filter((entry) => entry.when <= when);
  for (const entry of entries) {
    copyFileSync(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
};
