import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { imports } from '../src/db/schema.ts';
import {
  ImportLeaseLost,
  claimImport,
  createImport,
  findImport,
  findOrphanedImports,
  insertImportBatch,
} from '../src/modules/imports/repo.ts';
import { validateRow } from '../src/modules/imports/rows.ts';
import { runImport } from '../src/modules/imports/service.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, countLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

/**
 * An import's lease: two workers never run one import at once (the second waits, then finds
 * it done), a worker whose lease was taken over commits nothing more, and an import whose
 * worker died is taken over once its lease has lapsed. crash-resume.test.ts does it with a
 * real process killed with SIGKILL.
 */
let t: TestContext;
let acme: OrganisationAdmin;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-import-lease');
});
afterAll(async () => {
  await t?.close();
});

const csvImport = async (prefix: string, rows: number) =>
  createImport(t.database.db, {
    organizationId: acme.organizationId,
    userId: acme.user._id,
    kind: 'leads',
    filename: `${prefix}.csv`,
    file: Buffer.from(
      [
        'Company Name,First Name,Last Name,Email,Source',
        ...Array.from(
          { length: rows },
          (_, i) => `${prefix},F${i},L${i},${prefix}-${i}@lease.test,Referral`,
        ),
      ].join('\n'),
    ),
  });

describe('an import lease', () => {
  it('lets one of two workers run an import; the other waits and finds it done', async () => {
    const ROWS = 5000;
    const importId = await csvImport('twice', ROWS);
    const before = await countLeads(t.database.db, acme.organizationId);
    const answers = await Promise.all([
      runImport(t.database.db, importId, 1, undefined, 5),
      runImport(t.database.db, importId, 1, undefined, 5),
    ]);
    expect(answers).toEqual(['done', 'done']);
    expect(await findImport(t.database.db, importId, null)).toMatchObject({
      status: 'completed',
      processed: ROWS,
      inserted: ROWS,
      duplicates: 0,
    });
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(before + ROWS);
    const [row] = await t.database.db
      .select({ leaseOwner: imports.leaseOwner })
      .from(imports)
      .where(eq(imports.id, importId));
    expect(row!.leaseOwner).toBeNull();
  }, 120_000);

  it('commits no batch for a worker that no longer holds the import', async () => {
    const importId = await csvImport('stolen', 10);
    expect(await claimImport(t.database.db, importId, 'the-new-worker', 30)).toBeDefined();
    const before = await countLeads(t.database.db, acme.organizationId);
    const row = validateRow('leads', {
      companyName: 'Stolen',
      personFirstName: 'Old',
      personLastName: 'Worker',
      personEmail: 'old-worker@lease.test',
      source: 'Referral',
    });
    if (!row.ok) throw new Error(row.message);
    await expect(
      insertImportBatch(t.database.db, importId, 'leads', {
        owner: 'the-old-worker',
        organizationId: acme.organizationId,
        userId: acme.user._id,
        rows: [row.value as Record<string, unknown>],
        processed: 1,
        duplicates: 0,
        errors: [],
        errorCap: 10,
      }),
    ).rejects.toBeInstanceOf(ImportLeaseLost);
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(before);
    expect(await findImport(t.database.db, importId, null)).toMatchObject({ processed: 0 });
    // While the new worker's lease lives, a third worker gives up without importing.
    expect(await runImport(t.database.db, importId, 1, undefined, 1)).toBe('done');
    expect(await findImport(t.database.db, importId, null)).toMatchObject({
      status: 'running',
      processed: 0,
    });
  }, 120_000);

  it('is taken over once the lease of a dead worker has lapsed, and found by the sweep', async () => {
    const importId = await csvImport('lapsed', 3000);
    await t.database.db
      .update(imports)
      .set({ leaseOwner: 'a-dead-process', leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(imports.id, importId));
    expect(await findOrphanedImports(t.database.db, 120)).toContain(importId);
    expect(await runImport(t.database.db, importId, 1)).toBe('done');
    expect(await findImport(t.database.db, importId, null)).toMatchObject({
      status: 'completed',
      processed: 3000,
      inserted: 3000,
    });
    expect(await findOrphanedImports(t.database.db, 120)).not.toContain(importId);
  }, 120_000);
});
