import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { campaigns } from '../src/db/tables/campaigns.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import {
  campaignPayload,
  createCampaign,
  getCampaign,
  sendCampaign,
  setStatus,
} from './campaigns-support.ts';
import {
  MISSING_ID,
  adminOf,
  createLead,
  expectFieldErrors,
  insertLeads,
  latestActivity,
} from './fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;
let acmeLeads: string[];
let globexLead: string;

const countCampaigns = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(campaigns);
  return row!.n;
};

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, 'acme-campaigns');
  globex = await adminOf(t, 'globex-campaigns');
  acmeLeads = await insertLeads(t.database.db, acme.organizationId, [
    {
      personFirstName: 'Ada',
      personLastName: 'Lovelace',
      industry: 'Technology',
      personCountry: 'United Kingdom',
      phone: '+44 20 7946 0958',
      personLinkedin: 'https://linkedin.com/in/ada',
    },
    {
      personFirstName: 'Grace',
      personLastName: 'Hopper',
      industry: 'Finance',
      personCountry: 'United States',
    },
    {
      personFirstName: 'Alan',
      personLastName: 'Turing',
      industry: 'Technology',
      personCountry: 'Germany',
      subject: 'Loves cryptography',
    },
    {
      personFirstName: 'Radia',
      personLastName: 'Perlman',
      industry: 'Healthcare',
      personCountry: 'Brazil',
    },
  ]);
  globexLead = (await createLead(t, globex.token))._id;
});
afterAll(() => t?.close());

const post = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/campaigns', token, payload: payload as object });

describe('POST /api/campaigns', () => {
  it('creates a draft with the defaults, the chosen leads and an activity entry', async () => {
    const response = await post(acme.token, {
      name: '  Spring outreach  ',
      emailSubject: 'Hello {{firstName}}',
      emailBody: '<p>Hi {{firstName}}, our plan is out.</p>',
      leads: [acmeLeads[0], acmeLeads[0]!.toUpperCase(), acmeLeads[1]],
      unknownField: 'ignored',
    });
    expect(response.statusCode, response.body).toBe(201);
    const campaign = response.json();
    expect(campaign).toMatchObject({
      _id: expect.any(String),
      name: 'Spring outreach',
      description: '',
      type: 'email',
      status: 'draft',
      targetFilters: { industry: '', region: '', tags: [] },
      followUps: [],
      schedule: { sendNow: true, startDate: null, throttlePerHour: 50 },
      chosenLeads: 2,
      leadCount: 2,
      sentCount: 0,
      organization: 'acme-campaigns',
      createdBy: { _id: acme.user._id, name: 'Test User' },
      startedAt: null,
      completedAt: null,
    });
    expect(campaign).not.toHaveProperty('unknownField');
    expect(campaign).not.toHaveProperty('organizationId');
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Campaign',
      action: 'created',
      entityId: campaign._id,
      details: 'Campaign "Spring outreach" created (email)',
      userId: acme.user._id,
    });
  });

  it("answers bad input with a 400 and the form's message, storing nothing", async () => {
    const before = await countCampaigns();
    const cases: [unknown, string, string][] = [
      [{}, 'name', 'Campaign name is required'],
      [campaignPayload({ name: '   ' }), 'name', 'Campaign name is required'],
      [{ ...campaignPayload(), name: 42 }, 'name', 'Campaign name is required'],
      [campaignPayload({ emailSubject: '' }), 'emailSubject', 'Email subject is required'],
      [campaignPayload({ emailBody: '<p> </p>' }), 'emailBody', 'Email body is required'],
      [
        campaignPayload({ name: 'x'.repeat(201) }),
        'name',
        'Campaign name must be at most 200 characters',
      ],
      [campaignPayload({ emailBody: 'x'.repeat(500_001) }), 'emailBody', 'Message is too long'],
      [{ ...campaignPayload(), type: 'fax' }, 'type', 'Type must be email, linkedin or call'],
      [{ ...campaignPayload(), leads: 'all' }, 'leads', 'leads must be a list of lead IDs'],
      [{ ...campaignPayload(), leads: ['nope'] }, 'leads.0', 'leads must be a list of lead IDs'],
      [
        campaignPayload({ schedule: { sendNow: false, throttlePerHour: 0 } }),
        'schedule.throttlePerHour',
        'Send rate must be between 1 and 1000 per hour',
      ],
      [
        campaignPayload({ schedule: { sendNow: false, throttlePerHour: 1001 } }),
        'schedule.throttlePerHour',
        'Send rate must be between 1 and 1000 per hour',
      ],
      [
        { ...campaignPayload(), schedule: { throttlePerHour: 'lots' } },
        'schedule.throttlePerHour',
        'Send rate must be between 1 and 1000 per hour',
      ],
      [
        { ...campaignPayload(), schedule: { startDate: 'tomorrow' } },
        'schedule.startDate',
        'Start date must be a date and time',
      ],
      [
        { ...campaignPayload(), targetFilters: { region: 'Atlantis' } },
        'targetFilters.region',
        'Please choose a listed region',
      ],
      [
        { ...campaignPayload(), targetFilters: { tags: 'vip' } },
        'targetFilters.tags',
        'tags must be a list of words',
      ],
      [
        campaignPayload({ followUps: [{ delayDays: 0, body: 'Just checking in' }] }),
        'followUps.0.delayDays',
        'Days after the previous step must be between 1 and 365',
      ],
      [
        campaignPayload({ followUps: [{ delayDays: 3, body: '' }] }),
        'followUps.0.body',
        'Follow-up message is required',
      ],
      [
        campaignPayload({ leads: [globexLead] }),
        'leads',
        'Some chosen leads were not found in this organisation',
      ],
      [
        campaignPayload({ leads: [MISSING_ID] }),
        'leads',
        'Some chosen leads were not found in this organisation',
      ],
    ];
    await expectFieldErrors(t, acme.token, '/api/campaigns', cases);
    const notObject = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token: acme.token,
      payload: '"a campaign"',
      headers: { 'content-type': 'application/json' },
    });
    expect(notObject.statusCode).toBe(400);
    expect(await countCampaigns()).toBe(before);
  });

  it('does not need an email subject or body for LinkedIn and call campaigns', async () => {
    for (const type of ['linkedin', 'call'] as const) {
      const campaign = await createCampaign(t, acme.token, {
        type,
        emailSubject: '',
        emailBody: '',
        name: `${type} touch`,
      });
      expect(campaign).toMatchObject({ type, status: 'draft' });
    }
  });

  it('asks a Super Admin of several organisations to choose one before creating', async () => {
    const response = await post(await t.rootToken(), campaignPayload());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Choose an organisation in the header to create campaigns',
    );
  });
});

describe('reading campaigns', () => {
  it('lists the organisation’s campaigns only, newest first', async () => {
    const own = await createCampaign(t, globex.token, { name: 'Globex only' });
    const response = await t.request({ method: 'GET', url: '/api/campaigns', token: globex.token });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.map((c: { _id: string }) => c._id)).toEqual([own._id]);
    const acmeList = (
      await t.request({ method: 'GET', url: '/api/campaigns', token: acme.token })
    ).json();
    expect(acmeList.length).toBeGreaterThan(1);
    expect(
      acmeList.every((c: { organization: string }) => c.organization === 'acme-campaigns'),
    ).toBe(true);
    const times = acmeList.map((c: { createdAt: string }) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('groups every organisation’s campaigns for a Super Admin', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/campaigns',
      token: await t.rootToken(),
    });
    expect(response.statusCode).toBe(200);
    const grouped = response.json();
    expect(Array.isArray(grouped)).toBe(false);
    expect(Object.keys(grouped)).toEqual(
      expect.arrayContaining(['acme-campaigns', 'globex-campaigns']),
    );
    expect(grouped['globex-campaigns'][0].name).toBe('Globex only');
  });

  it('shows one campaign with its chosen leads; a foreign or missing one is a 404', async () => {
    const created = await createCampaign(t, acme.token, { leads: [acmeLeads[2]!] });
    const detail = await getCampaign(t, acme.token, created._id);
    expect(detail).toMatchObject({
      leads: [acmeLeads[2]],
      leadOptions: [{ _id: acmeLeads[2], name: 'Alan Turing', companyName: 'Acme' }],
      counts: { queued: 0, sent: 0, failed: 0, replied: 0, unsubscribed: 0, done: 0 },
      steps: [],
      nextSendAt: null,
    });
    for (const [token, id, status] of [
      [globex.token, created._id, 404],
      [acme.token, MISSING_ID, 404],
      [acme.token, 'not-an-id', 400],
    ] as const) {
      const response = await t.request({ method: 'GET', url: `/api/campaigns/${id}`, token });
      expect(response.statusCode).toBe(status);
    }
    const root = await getCampaign(t, await t.rootToken(), created._id);
    expect(root.organization).toBe('acme-campaigns');
  });

  it('counts the audience of a draft from its chosen leads and target filters', async () => {
    const audience = async (payload: object) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/campaigns/audience',
        token: acme.token,
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().count as number;
    };
    expect(await audience({})).toBe(0);
    expect(await audience({ targetFilters: { industry: 'technology' } })).toBe(2);
    expect(await audience({ targetFilters: { region: 'Europe' } })).toBe(2);
    expect(await audience({ targetFilters: { region: 'Global' } })).toBe(4);
    expect(await audience({ targetFilters: { industry: 'Technology', region: 'Europe' } })).toBe(2);
    expect(await audience({ targetFilters: { tags: ['CRYPTOGRAPHY', 'perlman'] } })).toBe(2);
    expect(
      await audience({ leads: [acmeLeads[1]], targetFilters: { industry: 'Technology' } }),
    ).toBe(3);
    // Another organisation's lead counts for nothing.
    expect(await audience({ leads: [globexLead] })).toBe(0);
    const draft = await createCampaign(t, acme.token, {
      leads: [acmeLeads[3]!],
      targetFilters: { industry: 'Technology' },
    });
    expect(draft.leadCount).toBe(3);
  });

  it('offers the organisation’s leads to choose from, searched', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/campaigns/lead-options?search=hopper',
      token: acme.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { _id: acmeLeads[1], name: 'Grace Hopper', email: expect.any(String), companyName: 'Acme' },
    ]);
    const foreign = await t.request({
      method: 'GET',
      url: '/api/campaigns/lead-options',
      token: globex.token,
    });
    expect(foreign.json().map((lead: { _id: string }) => lead._id)).toEqual([globexLead]);
    const root = await t.request({
      method: 'GET',
      url: '/api/campaigns/lead-options',
      token: await t.rootToken(),
    });
    expect(root.statusCode).toBe(400);
    const long = await t.request({
      method: 'GET',
      url: `/api/campaigns/lead-options?search=${'x'.repeat(201)}`,
      token: acme.token,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('PUT /api/campaigns/:id', () => {
  it('changes the fields sent and keeps the others', async () => {
    const created = await createCampaign(t, acme.token, { leads: [acmeLeads[0]!] });
    const response = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
      payload: {
        name: 'Renamed',
        schedule: { sendNow: false, throttlePerHour: 10 },
        followUps: [{ delayDays: 3, body: '<p>Just checking in</p>' }],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Renamed',
      emailSubject: 'Hello {{firstName}}',
      schedule: { sendNow: false, throttlePerHour: 10, startDate: null },
      followUps: [{ delayDays: 3, body: '<p>Just checking in</p>' }],
      chosenLeads: 1,
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'updated',
      details: 'Campaign "Renamed" updated',
    });
  });

  it('checks the campaign as it will be saved, and refuses foreign ids and bad input', async () => {
    const created = await createCampaign(t, acme.token, { type: 'call', emailSubject: '' });
    const toEmail = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
      payload: { type: 'email' },
    });
    expect(toEmail.statusCode).toBe(400);
    expect(toEmail.json().errors.emailSubject).toBe('Email subject is required');
    for (const [token, id, payload, status] of [
      [globex.token, created._id, { name: 'Mine now' }, 404],
      [acme.token, MISSING_ID, { name: 'Nobody' }, 404],
      [acme.token, 'x', { name: 'Nobody' }, 400],
      [acme.token, created._id, {}, 400],
      [acme.token, created._id, { name: '' }, 400],
      [acme.token, created._id, { leads: [globexLead] }, 400],
    ] as const) {
      const response = await t.request({
        method: 'PUT',
        url: `/api/campaigns/${id}`,
        token,
        payload,
      });
      expect(response.statusCode, response.body).toBe(status);
    }
    expect((await getCampaign(t, acme.token, created._id)).name).toBe(created.name);
  });
});

describe('LinkedIn and call campaigns', () => {
  it('sending makes a task list; ticking tasks off counts and completes the campaign', async () => {
    const created = await createCampaign(t, acme.token, {
      type: 'linkedin',
      name: 'Connect on LinkedIn',
      emailSubject: '',
      emailBody: '',
      leads: [acmeLeads[0]!, acmeLeads[1]!],
    });
    const tick = (leadId: string, done: unknown, token = acme.token) =>
      t.request({
        method: 'PATCH',
        url: `/api/campaigns/${created._id}/tasks/${leadId}`,
        token,
        payload: { done },
      });
    expect((await tick(acmeLeads[0]!, true)).statusCode).toBe(409);

    const sent = await sendCampaign(t, acme.token, created._id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'Campaign started: its task list is ready',
      campaign: { status: 'active', leadCount: 2, sentCount: 0 },
    });
    expect((await sendCampaign(t, acme.token, created._id)).statusCode).toBe(409);

    const list = await t.request({
      method: 'GET',
      url: `/api/campaigns/${created._id}/recipients`,
      token: acme.token,
    });
    expect(list.json()).toMatchObject({ total: 2, counts: { queued: 2, done: 0 } });
    // A task shows how to reach the lead: the phone (call tasks), the profile (LinkedIn).
    expect(list.json().recipients).toContainEqual(
      expect.objectContaining({
        lead: expect.objectContaining({ _id: acmeLeads[0] }),
        phone: '+44 20 7946 0958',
        profileLink: 'https://linkedin.com/in/ada',
      }),
    );

    expect((await tick(acmeLeads[2]!, true)).statusCode).toBe(404);
    expect((await tick(acmeLeads[0]!, 'yes')).statusCode).toBe(400);
    expect((await tick(acmeLeads[0]!, true, globex.token)).statusCode).toBe(404);
    const first = await tick(acmeLeads[0]!, true);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Task done',
      campaign: { sentCount: 1, status: 'active' },
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'task done',
      details: 'Campaign "Connect on LinkedIn": LinkedIn task for Ada Lovelace done',
    });
    const last = await tick(acmeLeads[1]!, true);
    expect(last.json().campaign).toMatchObject({ sentCount: 2, status: 'completed' });
    const reopened = await tick(acmeLeads[1]!, false);
    expect(reopened.json()).toMatchObject({
      message: 'Task reopened',
      campaign: { sentCount: 1, status: 'active' },
    });
    const done = await t.request({
      method: 'GET',
      url: `/api/campaigns/${created._id}/recipients?state=done`,
      token: acme.token,
    });
    expect(done.json().recipients).toMatchObject([
      { lead: { _id: acmeLeads[0], name: 'Ada Lovelace' }, state: 'done', step: 0 },
    ]);
  });

  it('pauses and resumes, and refuses moves the status does not allow', async () => {
    const created = await createCampaign(t, acme.token, {
      type: 'call',
      emailSubject: '',
      leads: [acmeLeads[2]!],
    });
    expect((await setStatus(t, acme.token, created._id, 'paused')).statusCode).toBe(409);
    expect((await setStatus(t, acme.token, created._id, 'completed')).statusCode).toBe(400);
    expect((await sendCampaign(t, acme.token, created._id)).statusCode).toBe(200);
    expect((await setStatus(t, acme.token, created._id, 'active')).statusCode).toBe(409);
    const paused = await setStatus(t, acme.token, created._id, 'paused');
    expect(paused.json()).toMatchObject({
      message: 'Campaign paused',
      campaign: { status: 'paused' },
    });
    const resumed = await setStatus(t, acme.token, created._id, 'active');
    expect(resumed.json()).toMatchObject({
      message: 'Campaign resumed',
      campaign: { status: 'active' },
    });
    // Sent once, the audience and type are fixed; the wording may still change.
    const retype = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
      payload: { type: 'linkedin' },
    });
    expect(retype.statusCode).toBe(409);
    expect(retype.json().message).toBe(
      'Leads, target filters and type can only be changed before the campaign is sent',
    );
    const rename = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
      payload: { name: 'Call them all', description: 'Phone round' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
  });

  it('refuses to send a campaign without leads', async () => {
    const created = await createCampaign(t, acme.token, { type: 'call', emailSubject: '' });
    const response = await sendCampaign(t, acme.token, created._id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This campaign has no leads: choose leads or target filters that match some',
    );
    expect((await getCampaign(t, acme.token, created._id)).status).toBe('draft');
  });
});

describe('email campaigns without a mail server', () => {
  it('cannot be sent before the creator configures SMTP', async () => {
    const created = await createCampaign(t, acme.token, { leads: [acmeLeads[0]!] });
    const response = await sendCampaign(t, acme.token, created._id);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'No SMTP configuration found. Configure your mail server first.',
    );
    const root = await sendCampaign(t, await t.rootToken(), created._id);
    expect(root.statusCode).toBe(400);
    expect(root.json().message).toContain('has no SMTP configuration');
    expect((await getCampaign(t, acme.token, created._id)).status).toBe('draft');
  });
});

describe('DELETE /api/campaigns/:id', () => {
  it('deletes the organisation’s own campaign only', async () => {
    const created = await createCampaign(t, acme.token, { name: 'Short-lived' });
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/campaigns/${created._id}`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
    const response = await t.request({
      method: 'DELETE',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Campaign deleted successfully' });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'deleted',
      details: 'Campaign "Short-lived" deleted',
    });
    const again = await t.request({
      method: 'DELETE',
      url: `/api/campaigns/${created._id}`,
      token: acme.token,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('access', () => {
  it('needs a token and the campaigns permission on every route', async () => {
    const rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-campaigns' });
    const created = await createCampaign(t, acme.token);
    const routes: [string, string, object?][] = [
      ['GET', '/api/campaigns'],
      ['POST', '/api/campaigns', campaignPayload()],
      ['GET', '/api/campaigns/lead-options'],
      ['POST', '/api/campaigns/audience', {}],
      ['GET', `/api/campaigns/${created._id}`],
      ['PUT', `/api/campaigns/${created._id}`, { name: 'x' }],
      ['DELETE', `/api/campaigns/${created._id}`],
      ['POST', `/api/campaigns/${created._id}/send`],
      ['PATCH', `/api/campaigns/${created._id}/status`, { status: 'paused' }],
      ['GET', `/api/campaigns/${created._id}/recipients`],
      ['PATCH', `/api/campaigns/${created._id}/tasks/${acmeLeads[0]}`, { done: true }],
    ];
    for (const [method, url, payload] of routes) {
      const options = { method: method as 'GET', url, ...(payload ? { payload } : {}) };
      expect((await t.request(options)).statusCode, `${method} ${url}`).toBe(401);
      const refused = await t.request({ ...options, token: rep.token });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to access Campaigns.');
    }
    expect((await getCampaign(t, acme.token, created._id)).name).toBe(created.name);
  });

  it('answers 404 for another organisation’s campaign on every route, changing nothing', async () => {
    const foreign = await createCampaign(t, globex.token, {
      type: 'call',
      emailSubject: '',
      leads: [globexLead],
    });
    const routes: [string, string, object?][] = [
      ['GET', `/api/campaigns/${foreign._id}`],
      ['PUT', `/api/campaigns/${foreign._id}`, { name: 'Taken over' }],
      ['DELETE', `/api/campaigns/${foreign._id}`],
      ['POST', `/api/campaigns/${foreign._id}/send`],
      ['PATCH', `/api/campaigns/${foreign._id}/status`, { status: 'paused' }],
      ['GET', `/api/campaigns/${foreign._id}/recipients`],
      ['PATCH', `/api/campaigns/${foreign._id}/tasks/${globexLead}`, { done: true }],
      ['GET', `/api/campaigns/lead-options?campaignId=${foreign._id}`],
      ['POST', '/api/campaigns/audience', { campaignId: foreign._id }],
    ];
    for (const [method, url, payload] of routes) {
      const response = await t.request({
        method: method as 'GET',
        url,
        token: acme.token,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Campaign not found');
    }
    const unchanged = await getCampaign(t, globex.token, foreign._id);
    expect(unchanged).toMatchObject({ name: foreign.name, status: 'draft' });
  });

  it('refuses oversized lists and wrong types', async () => {
    const before = await countCampaigns();
    const tooMany = Array.from(
      { length: 10_001 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const cases: [unknown, string][] = [
      [{ ...campaignPayload(), leads: tooMany }, 'leads'],
      [
        { ...campaignPayload(), targetFilters: { tags: Array(21).fill('x') } },
        'targetFilters.tags',
      ],
      [{ ...campaignPayload(), targetFilters: { tags: ['y'.repeat(51)] } }, 'targetFilters.tags.0'],
      [
        { ...campaignPayload(), followUps: Array(11).fill({ delayDays: 1, body: 'Hello again' }) },
        'followUps',
      ],
      [{ ...campaignPayload(), followUps: 'soon' }, 'followUps'],
      [{ ...campaignPayload(), schedule: { sendNow: 'yes' } }, 'schedule.sendNow'],
      [{ ...campaignPayload(), schedule: 'now' }, 'schedule'],
      [{ ...campaignPayload(), targetFilters: [] }, 'targetFilters'],
      [{ ...campaignPayload(), description: 'd'.repeat(2001) }, 'description'],
      [{ ...campaignPayload(), emailSubject: 's'.repeat(101) }, 'emailSubject'],
    ];
    for (const [payload, field] of cases) {
      const response = await post(acme.token, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors, field).toHaveProperty([field]);
    }
    expect(await countCampaigns()).toBe(before);
  });

  it('pages recipients and refuses a bad page size', async () => {
    const created = await createCampaign(t, acme.token, {
      type: 'call',
      emailSubject: '',
      targetFilters: { region: 'Global' },
    });
    expect((await sendCampaign(t, acme.token, created._id)).statusCode).toBe(200);
    const page = await t.request({
      method: 'GET',
      url: `/api/campaigns/${created._id}/recipients?limit=10&page=1&search=turing`,
      token: acme.token,
    });
    expect(page.json()).toMatchObject({
      total: 1,
      page: 1,
      limit: 10,
      counts: { queued: 4 },
      recipients: [{ lead: { name: 'Alan Turing' }, state: 'queued', sentAt: null }],
    });
    for (const query of ['limit=7', 'page=0', 'state=lost', `search=${'y'.repeat(201)}`]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/campaigns/${created._id}/recipients?${query}`,
        token: acme.token,
      });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
