import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LeadNote } from '@leadline/shared/interactions';
import { leadNotes, leads } from '../src/db/tables.ts';
import type { TestContext } from './context.ts';
import {
  MISSING_ID,
  callAs,
  countClients,
  insertLeads,
  latestActivity,
  openTwoOrganisations,
} from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let lead: string;
let foreignLead: string;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  [lead] = (await insertLeads(t.database.db, acme.organizationId, [
    {
      companyName: 'Analytical Engines',
      companySite: 'engines.example',
      industry: 'Technology',
      personEmail: 'ada@engines.example',
      phone: '+44 20 7946 0958',
    },
  ])) as [string];
  [foreignLead] = (await insertLeads(t.database.db, globex.organizationId, [{}])) as [string];
});
afterAll(async () => {
  await t?.close();
});

const post = (token: string, url: string, payload: object) =>
  callAs(t, token, 'POST', url, payload);
const notesOf = async (token: string, id: string) => {
  const response = await callAs(t, token, 'GET', `/api/leads/${id}/notes`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LeadNote[];
};

describe('calls and notes', () => {
  it('adds notes and logs calls with their author, newest first, each with an activity entry', async () => {
    const note = await post(acme.token, `/api/leads/${lead}/notes`, {
      body: '  Wants a demo in May  ',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({
      kind: 'note',
      body: 'Wants a demo in May',
      outcome: null,
      author: { id: acme.user._id, name: acme.user.name },
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'note added',
      entityId: lead,
    });

    const call = await post(acme.token, `/api/leads/${lead}/calls`, {
      outcome: 'connected',
      notes: 'Talked pricing',
      durationSeconds: 245,
    });
    expect(call.statusCode, call.body).toBe(201);
    expect(call.json()).toMatchObject({ kind: 'call', outcome: 'connected', durationSeconds: 245 });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'call logged',
      details: 'Call with Ada Lovelace: Connected, 4 min 5 s',
    });
    const bare = await post(acme.token, `/api/leads/${lead}/calls`, { outcome: 'no answer' });
    expect(bare.json()).toMatchObject({ body: '', durationSeconds: null });

    const listed = await notesOf(acme.token, lead);
    expect(listed.map((entry) => entry.kind)).toEqual(['call', 'call', 'note']);
    expect(listed[2]!.author?.name).toBe(acme.user.name);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const before = (await notesOf(acme.token, lead)).length;
    const cases: [string, unknown, string][] = [
      ['notes', {}, 'Note is required'],
      ['notes', { body: '   ' }, 'Note is required'],
      ['notes', { body: 42 }, 'Note must be text'],
      ['notes', { body: 'x'.repeat(5001) }, 'Note must be at most 5000 characters'],
      ['calls', {}, 'Please choose the call outcome'],
      ['calls', { outcome: 'maybe' }, 'Please choose the call outcome'],
      ['calls', { outcome: 'voicemail', durationSeconds: -1 }, 'Duration cannot be negative'],
      [
        'calls',
        { outcome: 'voicemail', durationSeconds: 1.5 },
        'Duration must be a whole number of seconds',
      ],
      [
        'calls',
        { outcome: 'voicemail', durationSeconds: '60' },
        'Duration must be a number of seconds',
      ],
      [
        'calls',
        { outcome: 'voicemail', durationSeconds: 90_000 },
        'Duration must be at most 24 hours',
      ],
    ];
    for (const [what, payload, message] of cases) {
      const response = await post(acme.token, `/api/leads/${lead}/${what}`, payload as object);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await notesOf(acme.token, lead)).length).toBe(before);
  });

  it("answers 404 for another organisation's lead, 400 for a malformed id, 403 without the Leads page", async () => {
    for (const id of [foreignLead, MISSING_ID]) {
      expect((await callAs(t, acme.token, 'GET', `/api/leads/${id}/notes`)).statusCode).toBe(404);
      expect((await post(acme.token, `/api/leads/${id}/notes`, { body: 'x' })).statusCode).toBe(
        404,
      );
      expect(
        (await post(acme.token, `/api/leads/${id}/calls`, { outcome: 'connected' })).statusCode,
      ).toBe(404);
    }
    expect((await post(acme.token, '/api/leads/nope/notes', { body: 'x' })).statusCode).toBe(400);
    const [stored] = await t.database.db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, foreignLead));
    expect(stored).toBeUndefined();

    const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName: 'acme' });
    const revoked = await callAs(t, acme.token, 'PUT', `/api/users/${user._id}/permissions`, {
      permissions: { leadsTable: false },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await post(token, `/api/leads/${lead}/notes`, { body: 'x' })).statusCode).toBe(403);
  });
});

describe('POST /api/leads/:id/convert', () => {
  it('makes a client of the lead and links the lead to it, once', async () => {
    const before = await countClients(t.database.db, acme.organizationId);
    const response = await post(acme.token, `/api/leads/${lead}/convert`, {});
    expect(response.statusCode, response.body).toBe(201);
    const { client } = response.json();
    expect(client).toMatchObject({
      companyName: 'Analytical Engines',
      contact: 'Ada Lovelace',
      email: 'ada@engines.example',
      website: 'https://engines.example',
      companyCategory: 'Technology',
      pic: 'AL',
    });
    expect(await countClients(t.database.db, acme.organizationId)).toBe(before + 1);
    const lead1 = await callAs(t, acme.token, 'GET', `/api/leads/${lead}`);
    expect(lead1.json().clientId).toBe(client._id);
    const history = await callAs(t, acme.token, 'GET', `/api/leads/${lead}/activity`);
    expect(history.json()[0]).toMatchObject({
      action: 'converted',
      details: 'Lead Ada Lovelace (Analytical Engines) converted into a client',
    });

    const again = await post(acme.token, `/api/leads/${lead}/convert`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This lead was already converted into a client');
    expect(await countClients(t.database.db, acme.organizationId)).toBe(before + 1);
  });

  it('takes a category, refuses a client email that exists and leaves the lead unlinked', async () => {
    const [second] = (await insertLeads(t.database.db, acme.organizationId, [
      { personEmail: 'grace@navy.example', companyName: 'Navy', industry: '' },
    ])) as [string];
    const made = await post(acme.token, `/api/leads/${second}/convert`, {
      companyCategory: 'Finance',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().client).toMatchObject({ companyCategory: 'Finance', website: '' });

    const [twin] = (await insertLeads(t.database.db, acme.organizationId, [
      { personEmail: 'twin@navy.example' },
    ])) as [string];
    await t.database.db
      .update(leads)
      .set({ personEmail: 'twin@navy.example' })
      .where(eq(leads.id, twin));
    const clash = await post(acme.token, '/api/clients', {
      companyName: 'Twin',
      email: 'twin@navy.example',
      contact: 'T',
      companyCategory: 'Retail',
    });
    expect(clash.statusCode, clash.body).toBe(201);
    const refused = await post(acme.token, `/api/leads/${twin}/convert`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A client with this email already exists');
    const [row] = await t.database.db.select().from(leads).where(eq(leads.id, twin));
    expect(row!.clientId).toBeNull();

    const bad = await post(acme.token, `/api/leads/${twin}/convert`, { companyCategory: 7 });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's lead and 403 without Add Client", async () => {
    expect((await post(acme.token, `/api/leads/${foreignLead}/convert`, {})).statusCode).toBe(404);
    const { user, token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true },
    });
    const [own] = (await insertLeads(t.database.db, acme.organizationId, [
      { ownerId: user._id },
    ])) as [string];
    const refused = await post(token, `/api/leads/${own}/convert`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Add Client.');
  });
});
