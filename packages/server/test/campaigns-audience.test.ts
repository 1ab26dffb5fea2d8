import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_OWNER_INVALID } from '@leadline/shared/campaigns';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createCampaign, getCampaign, sendCampaign } from './campaigns-support.ts';
import { MISSING_ID, adminOf, insertLeads } from './fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;
let repId: string;

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-audience');
  globex = await adminOf(t, 'globex-audience');
  const rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-audience' });
  repId = rep.user._id;
  const rows = [
    { personFirstName: 'Hot', status: 'Hot Lead', source: 'LinkedIn', personCountry: 'Germany' },
    {
      personFirstName: 'Hotrep',
      status: 'Hot Lead',
      source: 'LinkedIn',
      personCountry: ' germany ',
      ownerId: repId,
    },
    {
      personFirstName: 'Warmrep',
      status: 'Warm Lead',
      source: 'Referral',
      personCountry: 'France',
      ownerId: repId,
    },
    { personFirstName: 'Cold', status: 'Cold Lead', source: 'LinkedIn', personCountry: 'Germany' },
  ] as const;
  await insertLeads(
    t.database.db,
    acme.organizationId,
    rows.map((row) => ({ ...row })),
  );
});
afterAll(() => t?.close());

const audience = (payload: object, token = acme.token) =>
  t.request({ method: 'POST', url: '/api/campaigns/audience', token, payload });

const count = async (targetFilters: object) => {
  const response = await audience({ targetFilters });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count as number;
};

describe('campaign audience filters: status, owner, source, country', () => {
  it('counts the leads each filter and their combination match', async () => {
    expect(await count({ status: 'Hot Lead' })).toBe(2);
    expect(await count({ ownerId: repId })).toBe(2);
    expect(await count({ source: 'LinkedIn' })).toBe(3);
    expect(await count({ country: 'GERMANY' })).toBe(3);
    expect(await count({ status: 'Hot Lead', ownerId: repId })).toBe(1);
    expect(await count({ source: 'LinkedIn', country: 'germany', status: 'Cold Lead' })).toBe(1);
    expect(await count({ ownerId: acme.user._id })).toBe(0);
    expect(await count({ country: 'Spain' })).toBe(0);
  });

  it("refuses another organisation's user, an unknown id, or a bad status or source with a 400", async () => {
    for (const [targetFilters, field, message] of [
      [{ ownerId: globex.user._id }, 'targetFilters.ownerId', AUDIENCE_OWNER_INVALID],
      [{ ownerId: MISSING_ID }, 'targetFilters.ownerId', AUDIENCE_OWNER_INVALID],
      [{ ownerId: 'not-an-id' }, 'targetFilters.ownerId', AUDIENCE_OWNER_INVALID],
      [{ status: 'Boiling' }, 'targetFilters.status', 'Please choose a valid status'],
      [{ source: 'Carrier pigeon' }, 'targetFilters.source', 'Please choose a listed source'],
      [{ country: 'x'.repeat(101) }, 'targetFilters.country', /at most 100/],
    ] as const) {
      for (const response of [
        await audience({ targetFilters }),
        await t.request({
          method: 'POST',
          url: '/api/campaigns',
          token: acme.token,
          payload: { name: 'Refused', type: 'call', targetFilters },
        }),
      ]) {
        expect(response.statusCode, `${JSON.stringify(targetFilters)} ${response.body}`).toBe(400);
        expect(response.json().errors[field]).toMatch(message);
      }
    }
    const draft = await createCampaign(t, acme.token, { type: 'call', emailSubject: '' });
    const put = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${draft._id}`,
      token: acme.token,
      payload: { targetFilters: { ownerId: globex.user._id } },
    });
    expect(put.statusCode, put.body).toBe(400);
    expect(put.json().errors['targetFilters.ownerId']).toBe(AUDIENCE_OWNER_INVALID);
  });

  it('keeps the filters with the campaign and enrols exactly the leads they match', async () => {
    const targetFilters = {
      status: 'Hot Lead',
      ownerId: repId,
      source: 'LinkedIn',
      country: 'Germany',
    } as const;
    const created = await createCampaign(t, acme.token, {
      type: 'call',
      emailSubject: '',
      targetFilters,
    });
    const stored = await getCampaign(t, acme.token, created._id);
    expect(stored.targetFilters).toMatchObject(targetFilters);
    expect(stored.leadCount).toBe(1);
    expect((await sendCampaign(t, acme.token, created._id)).statusCode).toBe(200);
    const page = await t.request({
      method: 'GET',
      url: `/api/campaigns/${created._id}/recipients?limit=10&page=1`,
      token: acme.token,
    });
    expect(page.statusCode, page.body).toBe(200);
    const recipients = page.json().recipients as { lead: { _id?: string; name: string } }[];
    expect(recipients.map((row) => row.lead.name)).toEqual(['Hotrep Lovelace']);
  });
});
