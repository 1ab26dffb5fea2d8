import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@leadline/shared/auth';
import type { Automation, AutomationInput, AutomationRun } from '@leadline/shared/automation';
import type { Task } from '@leadline/shared/tasks';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, adminOf, createLead } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';
import { createSystemMailer } from '../src/modules/system-mail/mailer.ts';
import { LOOP_STOPPED, NO_LEAD } from '../src/modules/automation/engine.ts';
import { NO_SYSTEM_MAIL } from '../src/modules/automation/actions.ts';
import { createCampaign, sendCampaign } from './campaigns-support.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let smtp: TestSmtpServer;
type Member = { user: PublicUser; token: string };
let rep: Member;
let rep2: Member;

/** A loopback receiver: records every POST, answers `status` (a failing one on purpose). */
type Receiver = {
  url: string;
  hits: { headers: Record<string, unknown>; body: string }[];
  status: number;
  server: Server;
};
let receiver: Receiver;

beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'system@mail.test', password: 'system-mailbox-pass' });
  const url = `smtp://${encodeURIComponent(smtp.user)}:${encodeURIComponent(smtp.password)}@${smtp.host}:${smtp.port}`;
  t = await createTestContext({
    jobs: { systemMailer: createSystemMailer({ url, from: 'Leadline <system@mail.test>' }) },
  });
  acme = await adminOf(t, 'acme');
  globex = await adminOf(t, 'globex');
  rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Rita Rep' });
  rep2 = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Sam Rep' });
  const hits: Receiver['hits'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      hits.push({ headers: request.headers, body });
      response.statusCode = receiver.status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver = { url: `http://127.0.0.1:${port}/hook`, hits, status: 200, server };
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
  await new Promise((resolve) => receiver.server.close(resolve));
});

const rule = async (body: AutomationInput, token = acme.token): Promise<Automation> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/automations',
    token,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().automation;
};

const runsOf = async (id: string, token = acme.token): Promise<AutomationRun[]> => {
  const response = await t.request({ method: 'GET', url: `/api/automations/${id}/runs`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().runs;
};

/** Waits for `count` finished runs of the rule (none pending), oldest first. */
const finishedRuns = async (id: string, count: number): Promise<AutomationRun[]> =>
  (
    await waitFor(
      () => runsOf(id),
      (runs) => runs.length >= count && runs.every((run) => run.status !== 'pending'),
      30_000,
      100,
    )
  ).reverse();

const leadOf = async (id: string): Promise<LeadBody> =>
  (await t.request({ method: 'GET', url: `/api/leads/${id}`, token: acme.token })).json();

const setStatus = (id: string, status: string, token = acme.token) =>
  t.request({ method: 'PATCH', url: `/api/leads/${id}/status`, token, payload: { status } });

const off = (id: string) =>
  t.request({
    method: 'PUT',
    url: `/api/automations/${id}`,
    token: acme.token,
    payload: { enabled: false },
  });

describe('Automation rules', () => {
  it('lead.created -> set status, logged on the rule and in the activity log', async () => {
    const created = await rule({
      name: 'Referrals are hot',
      trigger: 'lead.created',
      conditions: [{ field: 'source', op: 'equals', value: 'referral' }],
      actions: [{ type: 'set_status', status: 'Hot Lead' }],
    });
    expect(created).toMatchObject({ enabled: true, createdBy: { id: acme.user._id } });
    const hot = await createLead(t, acme.token, { source: 'Referral', status: 'Cold Lead' });
    const cold = await createLead(t, acme.token, { source: 'Website', status: 'Cold Lead' });
    const runs = await finishedRuns(created._id, 2);
    const byLead = new Map(runs.map((run) => [run.lead?.id, run]));
    expect(byLead.get(hot._id)).toMatchObject({
      status: 'succeeded',
      outcome: 'Status set to Hot Lead',
      eventType: 'lead.created',
      depth: 0,
    });
    expect(byLead.get(cold._id)).toMatchObject({
      status: 'skipped',
      outcome: 'Condition not met: Source equals referral',
    });
    expect((await leadOf(hot._id)).status).toBe('Hot Lead');
    expect((await leadOf(cold._id)).status).toBe('Cold Lead');
    const activity = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${hot._id}`,
      token: acme.token,
    });
    expect(activity.json().activities ?? activity.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'Automation', action: 'rule ran' })]),
    );
    const listed = await t.request({ method: 'GET', url: '/api/automations', token: acme.token });
    expect(
      listed.json().automations.find((row: Automation) => row._id === created._id),
    ).toMatchObject({
      counts: { succeeded: 1, skipped: 1, failed: 0, pending: 0 },
      lastRunAt: expect.any(String),
    });
    expect((await off(created._id)).statusCode).toBe(200);
  });

  it('a switched-off rule creates no runs', async () => {
    const created = await rule({
      name: 'Off',
      trigger: 'lead.created',
      actions: [{ type: 'set_status', status: 'Qualified' }],
      enabled: false,
    });
    const lead = await createLead(t, acme.token, { status: 'Cold Lead' });
    // Another rule's run for the same event proves the event was dispatched.
    const witness = await rule({
      name: 'Witness',
      trigger: 'lead.status_changed',
      actions: [{ type: 'notify_owner' }],
    });
    await setStatus(lead._id, 'Warm Lead');
    await finishedRuns(witness._id, 1);
    expect(await runsOf(created._id)).toEqual([]);
    expect((await leadOf(lead._id)).status).toBe('Warm Lead');
    await off(witness._id);
  });

  it('assigns owners round-robin over the chosen users, and creates a task for the owner', async () => {
    const created = await rule({
      name: 'Share the new leads',
      trigger: 'lead.created',
      actions: [
        { type: 'assign_round_robin', userIds: [rep.user._id, rep2.user._id] },
        { type: 'create_task', title: 'Call the new lead', dueInDays: 2 },
      ],
    });
    const leads = [];
    for (let n = 0; n < 3; n++) leads.push(await createLead(t, acme.token));
    const runs = await finishedRuns(created._id, 3);
    expect(runs.map((run) => run.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Runs of one organisation work side by side, so the turns go in the order the runs take
    // them: what holds is that the turns alternate (two for the first user, one for the second)
    // and each lead's task goes to the owner its run gave it.
    const owners: string[] = [];
    for (const lead of leads) {
      const owner = (await leadOf(lead._id)).owner as { id: string; name: string };
      owners.push(owner.name);
      const tasks: Task[] = (
        await t.request({ method: 'GET', url: `/api/tasks?leadId=${lead._id}`, token: acme.token })
      ).json().tasks;
      expect(tasks).toEqual([
        expect.objectContaining({
          title: 'Call the new lead',
          owner: { id: owner.id, name: owner.name },
          automationId: created._id,
        }),
      ]);
    }
    expect(owners.sort()).toEqual(['Rita Rep', 'Rita Rep', 'Sam Rep']);
    expect(
      runs.filter((run) => run.outcome.includes('Assigned to Sam Rep (round-robin)')),
    ).toHaveLength(1);
    await off(created._id);
  });

  it('assigns an owner and adds the lead to a campaign', async () => {
    const campaign = await createCampaign(t, acme.token, { name: 'Nurture' });
    const created = await rule({
      name: 'Germany to Sam',
      trigger: 'lead.created',
      conditions: [{ field: 'country', op: 'contains', value: 'germ' }],
      actions: [
        { type: 'assign_owner', ownerId: rep2.user._id },
        { type: 'add_to_campaign', campaignId: campaign._id },
      ],
    });
    const lead = await createLead(t, acme.token, { personCountry: 'Germany' });
    const [run] = await finishedRuns(created._id, 1);
    expect(run).toMatchObject({ status: 'succeeded' });
    expect(run!.outcome).toBe('Owner set to Sam Rep; Added to campaign "Nurture"');
    expect((await leadOf(lead._id)).ownerId).toBe(rep2.user._id);
    const detail = await t.request({
      method: 'GET',
      url: `/api/campaigns/${campaign._id}`,
      token: acme.token,
    });
    expect(detail.json().leads).toContain(lead._id);
    await off(created._id);
  });

  it('POSTs the event to a webhook, and a failing one fails the run, not the change', async () => {
    const created = await rule({
      name: 'Tell the warehouse',
      trigger: 'lead.status_changed',
      actions: [{ type: 'webhook', url: receiver.url }],
    });
    const lead = await createLead(t, acme.token, { status: 'Cold Lead' });
    const before = receiver.hits.length;
    expect((await setStatus(lead._id, 'Qualified')).statusCode).toBe(200);
    const [run] = await finishedRuns(created._id, 1);
    expect(run).toMatchObject({
      status: 'succeeded',
      outcome: `Webhook sent to ${receiver.url} (200)`,
    });
    const hit = receiver.hits[before]!;
    expect(hit.headers['leadline-event-id']).toBe(run!.eventId);
    expect(JSON.parse(hit.body)).toMatchObject({
      id: run!.eventId,
      type: 'lead.status_changed',
      data: { lead: { _id: lead._id, status: 'Qualified' }, previousStatus: 'Cold Lead' },
      automation: { id: created._id, name: 'Tell the warehouse' },
    });

    receiver.status = 500;
    const changed = await setStatus(lead._id, 'Hot Lead');
    expect(changed.statusCode).toBe(200);
    const runs = await finishedRuns(created._id, 2);
    expect(runs[1]).toMatchObject({
      status: 'failed',
      outcome: `Send a webhook failed: Webhook to ${receiver.url} failed: answered 500`,
    });
    // The change that triggered the rule stands.
    expect((await leadOf(lead._id)).status).toBe('Hot Lead');
    receiver.status = 200;
    await off(created._id);
  });

  it('runs a webhook-only rule for an event about no lead, and skips a rule that needs one', async () => {
    const hook = await rule({
      name: 'Campaign feed',
      trigger: 'campaign.status_changed',
      actions: [{ type: 'webhook', url: receiver.url }],
    });
    const needsLead = await rule({
      name: 'Needs a lead',
      trigger: 'campaign.status_changed',
      actions: [{ type: 'set_status', status: 'Hot Lead' }],
    });
    const lead = await createLead(t, acme.token);
    const campaign = await createCampaign(t, acme.token, {
      name: 'Call round',
      type: 'call',
      emailSubject: '',
      leads: [lead._id],
    });
    const before = receiver.hits.length;
    expect((await sendCampaign(t, acme.token, campaign._id)).statusCode).toBe(200);
    const [sent] = await finishedRuns(hook._id, 1);
    expect(sent).toMatchObject({
      status: 'succeeded',
      outcome: `Webhook sent to ${receiver.url} (200)`,
    });
    expect(JSON.parse(receiver.hits[before]!.body)).toMatchObject({
      type: 'campaign.status_changed',
      data: { campaign: { _id: campaign._id, status: 'active' } },
    });
    const [skipped] = await finishedRuns(needsLead._id, 1);
    expect(skipped).toMatchObject({ status: 'skipped', outcome: NO_LEAD });
    await off(hook._id);
    await off(needsLead._id);
  });

  it('notifies the owner by email through system mail', async () => {
    const created = await rule({
      name: 'Warn the owner',
      trigger: 'lead.created',
      conditions: [{ field: 'owner', op: 'equals', value: rep.user._id }],
      actions: [{ type: 'notify_owner' }],
    });
    const before = smtp.messages.length;
    await createLead(t, rep.token, { personFirstName: 'Nora', personLastName: 'North' });
    const [run] = await finishedRuns(created._id, 1);
    expect(run).toMatchObject({ status: 'succeeded', outcome: 'Owner Rita Rep notified by email' });
    const [message] = (await smtp.waitForMessages(before + 1)).slice(before);
    expect(message!.recipients).toEqual([rep.user.email]);
    expect(message!.raw.toString()).toContain('Warn the owner');
    await createLead(t, rep2.token);
    const runs = await finishedRuns(created._id, 2);
    expect(runs[1]).toMatchObject({
      status: 'skipped',
      outcome: 'Condition not met: Owner equals Rita Rep',
    });
    await off(created._id);
  });

  it('fills merge fields in task titles and owner notes with the lead when the rule runs', async () => {
    const created = await rule({
      name: 'Call the new ones',
      trigger: 'lead.created',
      conditions: [{ field: 'owner', op: 'equals', value: rep.user._id }],
      actions: [
        { type: 'create_task', title: 'Call {{firstName}} at {{companyName}}', dueInDays: 1 },
        { type: 'create_task', title: '{{ jobTitle }}', dueInDays: 1 },
        {
          type: 'notify_owner',
          message: 'Please call {{firstName}} {{lastName}} ({{jobTitle|no title}}) today.',
        },
      ],
    });
    const before = smtp.messages.length;
    const lead = await createLead(t, rep.token, {
      personFirstName: 'Zoë',
      personLastName: 'Ångström',
      companyName: 'Fjord Works',
    });
    const [run] = await finishedRuns(created._id, 1);
    expect(run, JSON.stringify(run)).toMatchObject({ status: 'succeeded' });
    expect(run!.outcome).toContain('Task "Call Zoë at Fjord Works" created for Rita Rep');
    const tasks: Task[] = (
      await t.request({ method: 'GET', url: `/api/tasks?leadId=${lead._id}`, token: acme.token })
    ).json().tasks;
    // A title that fills in empty falls back to the lead's name.
    expect(tasks.map((task) => task.title).sort()).toEqual(
      ['Call Zoë at Fjord Works', 'Zoë Ångström'].sort(),
    );
    const [message] = (await smtp.waitForMessages(before + 1)).slice(before);
    const { text } = await simpleParser(message!.raw);
    expect(text).toContain('Please call Zoë Ångström (no title) today.');
    expect(text).not.toContain('{{');
    await off(created._id);
  });

  it('stops a rule loop at depth 3', async () => {
    const lead = await createLead(t, acme.token, { status: 'Cold Lead' });
    const toWarm = await rule({
      name: 'Hot becomes warm',
      trigger: 'lead.status_changed',
      conditions: [{ field: 'status', op: 'equals', value: 'Hot Lead' }],
      actions: [{ type: 'set_status', status: 'Warm Lead' }],
    });
    const toHot = await rule({
      name: 'Warm becomes hot',
      trigger: 'lead.status_changed',
      conditions: [{ field: 'status', op: 'equals', value: 'Warm Lead' }],
      actions: [{ type: 'set_status', status: 'Hot Lead' }],
    });
    expect((await setStatus(lead._id, 'Hot Lead')).statusCode).toBe(200);
    // Each rule re-reads the lead, so both may act on one event; whatever the order, rules act
    // on events of depth 0, 1 and 2 only, and every run for a depth-3 event is stopped.
    const all = async () => [...(await runsOf(toWarm._id)), ...(await runsOf(toHot._id))];
    // Settled: a depth-3 run, none pending, and no new run for a second and a half.
    let seen = -1;
    const runs = await waitFor(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return all();
      },
      (rows) => {
        const stable = rows.length === seen;
        seen = rows.length;
        return (
          stable &&
          rows.some((run) => run.depth === 3) &&
          rows.every((run) => run.status !== 'pending')
        );
      },
      40_000,
      0,
    );
    const depths = (status: string) =>
      [...new Set(runs.filter((run) => run.status === status).map((run) => run.depth))].sort();
    expect(depths('succeeded')).toEqual([0, 1, 2]);
    expect(Math.max(...runs.map((run) => run.depth))).toBe(3);
    for (const run of runs.filter((row) => row.depth === 3))
      expect([run.status, run.outcome]).toEqual(['skipped', LOOP_STOPPED]);
    expect(runs.filter((run) => run.status === 'failed')).toEqual([]);
    await off(toWarm._id);
    await off(toHot._id);
  });

  it('records why it could not notify when system mail is not configured', async () => {
    const other = await createTestContext({ withRoot: true });
    try {
      const admin = await adminOf(other, 'initech');
      const response = await other.request({
        method: 'POST',
        url: '/api/automations',
        token: admin.token,
        payload: { name: 'Notify', trigger: 'lead.created', actions: [{ type: 'notify_owner' }] },
      });
      const id = response.json().automation._id;
      await createLead(other, admin.token);
      const [run] = await waitFor(
        async () =>
          (
            await other.request({
              method: 'GET',
              url: `/api/automations/${id}/runs`,
              token: admin.token,
            })
          ).json().runs as AutomationRun[],
        (runs) => runs.length === 1 && runs[0]!.status !== 'pending',
      );
      expect(run).toMatchObject({
        status: 'failed',
        outcome: `Notify the owner by email failed: ${NO_SYSTEM_MAIL}`,
      });
    } finally {
      await other.close();
    }
  });
});

describe('Automation rule validation and access', () => {
  it('refuses bad rules with a clear message', async () => {
    const foreignCampaign = await createCampaign(t, globex.token, { name: 'Theirs' });
    const base = { name: 'Rule', trigger: 'lead.created', actions: [{ type: 'notify_owner' }] };
    for (const [body, message] of [
      [{ ...base, name: '' }, 'Name is required'],
      [{ ...base, trigger: 'lead.exploded' }, 'Please choose a valid trigger event'],
      [{ ...base, actions: [] }, 'Add at least one action'],
      [{ ...base, actions: [{ type: 'explode' }] }, undefined],
      [
        { ...base, actions: [{ type: 'set_status', status: 'Boiling' }] },
        'Please choose a valid status',
      ],
      [{ ...base, conditions: [{ field: 'mood', op: 'equals', value: 'x' }] }, undefined],
      [
        { ...base, actions: [{ type: 'assign_owner', ownerId: MISSING_ID }] },
        'Please choose a valid owner',
      ],
      [
        { ...base, actions: [{ type: 'assign_owner', ownerId: globex.user._id }] },
        'Please choose a valid owner',
      ],
      [
        { ...base, actions: [{ type: 'assign_round_robin', userIds: [] }] },
        'Choose at least one user for round-robin',
      ],
      [
        { ...base, actions: [{ type: 'add_to_campaign', campaignId: foreignCampaign._id }] },
        'Campaign not found in this organisation',
      ],
      [
        { ...base, actions: [{ type: 'webhook', url: 'ftp://example.com' }] },
        'Webhook URL must be a valid http or https address',
      ],
      [
        { ...base, actions: [{ type: 'webhook', url: 'http://169.254.169.254/latest/meta-data' }] },
        '169.254.169.254 is a link-local or cloud metadata address: webhooks may only be sent to public addresses',
      ],
      [
        { ...base, actions: [{ type: 'create_task', title: 'x', dueInDays: -1 }] },
        'Due in days must be 0 or more',
      ],
      [
        { ...base, actions: [{ type: 'create_task', title: 'Call {{fristName}}', dueInDays: 1 }] },
        'Unknown merge field {{fristName}}',
      ],
      [
        { ...base, actions: [{ type: 'notify_owner', message: 'Hi {{unsubscribeUrl}}' }] },
        'Unknown merge field {{unsubscribeUrl}}',
      ],
    ] as const) {
      const response = await t.request({
        method: 'POST',
        url: '/api/automations',
        token: acme.token,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('needs the automation permission, and other organisations’ rules answer 404', async () => {
    const created = await rule({
      name: 'Ours',
      trigger: 'lead.created',
      actions: [{ type: 'notify_owner' }],
      enabled: false,
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/automations', token: rep.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/automations',
          token: rep.token,
          payload: { name: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    for (const [method, url, payload] of [
      ['GET', `/api/automations/${created._id}`, undefined],
      ['PUT', `/api/automations/${created._id}`, { enabled: true }],
      ['DELETE', `/api/automations/${created._id}`, undefined],
      ['GET', `/api/automations/${created._id}/runs`, undefined],
      ['GET', `/api/automations/${MISSING_ID}`, undefined],
      ['GET', '/api/automations/not-an-id', undefined],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: globex.token,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/automations', token: globex.token })).json()
        .automations,
    ).toEqual([]);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/automations/${created._id}`,
      token: acme.token,
      payload: {
        name: 'Ours, renamed',
        conditions: [{ field: 'status', op: 'not_equals', value: 'Qualified' }],
      },
    });
    expect(edited.json().automation).toMatchObject({ name: 'Ours, renamed', enabled: false });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/automations/${created._id}`,
      token: acme.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/automations/${created._id}`,
          token: acme.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
