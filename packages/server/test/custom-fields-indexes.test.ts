import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { customFields } from '../src/db/tables.ts';
import { rowsOf } from '../src/db/rows.ts';
import {
  fieldIndexingSettled,
  reconcileFieldIndexes,
} from '../src/modules/custom-fields/indexes.ts';
import type { TestContext } from './context.ts';
import { createCustomField, insertLeads, leadPayload, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
});
afterAll(() => t.close());

const createField = async (token: string, body: Record<string, unknown>) => {
  const field = await createCustomField(t, token, body);
  // The field's index and statistics are built in the background; the answer does not wait.
  await fieldIndexingSettled();
  return field;
};

/** The leads' per-key indexes and whether each is valid. */
const leadIndexes = async (): Promise<Record<string, boolean>> => {
  const rows = rowsOf<{ name: string; valid: boolean }>(
    await t.database.db.execute(sql`
      SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class r ON r.oid = i.indrelid
      WHERE r.relname = 'leads' AND starts_with(c.relname, 'leads_cf_')`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.valid]));
};

/** The leads' per-key statistics objects. */
const leadStatistics = async (): Promise<string[]> =>
  rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`SELECT stxname AS name FROM pg_statistic_ext WHERE starts_with(stxname, 'leads_cfs_')`,
    ),
  ).map((row) => row.name);

describe('custom fields: per-key indexes for sort and range', () => {
  it('builds the index of a number or date field when it is made, not of a text field', async () => {
    const seats = await createField(acme.token, { entity: 'lead', label: 'Seats', type: 'number' });
    const renewal = await createField(acme.token, {
      entity: 'lead',
      label: 'Renewal',
      type: 'date',
    });
    const notes = await createField(acme.token, { entity: 'lead', label: 'Stack', type: 'text' });
    const indexes = await leadIndexes();
    expect(indexes[`leads_cf_${seats.key}`]).toBe(true);
    expect(indexes[`leads_cf_${renewal.key}`]).toBe(true);
    expect(indexes[`leads_cf_${notes.key}`]).toBeUndefined();
    // Statistics for every field: what "empty" and "contains" are estimated with.
    expect(await leadStatistics()).toEqual(
      expect.arrayContaining([seats, renewal, notes].map((field) => `leads_cfs_${field.key}`)),
    );
  });

  it('shares one index between organisations with the same key, and sorts each on its own', async () => {
    const seats = await createField(globex.token, {
      entity: 'lead',
      label: 'Seats',
      type: 'number',
    });
    expect(
      Object.keys(await leadIndexes()).filter((name) => name === `leads_cf_${seats.key}`),
    ).toHaveLength(1);
    for (const [admin, values] of [
      [acme, [30, 10, 20]],
      [globex, [5, 7]],
    ] as const)
      for (const value of values) {
        const response = await t.request({
          method: 'POST',
          url: '/api/leads',
          token: admin.token,
          payload: leadPayload({ custom: { [seats.key]: value } }),
        });
        expect(response.statusCode, response.body).toBe(201);
      }
    const sorted = async (token: string, query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/leads?limit=50&${query}`,
        token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { leads } = response.json() as { leads: { custom: Record<string, unknown> }[] };
      return leads.map((lead) => lead.custom[seats.key]).filter((value) => value !== undefined);
    };
    expect(await sorted(acme.token, `sort=-custom.${seats.key}`)).toEqual([30, 20, 10]);
    expect(await sorted(acme.token, `sort=custom.${seats.key}`)).toEqual([10, 20, 30]);
    expect(
      await sorted(globex.token, `sort=custom.${seats.key}&custom.${seats.key}.min=6`),
    ).toEqual([7]);
    // One bound only: the other is the type's own extent.
    const seatsOf = (query: string) => sorted(acme.token, `sort=custom.${seats.key}&${query}`);
    expect(await seatsOf(`custom.${seats.key}.max=20`)).toEqual([10, 20]);
    expect(await seatsOf(`custom.${seats.key}.min=-5`)).toEqual([10, 20, 30]);
  });

  it('ranges over dates with one bound or both', async () => {
    const ends = await createField(globex.token, { entity: 'lead', label: 'Renews', type: 'date' });
    for (const day of ['2026-01-10', '2026-03-05', '2027-07-01']) {
      const response = await t.request({
        method: 'POST',
        url: '/api/leads',
        token: globex.token,
        payload: leadPayload({ custom: { [ends.key]: day } }),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const days = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/leads?limit=50&sort=custom.${ends.key}&${query}`,
        token: globex.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { leads } = response.json() as { leads: { custom: Record<string, unknown> }[] };
      return leads.map((lead) => lead.custom[ends.key]);
    };
    const c = `custom.${ends.key}`;
    expect(await days(`${c}.min=2026-02-01`)).toEqual(['2026-03-05', '2027-07-01']);
    expect(await days(`${c}.max=2026-03-05`)).toEqual(['2026-01-10', '2026-03-05']);
    expect(await days(`${c}.min=2026-01-01&${c}.max=2026-12-31`)).toEqual([
      '2026-01-10',
      '2026-03-05',
    ]);
  });

  it('builds the index when a type change makes a field a number', async () => {
    const size = await createField(acme.token, {
      entity: 'lead',
      label: 'Team size',
      type: 'text',
    });
    expect((await leadIndexes())[`leads_cf_${size.key}`]).toBeUndefined();
    const response = await t.request({
      method: 'PUT',
      url: `/api/custom-fields/${size._id}`,
      token: acme.token,
      payload: { type: 'number' },
    });
    expect(response.statusCode, response.body).toBe(200);
    await fieldIndexingSettled();
    expect((await leadIndexes())[`leads_cf_${size.key}`]).toBe(true);
  });

  it('the tick builds a missing index and drops one no field has any more', async () => {
    const ends = await createField(acme.token, { entity: 'lead', label: 'Ends', type: 'date' });
    const { db } = t.database;
    await db.execute(sql.raw(`DROP INDEX leads_cf_${ends.key}`));
    await db.execute(sql.raw(`CREATE INDEX leads_cf_gone ON leads ((custom -> 'gone'))`));
    await reconcileFieldIndexes(db);
    let indexes = await leadIndexes();
    expect(indexes[`leads_cf_${ends.key}`]).toBe(true);
    expect(indexes.leads_cf_gone).toBeUndefined();
    // Purged (the field row gone): its index goes at the next tick.
    await db.delete(customFields).where(eq(customFields.id, ends._id));
    await reconcileFieldIndexes(db);
    indexes = await leadIndexes();
    expect(indexes[`leads_cf_${ends.key}`]).toBeUndefined();
    expect(await leadStatistics()).not.toContain(`leads_cfs_${ends.key}`);
  });

  it('keeps indexes for the keys most organisations use, up to the cap, and drops the rest', async () => {
    // "seats" is a number field of both organisations; acme's own date keys come after it.
    await reconcileFieldIndexes(t.database.db, { indexes: 1, statistics: 200 });
    const kept = Object.keys(await leadIndexes());
    expect(kept).toEqual(['leads_cf_seats']);
    await reconcileFieldIndexes(t.database.db);
    expect(Object.keys(await leadIndexes()).length).toBeGreaterThan(1);
  });

  it('counts a custom filter up to 500 ("500+"), as it reads each lead to compare', async () => {
    const tier = await createField(globex.token, {
      entity: 'lead',
      label: 'Tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    await insertLeads(
      t.database.db,
      globex.organizationId,
      Array.from({ length: 505 }, () => ({ custom: { [tier.key]: 'Gold' } })),
    );
    const list = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `/api/leads?limit=50&${query}`,
        token: globex.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total: number; totalCapped: boolean; leads: unknown[] };
    };
    const gold = await list(`custom.${tier.key}=Gold`);
    expect(gold).toMatchObject({ total: 500, totalCapped: true });
    expect(gold.leads).toHaveLength(50);
    // Without a custom filter the list counts on to 10,000 as before.
    expect(await list('')).toMatchObject({ totalCapped: false });
  });
});
