import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { Template } from '@leadline/shared/templates';
import { emailTemplates } from '../src/db/tables/templates.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, openWithSmtp, receivedBy, runBulk } from './email-bulk-support.ts';
import { MISSING_ID, callAs, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';

const ORG = 'acme-templates';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
/** Two Sales Reps of acme (they may send) and a user of acme who may send nothing. */
let ana: { token: string; id: string };
let ben: { token: string; id: string };
let reader: string;
let lead: string;
let blankLead: string;
let foreignLead: string;

const rep = async (name: string) => {
  const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName: ORG, name });
  return { token, id: user._id };
};

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-templates-3k', [ORG, 'globex-templates']));
  ana = await rep('Ana Rep');
  ben = await rep('Ben Rep');
  const other = await rep('Rita Reader');
  const changed = await t.request({
    method: 'PUT',
    url: `/api/users/${other.id}/permissions`,
    token: acme.token,
    payload: { permissions: { sendEmailPage: false, sendBulkEmail: false, campaigns: false } },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  reader = other.token;
  [lead, blankLead] = (await insertLeads(t.database.db, acme.organizationId, [
    {
      personFirstName: 'Grace',
      personLastName: 'Hopper',
      companyName: 'Navy <Labs>',
      personDesignation: 'Rear Admiral',
      personCity: 'Arlington',
      personCountry: 'United States',
      personEmail: 'grace@templates.test',
    },
    {
      personFirstName: '',
      personLastName: '',
      companyName: '',
      personDesignation: '',
      personCity: '',
      personCountry: '',
      personEmail: 'blank@templates.test',
    },
  ])) as [string, string];
  [foreignLead] = (await insertLeads(t.database.db, globex.organizationId, [{}])) as [string];
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
const call = (...args: Tail<Parameters<typeof callAs>>) => callAs(t, ...args);

const create = async (token: string, fields: Record<string, unknown> = {}): Promise<Template> => {
  const response = await call(token, 'POST', '/api/templates', {
    name: 'Intro',
    subject: 'Hello {{firstName}}',
    body: '<p>Hi {{firstName}},</p>',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
};

const names = async (token: string) => {
  const response = await call(token, 'GET', '/api/templates');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Template[]).map((template) => template.name);
};

const templateCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(emailTemplates);
  return row!.n;
};

describe('saving templates', () => {
  it('keeps personal templates for their owner and shares the shared ones', async () => {
    const personal = await create(ana.token, { name: 'Ana personal' });
    expect(personal).toMatchObject({
      name: 'Ana personal',
      shared: false,
      editable: true,
      owner: { _id: ana.id, name: 'Ana Rep' },
    });
    const shared = await create(ana.token, { name: 'Ana shared', shared: true });
    expect(await names(ana.token)).toEqual(['Ana personal', 'Ana shared']);
    expect(await names(ben.token)).toEqual(['Ana shared']);
    expect(await names(acme.token)).toEqual(['Ana shared']);
    expect(await names(globex.token)).toEqual([]);
    // Another user's personal template is unknown to them, administrators included.
    for (const token of [ben.token, acme.token, globex.token]) {
      expect((await call(token, 'GET', `/api/templates/${personal._id}`)).statusCode).toBe(404);
    }
    const seen = await call(ben.token, 'GET', `/api/templates/${shared._id}`);
    expect(seen.json()).toMatchObject({ name: 'Ana shared', editable: false });
  });

  it('lets only the owner or an administrator change or delete a template', async () => {
    const shared = await create(ana.token, { name: 'Team intro', shared: true });
    const url = `/api/templates/${shared._id}`;
    expect((await call(ben.token, 'PUT', url, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await call(ben.token, 'DELETE', url)).statusCode).toBe(403);
    const renamed = await call(ana.token, 'PUT', url, { name: 'Team intro v2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Team intro v2', subject: 'Hello {{firstName}}' });
    const byAdmin = await call(acme.token, 'PUT', url, { subject: 'Hi {{firstName|there}}' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ editable: true, subject: 'Hi {{firstName|there}}' });
    expect((await call(acme.token, 'DELETE', url)).statusCode).toBe(200);
    expect((await call(ana.token, 'GET', url)).statusCode).toBe(404);
  });

  it('refuses unknown merge fields and bad input with a 400 naming the field, changing nothing', async () => {
    const before = await templateCount();
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ body: '<p>Hi {{fristName}},</p>' }, 'body', 'Unknown merge field {{fristName}}'],
      [{ subject: 'For {{company}}' }, 'subject', 'Unknown merge field {{company}}'],
      [{ body: '<p>{{unsubscribeUrl}}</p>' }, 'body', 'Unknown merge field {{unsubscribeUrl}}'],
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'name', /at most 100/],
      [{ subject: '   ' }, 'subject', 'Subject is required'],
      [{ body: '<p> </p>' }, 'body', 'Body is required'],
      [{ shared: 'yes' }, 'shared', 'shared must be true or false'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await call(ana.token, 'POST', '/api/templates', {
        name: 'Bad',
        subject: 'Fine',
        body: '<p>Fine</p>',
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors[field]).toMatch(message);
    }
    const kept = await create(ana.token, { name: 'Kept' });
    const refused = await call(ana.token, 'PUT', `/api/templates/${kept._id}`, {
      body: '<p>{{firstName}} at {{Compnay|you}}</p>',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.body).toBe('Unknown merge field {{Compnay}}');
    expect((await call(ana.token, 'PUT', `/api/templates/${kept._id}`, {})).statusCode).toBe(400);
    expect((await call(ana.token, 'GET', `/api/templates/${kept._id}`)).json().body).toBe(
      '<p>Hi {{firstName}},</p>',
    );
    expect(await templateCount()).toBe(before + 1);
  });

  it('is for users who may send, and answers 404 across organisations', async () => {
    const template = await create(ana.token, { name: 'Mine', shared: true });
    for (const [method, url] of [
      ['GET', '/api/templates'],
      ['POST', '/api/templates'],
      ['GET', `/api/templates/${template._id}`],
      ['DELETE', `/api/templates/${template._id}`],
    ] as const) {
      expect((await call(reader, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, payload] of [
      ['GET', `/api/templates/${template._id}`],
      ['PUT', `/api/templates/${template._id}`, { name: 'Stolen' }],
      ['DELETE', `/api/templates/${template._id}`],
      ['POST', `/api/templates/${template._id}/preview`, { leadId: foreignLead }],
      ['GET', `/api/templates/${MISSING_ID}`],
      ['GET', '/api/templates/not-an-id'],
    ] as const) {
      const response = await call(globex.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // A lead of another organisation is not found either.
    const preview = await call(ana.token, 'POST', `/api/templates/${template._id}/preview`, {
      leadId: foreignLead,
    });
    expect(preview.statusCode).toBe(404);
    const badLead = await call(ana.token, 'POST', `/api/templates/${template._id}/preview`, {
      leadId: 'x',
    });
    expect(badLead.statusCode).toBe(400);
    expect(badLead.json().errors.leadId).toBe('Invalid lead ID');
    expect((await call(ana.token, 'GET', `/api/templates/${template._id}`)).json().name).toBe(
      'Mine',
    );
  });
});

describe('merge fields and fallbacks', { timeout: 60_000 }, () => {
  const subject = 'Hello {{firstName}} from {{senderName}}';
  const body = [
    '<p>Hi {{firstName|friend}} {{lastName}},</p>',
    '<p>How is {{ companyName | your team }} in {{city|your city}}, {{COUNTRY}}?</p>',
    '<p>As {{jobTitle|a leader}} you know. {{firstName}}</p>',
  ].join('');

  it('previews a template against a lead: values escaped, fallbacks for blanks', async () => {
    const template = await create(ana.token, { name: 'Merge', subject, body });
    const preview = async (leadId: string) => {
      const response = await call(ana.token, 'POST', `/api/templates/${template._id}/preview`, {
        leadId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { subject: string; body: string };
    };
    expect(await preview(lead)).toEqual({
      subject: 'Hello Grace from Ana Rep',
      body:
        '<p>Hi Grace Hopper,</p><p>How is Navy &lt;Labs&gt; in Arlington, United States?</p>' +
        '<p>As Rear Admiral you know. Grace</p>',
    });
    expect(await preview(blankLead)).toEqual({
      subject: 'Hello there from Ana Rep',
      body:
        '<p>Hi friend ,</p><p>How is your team in your city, ?</p>' +
        '<p>As a leader you know. there</p>',
    });
  });

  it('answers the preview sanitised on the server (issue 24)', async () => {
    // A template's body is stored as written (the editor or the API may send anything); the
    // preview is HTML a page may show, so the server cleans it, as it does inbox emails.
    const hostile = [
      '<p onclick="steal()">Hi {{firstName}}</p>',
      '<script>document.cookie</script>',
      '<img src="https://tracker.example/pixel.gif" onerror="steal()">',
      '<a href="javascript:steal()">click</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<style>body{display:none}</style>',
    ].join('');
    const template = await create(ana.token, { name: 'Hostile', subject: 'Hi', body: hostile });
    const response = await call(ana.token, 'POST', `/api/templates/${template._id}/preview`, {
      leadId: lead,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { body: previewed } = response.json() as { body: string };
    expect(previewed).toContain('Hi Grace');
    for (const banned of ['<script', 'onclick', 'onerror', 'javascript:', '<iframe', '<style'])
      expect(previewed.toLowerCase()).not.toContain(banned);
    // A remote image is kept only as data-remote-src: the preview loads nothing by itself.
    expect(previewed).toContain('data-remote-src="https://tracker.example/pixel.gif"');
    expect(previewed).not.toContain(' src="https://tracker.example');
  });

  it('fills the same fields in a bulk run, and refuses an unknown one', async () => {
    const result = await runBulk(
      t,
      acme.token,
      bulkPayload([lead, blankLead], { subject: 'For {{companyName|you}}', body }),
    );
    expect(result.sent).toBe(2);
    const [grace] = await receivedBy(smtp.messages, 'grace@templates.test');
    expect(grace!.subject).toBe('For Navy <Labs>');
    expect(String(grace!.html)).toContain('How is Navy &lt;Labs&gt; in Arlington, United States?');
    expect(grace!.text).toContain('As Rear Admiral you know. Grace');
    const [blank] = await receivedBy(smtp.messages, 'blank@templates.test');
    expect(blank!.subject).toBe('For you');
    expect(String(blank!.html)).toContain('Hi friend ,');
    expect(String(blank!.html)).toContain('How is your team in your city, ?');

    const refused = await t.request({
      method: 'POST',
      url: '/api/email/bulk',
      token: acme.token,
      payload: bulkPayload([lead], { body: '<p>Hi {{firstname}}, {{title}} here.</p>' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.body).toBe('Unknown merge field {{title}}');

    // Campaign emails and follow-ups are checked the same way.
    const campaign = {
      name: 'Merge check',
      type: 'email',
      emailSubject: 'Hi {{firstName|there}}',
      emailBody: '<p>Dear {{firstName}}, news for {{companyName|you}}.</p>',
    };
    for (const [fields, field, name] of [
      [{ emailSubject: 'Hi {{frist}}' }, 'emailSubject', '{{frist}}'],
      [{ emailBody: '<p>{{company}}</p>' }, 'emailBody', '{{company}}'],
      [{ followUps: [{ delayDays: 2, body: '<p>{{nmae}}</p>' }] }, 'followUps.0.body', '{{nmae}}'],
    ] as const) {
      const response = await call(acme.token, 'POST', '/api/campaigns', { ...campaign, ...fields });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[field]).toBe(`Unknown merge field ${name}`);
    }
    expect((await call(acme.token, 'POST', '/api/campaigns', campaign)).statusCode).toBe(201);
  });
});
