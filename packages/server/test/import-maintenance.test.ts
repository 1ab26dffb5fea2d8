import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { rowsOf } from '../src/db/rows.ts';
import { importFileParts } from '../src/db/schema.ts';
import { importBatchRows, isEmbedded } from '../src/db/maintenance.ts';
import {
  deleteImportFileParts,
  loadImportFileParts,
  storeImportFile,
} from '../src/modules/imports/file-parts.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, countLeads } from './fixtures.ts';
import { uploadAndWait } from './upload.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const HEADER = 'Company Name,First Name,Last Name,Email,Source,Status,Notes';
const LEADS = 3000;

describe('an uploaded file', () => {
  it('is stored in parts and read back byte for byte', async () => {
    const db = t.database.db;
    const id = randomUUID();
    const file = randomBytes(1_300_000);
    await storeImportFile(db, id, file);
    const [{ parts } = { parts: -1 }] = await db
      .select({ parts: sql<number>`count(*)::int` })
      .from(importFileParts)
      .where(eq(importFileParts.importId, id));
    expect(parts).toBe(3);
    expect((await loadImportFileParts(db, id))!.equals(file)).toBe(true);
    await deleteImportFileParts(db, id);
    expect(await loadImportFileParts(db, id)).toBeNull();
  });
});

describe('a lead import', () => {
  it('imports in small batches on PGlite, then refreshes statistics, drops the file and shows on the dashboard', async () => {
    const db = t.database.db;
    expect(importBatchRows(db, 2000)).toBe(isEmbedded(db) ? 250 : 2000);
    const admin = await adminOf(t, 'maintained-org');
    const view = async () =>
      (
        (
          await t.request({ method: 'GET', url: '/api/dashboard', token: admin.token })
        ).json() as DashboardResponse
      ).counts.activeLeads;
    expect(await view()).toBe(0);
    const rows = Array.from(
      { length: LEADS },
      (_, i) =>
        `Acme ${i},Ada,Lovelace,ada.${i}@maintained.test,Referral,Hot Lead,${'x'.repeat(300)}`,
    );
    const csv = [HEADER, ...rows].join('\n');
    const result = await uploadAndWait(t, admin.token, '/api/leads/upload', 'leads.csv', csv);
    expect(result).toMatchObject({ status: 'completed', inserted: LEADS });
    expect(await countLeads(db, admin.organizationId)).toBe(LEADS);
    // The file (over a megabyte: three parts) is gone once the import has ended.
    const [{ parts } = { parts: -1 }] = await db
      .select({ parts: sql<number>`count(*)::int` })
      .from(importFileParts);
    expect(parts).toBe(0);
    // The organisation's figures were forgotten: the next view counts the imported leads.
    expect(await view()).toBe(LEADS);
    if (isEmbedded(db)) {
      // PGlite has no autovacuum: the import analysed the table itself.
      const analysed = rowsOf<{ analysed: boolean; tuples: number }>(
        await db.execute(sql`SELECT last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL AS analysed,
          (SELECT reltuples FROM pg_class WHERE relname = 'leads')::int AS tuples
          FROM pg_stat_user_tables WHERE relname = 'leads'`),
      );
      expect(analysed[0]?.tuples).toBeGreaterThanOrEqual(LEADS);
    }
  });
});
