import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { CUSTOM_FIELD_TYPES } from '@leadline/shared/custom-fields';
import type { CustomField } from '@leadline/shared/custom-fields';
import { events } from '../src/db/tables/integrations.ts';
import { customFields } from '../src/db/tables.ts';
import { leads } from '../src/db/schema.ts';
import { purgeDeletedFields } from '../src/modules/custom-fields/service.ts';
import type { TestContext } from './context.ts';
import {
  MISSING_ID,
  clientPayload,
  createCustomField,
  leadPayload,
  openTwoOrganisations,
} from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let repToken: string;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  repToken = (await t.createUser({ role: 'Sales Rep', organizationName: 'acme' })).token;
});
afterAll(() => t.close());

type LeadAnswer = { _id: string; custom: Record<string, unknown>; [key: string]: unknown };

const createField = (token: string, body: Record<string, unknown>, status?: number) =>
  createCustomField(t, token, body, status);

const createLead = async (token: string, overrides: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/api/leads', token, payload: leadPayload(overrides) });

const listLeads = async (token: string, query: string) => {
  const response = await t.request({ method: 'GET', url: `/api/leads?limit=100&${query}`, token });
  return response;
};

const fields: Record<string, CustomField> = {};

describe('custom fields: definitions', () => {
  it('creates a field of each type with a key made from the label', async () => {
    for (const type of CUSTOM_FIELD_TYPES) {
      const options =
        type === 'select' || type === 'multiselect' ? ['Pro', 'Team', 'Free'] : undefined;
      const field = await createField(acme.token, {
        entity: 'lead',
        label: `My ${type} field`,
        type,
        options,
      });
      expect(field).toMatchObject({ _id: expect.any(String), key: `my_${type}_field`, type });
      fields[type] = field;
    }
    const seats = await createField(acme.token, { entity: 'lead', label: 'Seats', type: 'number' });
    expect(seats.key).toBe('seats');
    fields.seats = seats;
    // The same label again gets a key of its own.
    const again = await createField(acme.token, { entity: 'lead', label: 'Seats', type: 'text' });
    expect(again.key).toBe('seats_2');
    await t.request({
      method: 'DELETE',
      url: `/api/custom-fields/${again._id}`,
      token: acme.token,
    });
  });

  it('lists the fields to any member, and refuses writes to a rep', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/custom-fields?entity=lead',
      token: repToken,
    });
    expect(list.statusCode).toBe(200);
    const keys = (list.json() as { fields: CustomField[] }).fields.map((field) => field.key);
    expect(keys).toContain('seats');
    expect(keys).not.toContain('seats_2');
    await createField(repToken, { entity: 'lead', label: 'Sneaky', type: 'text' }, 403);
    const put = await t.request({
      method: 'PUT',
      url: `/api/custom-fields/${fields.seats!._id}`,
      token: repToken,
      payload: { label: 'Nope' },
    });
    expect(put.statusCode).toBe(403);
    // The deleted list is for administrators.
    const deleted = await t.request({
      method: 'GET',
      url: '/api/custom-fields?entity=lead&deleted=true',
      token: repToken,
    });
    expect((deleted.json() as { fields: unknown[] }).fields).toEqual([]);
  });

  it('refuses hostile definitions with 400s', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ entity: 'lead', label: 'x'.repeat(10_000), type: 'text' }, 'at most'],
      [{ entity: 'lead', label: '   ', type: 'text' }, 'Label'],
      [{ entity: 'lead', label: '!!!', type: 'text' }, 'letter'],
      [{ entity: 'deal', label: 'X', type: 'text' }, 'Entity'],
      [{ entity: 'lead', label: 'X', type: 'json' }, 'Type'],
      [{ entity: 'lead', label: 'X', type: 'select' }, 'choice'],
      [
        {
          entity: 'lead',
          label: 'X',
          type: 'select',
          options: Array.from({ length: 10_000 }, (_, i) => `o${i}`),
        },
        'choices',
      ],
      [{ entity: 'lead', label: 'X', type: 'select', options: ['a', 'A'] }, 'differ'],
      [{ entity: 'lead', label: 42, type: 'text' }, 'Label'],
      [{ entity: 'lead', label: 'X', type: 'select', options: 'a,b' }, 'list'],
    ];
    for (const [body, message] of bad) {
      const response = await t.request({
        method: 'POST',
        url: '/api/custom-fields',
        token: acme.token,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it("answers 404 for another organisation's field", async () => {
    for (const [method, url] of [
      ['PUT', `/api/custom-fields/${fields.seats!._id}`],
      ['DELETE', `/api/custom-fields/${fields.seats!._id}`],
      ['POST', `/api/custom-fields/${fields.seats!._id}/restore`],
      ['PUT', `/api/custom-fields/${MISSING_ID}`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: globex.token,
        payload: method === 'PUT' ? { label: 'Mine now' } : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const bad = await t.request({
      method: 'PUT',
      url: '/api/custom-fields/nope',
      token: acme.token,
      payload: { label: 'A' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('custom fields: values on leads', () => {
  let leadId: string;

  it('writes and reads typed values on create and update', async () => {
    const response = await createLead(repToken, {
      custom: {
        seats: '1,200',
        my_boolean_field: true,
        my_date_field: '2026-12-31',
        my_select_field: 'pro',
        my_multiselect_field: ['Team', 'Free'],
        my_text_field: '  Berlin call ',
        my_url_field: 'https://example.com/x',
        my_email_field: 'Someone@Example.com',
        my_phone_field: '+49 30 1234567',
        my_currency_field: 99.5,
      },
    } as never);
    expect(response.statusCode, response.body).toBe(201);
    const lead = response.json() as LeadAnswer;
    leadId = lead._id;
    expect(lead.custom).toEqual({
      seats: 1200,
      my_boolean_field: true,
      my_date_field: '2026-12-31',
      my_select_field: 'Pro',
      my_multiselect_field: ['Team', 'Free'],
      my_text_field: 'Berlin call',
      my_url_field: 'https://example.com/x',
      my_email_field: 'someone@example.com',
      my_phone_field: '+49 30 1234567',
      my_currency_field: 99.5,
    });
    const [stored] = await t.database.db
      .select({ custom: leads.custom })
      .from(leads)
      .where(eq(leads.id, leadId));
    expect(typeof stored!.custom.seats).toBe('number');

    // A partial update merges; an empty value removes the key.
    const update = await t.request({
      method: 'PUT',
      url: `/api/leads/${leadId}`,
      token: repToken,
      payload: { custom: { seats: 5, my_text_field: '' } },
    });
    expect(update.statusCode, update.body).toBe(200);
    const updated = update.json() as LeadAnswer;
    expect(updated.custom.seats).toBe(5);
    expect(updated.custom.my_text_field).toBeUndefined();
    expect(updated.custom.my_select_field).toBe('Pro');
  });

  it('shows a change of a custom value in the lead history, old -> new', async () => {
    const history = await t.request({
      method: 'GET',
      url: `/api/leads/${leadId}/activity`,
      token: repToken,
    });
    const details = (history.json() as { details: string }[]).map((entry) => entry.details);
    expect(details[0]).toContain('Seats: 1200 → 5');
    expect(details[0]).toContain(`My text field: Berlin call → (empty)`);
  });

  it('carries custom values in the lead events (webhooks, Automation)', async () => {
    const [event] = await t.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.subjectId, leadId), eq(events.type, 'lead.updated')))
      .orderBy(desc(events.seq))
      .limit(1);
    expect((event!.data as { lead: LeadAnswer }).lead.custom.seats).toBe(5);
  });

  it('fills {{custom.<key>}} merge fields in a template for the lead', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: repToken,
      payload: {
        name: 'Seats',
        subject: 'Your {{custom.seats}} seats',
        body: '<p>Plan {{custom.my_select_field}}, renewal {{custom.my_date_field|soon}}, {{custom.nothing_here|no value}}</p>',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const preview = await t.request({
      method: 'POST',
      url: `/api/templates/${(created.json() as { _id: string })._id}/preview`,
      token: repToken,
      payload: { leadId },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      subject: 'Your 5 seats',
      body: '<p>Plan Pro, renewal 2026-12-31, no value</p>',
    });
  });

  it('refuses bad values with 400 naming the label', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ seats: 'many' }, 'Seats must be a number'],
      [{ my_date_field: '2026-02-30' }, 'My date field must be a date'],
      [{ my_select_field: 'Gold' }, 'My select field must be one of its choices'],
      [{ my_multiselect_field: ['Pro', 'Gold'] }, 'My multiselect field'],
      [{ my_boolean_field: 'perhaps' }, 'My boolean field must be yes or no'],
      [{ my_url_field: 'javascript:alert(1)' }, 'My url field must be a valid URL'],
      [{ my_email_field: 'nope' }, 'My email field must be a valid email'],
      [{ my_phone_field: 'call me' }, 'My phone field must be a valid phone'],
      [{ my_text_field: 'x'.repeat(600) }, 'My text field must be at most'],
      [{ my_currency_field: 1.234 }, 'My currency field has at most two decimals'],
      [{ my_text_field: { nested: true } }, 'My text field must be text'],
      [{ unknown_key: 1 }, 'Unknown custom field'],
    ];
    for (const [custom, message] of cases) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/leads/${leadId}`,
        token: repToken,
        payload: { custom },
      });
      expect(response.statusCode, JSON.stringify(custom)).toBe(400);
      expect((response.json() as { message: string }).message).toContain(message);
    }
    const notObject = await createLead(repToken, { custom: 'x' } as never);
    expect(notObject.statusCode).toBe(400);
  });

  it("cannot write another organisation's key", async () => {
    const response = await createLead(globex.token, { custom: { seats: 3 } } as never);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Unknown custom field: seats');
  });

  it('filters and sorts by custom fields', async () => {
    for (const [seats, plan, tags, date, text] of [
      [10, 'Team', ['Pro'], '2026-01-15', 'Hamburg office'],
      [50, 'Free', ['Pro', 'Team'], '2026-06-01', 'berlin'],
      [25, 'Team', [], '2027-01-01', ''],
    ] as const) {
      const response = await createLead(acme.token, {
        companyName: 'Filterco',
        custom: {
          seats,
          my_select_field: plan,
          my_multiselect_field: tags,
          my_date_field: date,
          my_text_field: text,
        },
      } as never);
      expect(response.statusCode, response.body).toBe(201);
    }
    const seatsOf = async (query: string) => {
      const response = await listLeads(acme.token, `search=Filterco&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { leads: LeadAnswer[] }).leads.map((lead) => lead.custom.seats);
    };
    expect(await seatsOf('custom.my_select_field=team&sort=custom.seats')).toEqual([10, 25]);
    expect(await seatsOf('custom.my_multiselect_field=Team')).toEqual([50]);
    expect(await seatsOf('custom.my_multiselect_field=__empty')).toEqual([25]);
    expect(await seatsOf('custom.seats.min=20&custom.seats.max=50&sort=-custom.seats')).toEqual([
      50, 25,
    ]);
    expect(await seatsOf('custom.seats=25')).toEqual([25]);
    expect(await seatsOf('custom.my_date_field.min=2026-05-01&sort=custom.my_date_field')).toEqual([
      50, 25,
    ]);
    expect(await seatsOf('custom.my_text_field=BERL')).toEqual([50]);
    expect(await seatsOf('custom.my_text_field=__empty&sort=custom.seats')).toEqual([25]);
    expect(await seatsOf('sort=-custom.seats')).toEqual([50, 25, 10]);

    for (const [query, message] of [
      ['custom.nope=1', 'Unknown custom field: nope'],
      ['custom.seats=many', 'Seats must be a number'],
      ['custom.my_select_field.min=1', 'cannot be filtered by a range'],
      ['custom.my_select_field=Gold', 'My select field must be one of its choices'],
      ['sort=custom.nope', 'Unknown custom field'],
      ['custom.BAD-KEY=1', 'does not name a custom field'],
      ['custom.seats=1&custom.seats=2', 'one value'],
    ]) {
      const response = await listLeads(acme.token, query!);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
    // Another organisation's key is unknown there.
    expect((await listLeads(globex.token, 'custom.seats=25')).statusCode).toBe(400);
  });

  it('renames a field keeping its key and data', async () => {
    const response = await t.request({
      method: 'PUT',
      url: `/api/custom-fields/${fields.seats!._id}`,
      token: acme.token,
      payload: { label: 'Licensed seats' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { field: CustomField }).field).toMatchObject({
      key: 'seats',
      label: 'Licensed seats',
    });
    const lead = await t.request({ method: 'GET', url: `/api/leads/${leadId}`, token: acme.token });
    expect((lead.json() as LeadAnswer).custom.seats).toBe(5);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/leads/${leadId}`,
      token: acme.token,
      payload: { custom: { seats: 'x' } },
    });
    expect(bad.body).toContain('Licensed seats must be a number');
  });

  it('changes a type: the dry run lists what will not convert, saving converts the rest', async () => {
    // Text values: '' (none), 'Hamburg office', 'berlin' and the first lead's (cleared earlier).
    const text = fields.text!;
    await createLead(acme.token, {
      companyName: 'Convertco',
      custom: { my_text_field: '42' },
    } as never);
    const dry = await t.request({
      method: 'PUT',
      url: `/api/custom-fields/${text._id}`,
      token: acme.token,
      payload: { type: 'number', dryRun: true },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    const plan = dry.json() as {
      field: CustomField;
      typeChange: { converted: number; unconvertedCount: number; unconverted: { value: string }[] };
    };
    expect(plan.typeChange.converted).toBe(1);
    expect(plan.typeChange.unconvertedCount).toBe(2);
    expect(plan.typeChange.unconverted.map((item) => item.value).sort()).toEqual([
      'Hamburg office',
      'berlin',
    ]);
    // Nothing saved yet.
    const [still] = await t.database.db
      .select()
      .from(customFields)
      .where(eq(customFields.id, text._id));
    expect(still!.type).toBe('text');

    const saved = await t.request({
      method: 'PUT',
      url: `/api/custom-fields/${text._id}`,
      token: acme.token,
      payload: { type: 'number' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (saved.json() as { typeChange: { unconvertedCount: number } }).typeChange.unconvertedCount,
    ).toBe(2);
    const numbers = await listLeads(acme.token, 'custom.my_text_field.min=40');
    expect(
      (numbers.json() as { leads: LeadAnswer[] }).leads.map((lead) => lead.custom.my_text_field),
    ).toEqual([42]);
    const [counted] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(leads)
      .where(sql`${leads.custom} ? 'my_text_field'`);
    expect(counted!.count).toBe(1);
  });

  it('deletes (hidden from everything), restores, and purges after 30 days', async () => {
    const field = fields.boolean!;
    const del = await t.request({
      method: 'DELETE',
      url: `/api/custom-fields/${field._id}`,
      token: acme.token,
    });
    expect(del.statusCode).toBe(200);
    const lead = await t.request({ method: 'GET', url: `/api/leads/${leadId}`, token: acme.token });
    expect((lead.json() as LeadAnswer).custom.my_boolean_field).toBeUndefined();
    expect((await listLeads(acme.token, 'custom.my_boolean_field=true')).statusCode).toBe(400);
    const write = await t.request({
      method: 'PUT',
      url: `/api/leads/${leadId}`,
      token: acme.token,
      payload: { custom: { my_boolean_field: false } },
    });
    expect(write.statusCode).toBe(400);

    const deleted = await t.request({
      method: 'GET',
      url: '/api/custom-fields?entity=lead&deleted=true',
      token: acme.token,
    });
    const listed = (deleted.json() as { fields: CustomField[] }).fields.find(
      (f) => f._id === field._id,
    )!;
    expect(listed.purgeAt).toBeTruthy();
    expect(Date.parse(listed.purgeAt!) - Date.parse(listed.deletedAt!)).toBe(30 * 86_400_000);

    const restore = await t.request({
      method: 'POST',
      url: `/api/custom-fields/${field._id}/restore`,
      token: acme.token,
    });
    expect(restore.statusCode).toBe(200);
    const back = await t.request({ method: 'GET', url: `/api/leads/${leadId}`, token: acme.token });
    expect((back.json() as LeadAnswer).custom.my_boolean_field).toBe(true);

    // Deleted 31 days ago: the purge removes the field and its values.
    await t.request({
      method: 'DELETE',
      url: `/api/custom-fields/${field._id}`,
      token: acme.token,
    });
    await t.database.db
      .update(customFields)
      .set({ deletedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(customFields.id, field._id));
    expect(await purgeDeletedFields(t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select({ custom: leads.custom })
      .from(leads)
      .where(eq(leads.id, leadId));
    expect(row!.custom.my_boolean_field).toBeUndefined();
    const gone = await t.request({
      method: 'POST',
      url: `/api/custom-fields/${field._id}/restore`,
      token: acme.token,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('custom fields: clients', () => {
  it('writes, reads, filters and sorts client values', async () => {
    await createField(acme.token, { entity: 'client', label: 'Renewal date', type: 'date' });
    await createField(acme.token, {
      entity: 'client',
      label: 'Tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    for (const [date, tier] of [
      ['2027-03-01', 'Gold'],
      ['2026-03-01', 'Silver'],
      ['2028-03-01', 'Gold'],
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/clients',
        token: acme.token,
        payload: clientPayload({ custom: { renewal_date: date, tier } } as never),
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const list = await t.request({
      method: 'GET',
      url: '/api/clients?custom.tier=gold&sort=-custom.renewal_date',
      token: acme.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const clients = (list.json() as { clients: { custom: Record<string, unknown> }[] }).clients;
    expect(clients.map((c) => c.custom.renewal_date)).toEqual(['2028-03-01', '2027-03-01']);
    const bad = await t.request({
      method: 'POST',
      url: '/api/clients',
      token: acme.token,
      payload: clientPayload({ custom: { tier: 'Bronze' } } as never),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Tier must be one of its choices');
    // A lead field is not a client field.
    const wrong = await t.request({
      method: 'POST',
      url: '/api/clients',
      token: acme.token,
      payload: clientPayload({ custom: { seats: 1 } } as never),
    });
    expect(wrong.statusCode).toBe(400);
  });
});
