import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_SIZES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  leadSchema,
} from '@leadline/shared/leads';
import { CLIENT_CATEGORIES, clientSchema } from '@leadline/shared/clients';
import { DEMO_CLIENTS, DEMO_LEADS, DEMO_PASSWORD, seedDemo } from '../src/seed/demo.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ withRoot: false });
});
afterAll(() => t.close());

const distinct = async (column: string): Promise<string[]> => {
  const result = await t.database.executeSql(`SELECT DISTINCT ${column} AS v FROM leads`);
  return (result.rows as { v: string }[]).map((row) => row.v).sort();
};

describe('demo data', () => {
  it('loads once: leads and clients over every value, valid by the shared rules', async () => {
    expect(await seedDemo(t.database.db, false)).toBe(true);
    expect(await seedDemo(t.database.db, false)).toBe(false);
    const counts = await t.database.executeSql(
      'SELECT (SELECT count(*) FROM leads)::int AS leads, (SELECT count(*) FROM clients)::int AS clients',
    );
    expect(counts.rows[0]).toEqual({ leads: DEMO_LEADS, clients: DEMO_CLIENTS });
    expect(await distinct('source')).toEqual([...LEAD_SOURCES].sort());
    expect(await distinct('status')).toEqual([...LEAD_STATUSES].sort());
    expect(await distinct('industry')).toEqual([...INDUSTRIES].sort());
    expect(await distinct('size')).toEqual([...COMPANY_SIZES].sort());
    expect((await distinct('person_country')).length).toBeGreaterThan(5);
    const span = await t.database.executeSql(
      `SELECT min(created_at) >= now() - interval '91 days' AS recent, max(created_at) <= now() AS past,
              count(DISTINCT date_trunc('day', created_at))::int AS days FROM leads`,
    );
    expect(span.rows[0]).toEqual({ recent: true, past: true, days: expect.any(Number) });
    expect((span.rows[0] as { days: number }).days).toBeGreaterThan(60);
  });

  it('serves the demo admin its leads, clients and dashboard', async () => {
    const token = await t.signin('admin@demo.leadline.test', DEMO_PASSWORD);
    const leads = await t.request({ method: 'GET', url: '/api/leads?limit=250', token });
    expect(leads.json().total).toBe(DEMO_LEADS);
    for (const lead of leads.json().leads) {
      expect(leadSchema.safeParse(lead).success, lead.personEmail).toBe(true);
    }
    const clients = await t.request({ method: 'GET', url: '/api/clients?limit=250', token });
    expect([...clients.json().categories].sort()).toEqual([...CLIENT_CATEGORIES].sort());
    for (const client of clients.json().clients) {
      expect(clientSchema.safeParse(client).success, client.email).toBe(true);
    }
    const dashboard = await t.request({ method: 'GET', url: '/api/dashboard', token });
    expect(dashboard.json().counts.activeLeads).toBe(DEMO_LEADS);
    expect(dashboard.json().recentActivities.length).toBeGreaterThan(3);
  });
});
