import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { sql } from 'drizzle-orm';
import type { TestContext } from './context.ts';
import { createLead, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

/*
 * Merge and undo (issue 28, part 3): "Keep separate" pairs of the merged lead are carried to
 * the kept lead and come back on undo; the merge preview's custom field choices are applied.
 */

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = acme.token) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

const merge = async (payload: object) => {
  const response = await call('POST', '/api/leads/merge', payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { lead: { custom: Record<string, unknown> }; mergeId: string };
};
const undo = async (mergeId: string) => {
  const response = await call('POST', `/api/leads/merge/${mergeId}/undo`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    kept: { custom: Record<string, unknown> };
    restored: { custom: Record<string, unknown> };
  };
};

/** The "Keep separate" pairs naming any of `ids`, as sorted `a b` texts. */
const dismissals = async (ids: string[]) =>
  rowsOf<{ pair: string }>(
    await t.database.db.execute(sql`
      SELECT lead_a::text || ' ' || lead_b::text AS pair FROM lead_duplicate_dismissals
      WHERE lead_a = ANY(${sql.param(ids)}::uuid[]) OR lead_b = ANY(${sql.param(ids)}::uuid[])
      ORDER BY 1`),
  ).map((row) => row.pair);
const pairOf = (x: string, y: string) => [x, y].sort().join(' ');

describe('merge and undo', () => {
  it('"Keep separate" pairs of the merged lead go to the kept lead, and undo restores them', async () => {
    const kept = await createLead(t, acme.token);
    const merged = await createLead(t, acme.token);
    const other = await createLead(t, acme.token);
    const another = await createLead(t, acme.token);
    for (const [a, b] of [
      [merged._id, other._id],
      [merged._id, kept._id],
      [kept._id, another._id],
      [merged._id, another._id],
    ]) {
      const response = await call('POST', '/api/duplicates/keep-separate', { aId: a, bId: b });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const ids = [kept._id, merged._id, other._id, another._id];
    const before = await dismissals(ids);
    expect(before).toHaveLength(4);

    const { mergeId } = await merge({ keepId: kept._id, mergeId: merged._id });
    // The kept lead stays apart from Other (carried) and Another (its own); the pair of the two
    // merged leads themselves is gone.
    expect(await dismissals(ids)).toEqual(
      [pairOf(kept._id, other._id), pairOf(kept._id, another._id)].sort(),
    );

    await undo(mergeId);
    expect(await dismissals(ids)).toEqual(before);
  });

  it('a pair whose other lead was deleted since does not come back', async () => {
    const kept = await createLead(t, acme.token);
    const merged = await createLead(t, acme.token);
    const gone = await createLead(t, acme.token);
    await call('POST', '/api/duplicates/keep-separate', { aId: merged._id, bId: gone._id });
    const { mergeId } = await merge({ keepId: kept._id, mergeId: merged._id });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/leads/${gone._id}`,
      token: acme.token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    await undo(mergeId);
    expect(await dismissals([kept._id, merged._id, gone._id])).toEqual([]);
  });

  it("applies each custom field's choice, and undo gives both leads their values back", async () => {
    const fields: Record<string, string> = {};
    for (const [label, type] of [
      ['Seats', 'number'],
      ['Plan', 'text'],
      ['Region', 'text'],
    ] as const) {
      const response = await call('POST', '/api/custom-fields', { entity: 'lead', label, type });
      expect(response.statusCode, response.body).toBe(201);
      fields[label] = (response.json() as { field: { key: string } }).field.key;
    }
    const seats = fields.Seats!;
    const plan = fields.Plan!;
    const region = fields.Region!;
    const keep = await createLead(t, acme.token, {
      custom: { [seats]: 5, [plan]: 'Pro', [region]: 'EU' },
    } as never);
    const other = await createLead(t, acme.token, {
      custom: { [seats]: 9, [region]: 'US' },
    } as never);

    // Unknown or malformed custom fields: 400 naming the field; nothing merged.
    const unknown = await call('POST', '/api/leads/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { 'custom.nope': 'merge' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('custom.nope');
    const malformed = await call('POST', '/api/leads/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { 'custom.Bad key': 'merge' },
    });
    expect(malformed.statusCode).toBe(400);
    // Another organisation's field is unknown here.
    const foreign = await call(
      'POST',
      '/api/custom-fields',
      { entity: 'lead', label: 'Only globex', type: 'text' },
      globex.token,
    );
    const foreignKey = (foreign.json() as { field: { key: string } }).field.key;
    const notOurs = await call('POST', '/api/leads/merge', {
      keepId: keep._id,
      mergeId: other._id,
      fields: { [`custom.${foreignKey}`]: 'merge' },
    });
    expect(notOurs.statusCode).toBe(400);

    // Seats: the other's; Plan: the other's emptiness; Region: not chosen, so the kept value.
    const merged = await merge({
      keepId: keep._id,
      mergeId: other._id,
      fields: { [`custom.${seats}`]: 'merge', [`custom.${plan}`]: 'merge' },
    });
    expect(merged.lead.custom).toEqual({ [seats]: 9, [region]: 'EU' });

    const back = await undo(merged.mergeId);
    expect(back.kept.custom).toEqual({ [seats]: 5, [plan]: 'Pro', [region]: 'EU' });
    expect(back.restored.custom).toEqual({ [seats]: 9, [region]: 'US' });
  });
});
