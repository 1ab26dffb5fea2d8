import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutomationRun } from '@leadline/shared/automation';
import type { TestContext } from './context.ts';
import { openWithSmtp } from './email-bulk-support.ts';
import { callAs, createLead } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import {
  ageEmail,
  flushHits,
  lastMessageFor,
  sentEmailOf,
  setTracking,
  trackingPathsOf,
} from './tracking-support.ts';
import { waitFor } from './wait.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';
import type { WebhookReceiver } from './webhook-receiver.ts';

/**
 * Opens and clicks as events: delivered to a webhook receiver on 127.0.0.1 with their class,
 * and Automation rules set off by people's hits only unless a rule names more classes.
 */
let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let receiver: WebhookReceiver;
let leads = 0;

beforeAll(async () => {
  ({ t, smtp, acme } = await openWithSmtp(
    'smtp-tracking-events-Q2',
    ['acme-tracking-events', 'globex-tracking-events'],
    { trustProxy: ['127.0.0.1'] },
  ));
  receiver = await startWebhookReceiver();
  await setTracking(t, acme.token, true);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await receiver?.stop();
});

const newLead = () =>
  createLead(t, acme.token, {
    personEmail: `grace-${++leads}@lead.test`,
    personFirstName: 'Grace',
  });

/** Sends an email with one link to the lead, aged a minute (its hits are no longer "early"). */
const trackedEmail = async (lead: LeadBody) => {
  const response = await callAs(t, acme.token, 'POST', `/api/leads/${lead._id}/send-mail`, {
    subject: `Hello ${++leads}`,
    body: '<p>Dear Grace,</p><p>The <a href="https://example.com/offer">offer</a> is ready.</p>',
  });
  expect(response.statusCode, response.body).toBe(200);
  const message = await lastMessageFor(smtp, lead.personEmail);
  const row = await sentEmailOf(t, message);
  await ageEmail(t, row.id);
  return { id: row.id, ...trackingPathsOf(String(message.html)) };
};

const PERSON = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15';
const open = (path: string, agent = PERSON, ip?: string) =>
  t.request({
    method: 'GET',
    url: path,
    headers: { 'user-agent': agent, ...(ip ? { 'x-forwarded-for': ip } : {}) },
  });

describe('email.opened and email.clicked', () => {
  it('reach a subscribed webhook with the class and reason', async () => {
    const added = await callAs(t, acme.token, 'POST', '/api/webhooks', {
      url: receiver.url,
      events: ['email.opened', 'email.clicked'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const lead = await newLead();
    const email = await trackedEmail(lead);
    await open(email.pixel!, 'Mozilla/5.0', '17.1.2.3');
    await open(email.pixel!);
    expect((await open(email.links[0]!)).statusCode).toBe(302);
    await flushHits();
    const received = await waitFor(
      async () => receiver.receptions.filter((r) => r.status < 300),
      (list) => list.length >= 3,
      30_000,
      100,
    );
    const bodies = received.map((r) => ({ type: r.body.type, data: r.body.data }));
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          type: 'email.opened',
          data: {
            sentEmailId: email.id,
            leadId: lead._id,
            campaignId: null,
            class: 'proxy',
            reason: 'Apple Mail Privacy Protection',
          },
        },
        {
          type: 'email.opened',
          data: expect.objectContaining({
            sentEmailId: email.id,
            class: 'human',
            reason: 'Person',
          }),
        },
        {
          type: 'email.clicked',
          data: expect.objectContaining({
            sentEmailId: email.id,
            class: 'human',
            url: 'https://example.com/offer',
          }),
        },
      ]),
    );
  });

  it('set off an Automation rule for people’s hits only, unless the rule names more', async () => {
    const rule = async (name: string, status: string, hitClasses?: string[]) => {
      const created = await callAs(t, acme.token, 'POST', '/api/automations', {
        name,
        trigger: 'email.opened',
        actions: [{ type: 'set_status', status }],
        ...(hitClasses ? { hitClasses } : {}),
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().automation as { _id: string; hitClasses: string[] };
    };
    const people = await rule('Opened by a person', 'Warm Lead');
    expect(people.hitClasses).toEqual(['human']);
    const any = await rule('Opened at all', 'Hot Lead', ['human', 'proxy', 'machine']);
    const bad = await callAs(t, acme.token, 'POST', '/api/automations', {
      name: 'Bad',
      trigger: 'email.opened',
      actions: [{ type: 'set_status', status: 'Hot Lead' }],
      hitClasses: ['robot'],
    });
    expect(bad.statusCode).toBe(400);
    const runsOf = async (id: string): Promise<AutomationRun[]> =>
      (await callAs(t, acme.token, 'GET', `/api/automations/${id}/runs`)).json().runs;

    const lead = await newLead();
    const email = await trackedEmail(lead);
    // A proxy's open: only the rule that asked for every class runs.
    await open(email.pixel!, 'Mozilla/5.0', '17.200.0.1');
    await flushHits();
    await waitFor(
      () => runsOf(any._id),
      (runs) => runs.length === 1,
      30_000,
      100,
    );
    expect(await runsOf(people._id)).toEqual([]);
    // A person's open: both.
    await open(email.pixel!);
    await flushHits();
    const runs = await waitFor(
      () => runsOf(people._id),
      (list) => list.length === 1,
      30_000,
      100,
    );
    expect(runs[0]!.lead?.id).toBe(lead._id);
    await waitFor(
      () => runsOf(any._id),
      (list) => list.length === 2,
      30_000,
      100,
    );
  });
});
