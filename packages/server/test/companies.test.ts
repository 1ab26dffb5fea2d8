import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, CompanyListResponse } from '@leadline/shared/companies';
import type { CompanyConversationAnswer } from '@leadline/shared/conversations';
import { companyPath } from '@leadline/shared/companies';
import { sentEmails } from '../src/db/schema.ts';
import { leadNotes } from '../src/db/tables/business.ts';
import { meetingAttendees, meetings } from '../src/db/tables/calendar.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';

const ACME = 'acme-companies';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let ana: { token: string; id: string };
let ben: { token: string; id: string };
let acmeLeads: string[];

const at = (iso: string) => new Date(iso);
let sequence = 0;
const messageId = () => `<c${++sequence}@companies.test>`;

const rep = async (name: string) => {
  const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName: ACME, name });
  return { token, id: user._id };
};

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, ACME);
  globex = await adminOf(t, 'globex-companies');
  ana = await rep('Ana Rep');
  ben = await rep('Ben Rep');
  const db = t.database.db;
  const lead = (
    companyName: string,
    companySite: string,
    personEmail: string,
    ownerId: string | null,
    createdAt = '2024-03-01T10:00:00Z',
  ) => ({
    companyName,
    companySite,
    personEmail,
    ownerId,
    createdAt: at(createdAt),
    updatedAt: at(createdAt),
  });
  acmeLeads = await insertLeads(db, acme.organizationId, [
    lead('Acme Inc', 'https://www.acme.com/about', 'wile@acme.com', ana.id),
    lead('ACME', 'acme.com', 'road@acme.com', ben.id),
    lead('Acme Inc', 'http://ACME.com', 'coyote@acme.com', ana.id),
    lead('Globex Corp.', '', 'hank@globex.test', ben.id, '2024-02-01T10:00:00Z'),
    lead(' globex  corp', '', 'mindy@globex.test', null, '2024-02-02T10:00:00Z'),
    lead('Initech', 'initech.io', 'bill@initech.io', ana.id, '2024-01-01T10:00:00Z'),
    lead('', '', 'nobody@nowhere.test', ana.id),
  ]);
  await insertLeads(db, globex.organizationId, [
    lead('Acme Elsewhere', 'acme.com', 'other@acme.com', null),
  ]);
  const [sent] = await db
    .insert(sentEmails)
    .values({
      organizationId: acme.organizationId,
      userId: ana.id,
      leadId: acmeLeads[0]!,
      kind: 'single',
      status: 'sent',
      fromAddress: 'ana@acme.test',
      to: 'wile@acme.com',
      subject: 'Rockets',
      messageId: messageId(),
      sentAt: at('2024-03-05T10:00:00Z'),
    })
    .returning({ id: sentEmails.id });
  await db.insert(emailReplies).values({
    organizationId: acme.organizationId,
    userId: ana.id,
    leadId: acmeLeads[0]!,
    sentEmailId: sent!.id,
    fromAddress: 'wile@acme.com',
    subject: 'Re: Rockets',
    snippet: 'Send more',
    messageId: messageId(),
    receivedAt: at('2024-03-06T10:00:00Z'),
  });
  await db.insert(leadNotes).values({
    organizationId: acme.organizationId,
    leadId: acmeLeads[5]!,
    userId: ana.id,
    kind: 'call',
    createdAt: at('2024-03-10T10:00:00Z'),
  });
  const meeting = async (topic: string, startsAt: string, attendees: string[]) => {
    const [row] = await db
      .insert(meetings)
      .values({
        organizationId: acme.organizationId,
        organizerId: ana.id,
        topic,
        startsAt: at(startsAt),
        endsAt: at(startsAt.replace('T10', 'T11')),
        timeZone: 'UTC',
        uid: `${++sequence}@companies.test`,
      })
      .returning({ id: meetings.id });
    await db
      .insert(meetingAttendees)
      .values(attendees.map((email, position) => ({ meetingId: row!.id, email, position })));
  };
  await meeting('Acme demo', '2024-03-07T10:00:00Z', ['ana@acme.test', 'Road@Acme.com']);
  await meeting('Unrelated', '2024-03-08T10:00:00Z', ['someone@else.test']);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, token, headers });

const list = async (token: string, query = ''): Promise<CompanyListResponse> => {
  const response = await get(token, `/api/companies?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const detail = async (token: string, key: string): Promise<CompanyDetail> => {
  const response = await get(token, `/api${companyPath(key)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/companies', () => {
  it('groups leads by website domain, else by normalised company name', async () => {
    const body = await list(acme.token);
    expect(body.total).toBe(3);
    expect(body.companies).toEqual([
      {
        key: 'acme.com',
        name: 'Acme Inc',
        domain: 'acme.com',
        contacts: 3,
        owners: [
          { id: ana.id, name: 'Ana Rep' },
          { id: ben.id, name: 'Ben Rep' },
        ],
        lastEmailAt: '2024-03-05T10:00:00.000Z',
        lastActivityAt: '2024-03-06T10:00:00.000Z',
      },
      {
        key: 'name:globex corp',
        name: expect.stringMatching(/globex/i),
        domain: null,
        contacts: 2,
        owners: [{ id: ben.id, name: 'Ben Rep' }],
        lastEmailAt: null,
        lastActivityAt: '2024-02-02T10:00:00.000Z',
      },
      {
        key: 'initech.io',
        name: 'Initech',
        domain: 'initech.io',
        contacts: 1,
        owners: [{ id: ana.id, name: 'Ana Rep' }],
        lastEmailAt: null,
        lastActivityAt: '2024-03-10T10:00:00.000Z',
      },
    ]);
  });

  it('searches company names and domains, and pages in SQL', async () => {
    const keys = async (query: string) =>
      (await list(acme.token, query)).companies.map((company) => company.key);
    expect(await keys('search=GLOBEX')).toEqual(['name:globex corp']);
    expect(await keys('search=inc')).toEqual(['acme.com']);
    expect(await keys('search=initech.io')).toEqual(['initech.io']);
    expect(await keys('search=%25')).toEqual([]);
    const page = await list(acme.token, 'limit=2&page=2');
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.companies.map((company) => company.key)).toEqual(['initech.io']);
    expect((await list(acme.token, 'limit=2&page=9')).companies).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x', `search=${'a'.repeat(201)}`]) {
      expect((await get(acme.token, `/api/companies?${query}`)).statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/companies/:key', () => {
  it('lists the contacts, the emails to and from them and their meetings', async () => {
    const body = await detail(acme.token, 'acme.com');
    expect(body.company).toMatchObject({ key: 'acme.com', contacts: 3 });
    expect(body.contacts.map((lead) => lead.personEmail).sort()).toEqual([
      'coyote@acme.com',
      'road@acme.com',
      'wile@acme.com',
    ]);
    expect(body.contacts.find((lead) => lead.personEmail === 'road@acme.com')?.owner).toEqual({
      id: ben.id,
      name: 'Ben Rep',
    });
    expect(body.emails).toEqual([
      expect.objectContaining({
        direction: 'received',
        address: 'wile@acme.com',
        subject: 'Re: Rockets',
        snippet: 'Send more',
        leadId: acmeLeads[0],
      }),
      expect.objectContaining({ direction: 'sent', address: 'wile@acme.com', subject: 'Rockets' }),
    ]);
    expect(body.meetings).toEqual([
      expect.objectContaining({ topic: 'Acme demo', attendees: ['road@acme.com'] }),
    ]);
  });

  it('opens a company known by name (its key URL-encoded)', async () => {
    const body = await detail(acme.token, 'name:globex corp');
    expect(body.contacts).toHaveLength(2);
    expect(body.emails).toEqual([]);
    expect(body.meetings).toEqual([]);
  });

  it("answers 404 for an unknown key and for another organisation's", async () => {
    for (const url of [
      '/api/companies/unknown.example',
      `/api${companyPath('name:')}`,
      // A key as long as a company name can make one is looked up (not refused as too long).
      `/api/companies/${encodeURIComponent(`name:${'é '.repeat(100)}`)}`,
      `/api/companies/${'x'.repeat(600)}`,
    ]) {
      const response = await get(acme.token, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Company not found');
    }
    expect((await get(globex.token, '/api/companies/initech.io')).statusCode).toBe(404);
    // The same domain in another organisation is that organisation's own company.
    const theirs = await detail(globex.token, 'acme.com');
    expect(theirs.contacts.map((lead) => lead.personEmail)).toEqual(['other@acme.com']);
    expect(theirs.emails).toEqual([]);
  });
});

describe('GET /api/companies/:key/conversation', () => {
  const conversationOf = async (token: string, key: string) => {
    const response = await get(token, `/api${companyPath(key)}/conversation`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CompanyConversationAnswer;
  };

  it("shows the conversations of the company's leads in one timeline, each named", async () => {
    const db = t.database.db;
    // (The fixture's leads are all named Ada Lovelace: the ids tell them apart.)
    // Road (another lead of Acme) is written to between Wile's email and Wile's answer.
    const [toRoad] = await db
      .insert(sentEmails)
      .values({
        organizationId: acme.organizationId,
        userId: ben.id,
        leadId: acmeLeads[1]!,
        kind: 'single',
        status: 'sent',
        fromAddress: 'ben@acme.test',
        to: 'road@acme.com',
        subject: 'Faster roads',
        messageId: messageId(),
        sentAt: at('2024-03-05T12:00:00Z'),
      })
      .returning({ id: sentEmails.id });
    await db.insert(emailReplies).values({
      organizationId: acme.organizationId,
      userId: ben.id,
      leadId: acmeLeads[1]!,
      sentEmailId: toRoad!.id,
      fromAddress: 'road@acme.com',
      subject: 'Re: Faster roads',
      snippet: 'Beep beep',
      messageId: messageId(),
      receivedAt: at('2024-03-09T10:00:00Z'),
    });
    const { messages, truncated } = await conversationOf(acme.token, 'acme.com');
    expect(truncated).toBe(false);
    expect(
      messages.map((m) => [m.leadId, m.leadName, m.direction, m.subject, m.at.slice(0, 10)]),
    ).toEqual([
      [acmeLeads[0], 'Ada Lovelace', 'out', 'Rockets', '2024-03-05'],
      [acmeLeads[1], 'Ada Lovelace', 'out', 'Faster roads', '2024-03-05'],
      [acmeLeads[0], 'Ada Lovelace', 'in', 'Re: Rockets', '2024-03-06'],
      [acmeLeads[1], 'Ada Lovelace', 'in', 'Re: Faster roads', '2024-03-09'],
    ]);
    // Threads stay within each lead's conversation.
    expect(messages[2]!.threadId).toBe(messages[0]!.threadId);
    expect(messages[3]!.threadId).toBe(messages[1]!.threadId);
    expect(messages[3]!.snippet).toBe('Beep beep');
    // A company with no emails yet, known by name.
    expect(await conversationOf(acme.token, 'name:globex corp')).toEqual({
      messages: [],
      truncated: false,
    });
  });

  it('shows the newest messages only, past the limit', async () => {
    const rows = Array.from({ length: 302 }, (_, index) => ({
      organizationId: acme.organizationId,
      userId: ana.id,
      leadId: acmeLeads[5]!,
      kind: 'single' as const,
      status: 'sent' as const,
      fromAddress: 'ana@acme.test',
      to: 'bill@initech.io',
      subject: `Note ${index}`,
      messageId: messageId(),
      sentAt: new Date(Date.parse('2024-04-01T00:00:00Z') + index * 60_000),
    }));
    await t.database.db.insert(sentEmails).values(rows);
    const { messages, truncated } = await conversationOf(acme.token, 'initech.io');
    expect(truncated).toBe(true);
    expect(messages).toHaveLength(300);
    expect(messages[0]!.subject).toBe('Note 2');
    expect(messages.at(-1)!.subject).toBe('Note 301');
  });

  it("answers 404 for an unknown company and another organisation's, 403 without the permission", async () => {
    for (const [token, url] of [
      [acme.token, '/api/companies/unknown.example/conversation'],
      [globex.token, '/api/companies/initech.io/conversation'],
      [acme.token, `/api${companyPath('name:')}/conversation`],
    ] as const) {
      const response = await get(token, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('Company not found');
    }
    // The same domain elsewhere: that organisation's own leads, none of Acme's messages.
    expect(await conversationOf(globex.token, 'acme.com')).toEqual({
      messages: [],
      truncated: false,
    });
    const { token: plain } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ACME,
      permissions: { leadsTable: true },
    });
    expect((await get(plain, '/api/companies/acme.com/conversation')).statusCode).toBe(403);
  });
});

describe('access', () => {
  it('needs the companies permission and an organisation', async () => {
    const { token: plain } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ACME,
      permissions: { leadsTable: true },
    });
    expect((await get(plain, '/api/companies')).statusCode).toBe(403);
    expect((await get(plain, '/api/companies/acme.com')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/companies' })).statusCode).toBe(401);
    const root = await t.rootToken();
    const none = await get(root, '/api/companies');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/Choose an organisation/);
    const acting = await get(root, '/api/companies', { 'x-organization': ACME });
    expect(acting.statusCode, acting.body).toBe(200);
    expect((acting.json() as CompanyListResponse).total).toBe(3);
  });
});
