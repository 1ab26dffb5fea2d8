import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@leadline/shared/campaigns';
import type { SearchResult } from '@leadline/shared/search';
import {
  campaigns,
  emailReplies,
  emailTemplates,
  leadNotes,
  meetings,
  sentEmails,
  tasks,
} from '../src/db/tables.ts';
import type { TestContext } from './context.ts';
import { insertLeads, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

/*
 * Search over everything (issue 28, part 5): every kind of record found by its words, grouped,
 * scoped to the caller's organisation and to the pages they may open; hostile and empty queries
 * answered with a 4xx or nothing, never a 500.
 */

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let lenaId: string;

const search = async (q: string, token = acme.token): Promise<SearchResult[]> => {
  const response = await t.request({
    method: 'GET',
    url: `/api/search?${new URLSearchParams({ q }).toString()}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().results as SearchResult[];
};

const titlesOf = (results: SearchResult[], type: SearchResult['type']) =>
  results.filter((result) => result.type === type).map((result) => result.title);

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  const db = t.database.db;
  const ids = await insertLeads(db, acme.organizationId, [
    {
      personFirstName: 'Lena',
      personLastName: 'Berg',
      personEmail: 'lena.berg@northwind.example',
      companyName: 'Northwind Trading',
      companySite: 'https://northwind.example',
      personCity: 'Berlin',
      personDesignation: 'Head of Procurement',
    },
    {
      personFirstName: 'Søren',
      personLastName: 'Ødegård',
      personEmail: 'soren@fjord.example',
      companyName: 'Fjord Analytics',
      personCity: 'Oslo',
    },
  ]);
  lenaId = ids[0]!;
  await insertLeads(db, globex.organizationId, [
    { personFirstName: 'Lena', personLastName: 'Secret', personEmail: 'lena@globex.example' },
  ]);
  const mail = {
    organizationId: acme.organizationId,
    userId: acme.user._id,
    leadId: lenaId,
    kind: 'single' as const,
    status: 'sent' as const,
    fromAddress: 'rita@acme.example',
    to: 'lena.berg@northwind.example',
  };
  await db.insert(sentEmails).values([
    {
      ...mail,
      subject: 'Our call on Tuesday',
      messageId: '<s1@acme.example>',
      bodyHtml: '<p>Great talking about the <b>quarterly</b> rollout in your warehouses.</p>',
    },
    {
      ...mail,
      organizationId: globex.organizationId,
      leadId: null,
      subject: 'Quarterly numbers for globex only',
      messageId: '<s2@globex.example>',
    },
  ]);
  await db.insert(emailReplies).values({
    organizationId: acme.organizationId,
    leadId: lenaId,
    fromAddress: 'lena.berg@northwind.example',
    fromName: 'Lena Berg',
    subject: 'Re: Our call on Tuesday',
    messageId: '<r1@northwind.example>',
    bodyText: 'Thanks! The pilot in Hamburg can start in March.',
    receivedAt: new Date(),
  });
  await db.insert(leadNotes).values([
    {
      organizationId: acme.organizationId,
      leadId: lenaId,
      kind: 'call',
      body: 'Discussed pricing tiers for the Hamburg depot',
    },
    {
      organizationId: acme.organizationId,
      leadId: lenaId,
      kind: 'note',
      body: 'Prefers email over phone',
    },
  ]);
  await db.insert(campaigns).values({
    organizationId: acme.organizationId,
    name: 'Spring logistics push',
    emailSubject: 'Warehouses in spring',
    targetFilters: NO_FILTERS,
  });
  await db.insert(emailTemplates).values({
    organizationId: acme.organizationId,
    name: 'Pilot proposal',
    subject: 'A pilot for {{companyName}}',
    body: 'Hello',
  });
  await db.insert(meetings).values({
    organizationId: acme.organizationId,
    topic: 'Hamburg pilot kick-off',
    startsAt: new Date('2026-12-03T09:00:00Z'),
    endsAt: new Date('2026-12-03T10:00:00Z'),
    timeZone: 'Europe/Berlin',
    uid: 'search-test-meeting@acme.example',
  });
  await db.insert(tasks).values({
    organizationId: acme.organizationId,
    title: 'Send the Hamburg pilot contract',
    dueDate: '2026-12-04',
    ownerId: acme.user._id,
    leadId: lenaId,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search', () => {
  it('finds a lead by any of its words, and its company, not another organisation’s', async () => {
    const results = await search('lena berlin');
    expect(titlesOf(results, 'lead')).toEqual(['Lena Berg']);
    const lead = results.find((result) => result.type === 'lead')!;
    expect(lead).toMatchObject({ id: lenaId, leadId: lenaId });
    expect(lead.snippet).toContain('Northwind Trading');
    expect(titlesOf(await search('northwind'), 'company')).toEqual(['Northwind Trading']);
    expect(titlesOf(await search('ødegård'), 'lead')).toEqual(['Søren Ødegård']);
    expect(titlesOf(await search('secret'), 'lead')).toEqual([]);
  });

  it('finds the words inside emails sent, replies, notes and calls, with the words around them', async () => {
    const results = await search('hamburg');
    expect(titlesOf(results, 'reply')).toEqual(['Re: Our call on Tuesday']);
    expect(titlesOf(results, 'call')).toEqual(['Call with Lena Berg']);
    expect(titlesOf(results, 'meeting')).toEqual(['Hamburg pilot kick-off']);
    expect(titlesOf(results, 'task')).toEqual(['Send the Hamburg pilot contract']);
    const reply = results.find((result) => result.type === 'reply')!;
    expect(reply.snippet).toContain('pilot in Hamburg');
    expect(reply.leadId).toBe(lenaId);
    const meeting = results.find((result) => result.type === 'meeting')!;
    expect(meeting.key).toBe('2026-12-03');

    const sent = await search('quarter');
    expect(titlesOf(sent, 'email')).toEqual(['Our call on Tuesday']);
    expect(sent.find((result) => result.type === 'email')!.snippet).toContain('quarterly rollout');
    expect(titlesOf(await search('pricing tiers'), 'call')).toEqual(['Call with Lena Berg']);
    expect(titlesOf(await search('prefers'), 'note')).toEqual(['Note on Lena Berg']);
  });

  it('finds campaigns, templates and users by name', async () => {
    expect(titlesOf(await search('spring'), 'campaign')).toEqual(['Spring logistics push']);
    expect(titlesOf(await search('pilot proposal'), 'template')).toEqual(['Pilot proposal']);
    expect(titlesOf(await search(acme.user.email), 'user')).toEqual([acme.user.name]);
  });

  it('shows only the kinds the caller may open: a rep without Calendar or Teams sees neither', async () => {
    const rep = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: true, calendar: false, teams: false },
    } as never);
    const results = await search('hamburg', rep.token);
    expect(titlesOf(results, 'meeting')).toEqual([]);
    expect(titlesOf(results, 'reply')).toEqual(['Re: Our call on Tuesday']);
    // The task is the Admin's: a rep who does not manage leads sees only their own.
    expect(titlesOf(results, 'task')).toEqual([]);
    expect(titlesOf(await search(acme.user.email, rep.token), 'user')).toEqual([]);
  });

  it('finds companies for a user who may open Companies but not the leads table', async () => {
    const viewer = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      permissions: { leadsTable: false, companies: true },
    } as never);
    const results = await search('northwind', viewer.token);
    expect(titlesOf(results, 'company')).toEqual(['Northwind Trading']);
    expect(titlesOf(results, 'lead')).toEqual([]);
    expect(titlesOf(results, 'email')).toEqual([]);
  });

  it('searches only the short lists for a query without a three-letter word', async () => {
    const results = await search('le be');
    expect(results.filter((result) => result.type === 'lead')).toEqual([]);
    expect(results.filter((result) => result.type === 'email')).toEqual([]);
  });

  it('answers hostile and empty queries without a 500', async () => {
    const empty = await t.request({
      method: 'GET',
      url: '/api/search?q=%20%20',
      token: acme.token,
    });
    expect(empty.statusCode).toBe(400);
    const missing = await t.request({ method: 'GET', url: '/api/search', token: acme.token });
    expect(missing.statusCode).toBe(400);
    for (const q of ["'; DROP TABLE leads; --", '%_\\', '& | ! :* <->', '((((', 'a'.repeat(300)]) {
      await search(q);
    }
    // Cut to 200 characters, split into 66 tokens of which the text search takes every one.
    expect(Array.isArray(await search('ab!'.repeat(87_381)))).toBe(true);
    const anonymous = await t.request({ method: 'GET', url: '/api/search?q=lena' });
    expect(anonymous.statusCode).toBe(401);
  });
});
