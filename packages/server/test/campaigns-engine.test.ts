import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { CampaignInput } from '@leadline/shared/campaigns';
import { emailSuppressions, leads, mailAccounts, sentEmails, users } from '../src/db/schema.ts';
import { campaignDeliveries, campaigns } from '../src/db/tables/campaigns.ts';
import { stepJobId } from '../src/modules/campaigns/store/ids.ts';
import { restartStalledChains } from '../src/modules/campaigns/engine/watchdog.ts';
import { createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import {
  createCampaign,
  getCampaign,
  messagesPerRecipient,
  sendCampaign,
  setStatus,
} from './campaigns-support.ts';
import { configureSmtp, insertLeads, latestActivity, organizationIdOf } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';
import type { ReceivedMessage, TestSmtpServer } from './mail-servers.ts';

const ORG = 'acme-campaign-engine';

let t: TestContext;
let smtp: TestSmtpServer;
let organizationId: string;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'campaign-engine-pass-7Yt' }),
  ]);
  await t.createUser({ role: 'Admin', organizationName: ORG });
  organizationId = await organizationIdOf(t.database.db, ORG);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** An Admin of the organisation with their own SMTP account (and daily limit when given). */
const sender = async (dailyLimit?: number) => {
  const { user, token } = await t.createUser({ role: 'Admin', organizationName: ORG });
  await configureSmtp(t, token, smtp, dailyLimit);
  return { user, token };
};

/** Leads with addresses of their own; `tag` lands in their notes for target filters. */
const newLeads = (n: number, extra: Record<string, string> = {}) =>
  insertLeads(
    t.database.db,
    organizationId,
    Array.from({ length: n }, (_, i) => ({
      personFirstName: `Lead${i}`,
      personEmail: uniqueEmail(`campaign-lead-${i}`),
      ...extra,
    })),
  );

const emailsOf = async (ids: string[]) => {
  const rows = await t.database.db
    .select({ id: leads.id, email: leads.personEmail })
    .from(leads)
    .where(
      sql`${leads.id} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  const byId = new Map(rows.map((row) => [row.id, row.email]));
  return ids.map((id) => byId.get(id)!);
};

const receivedBy = (addresses: readonly string[]): ReceivedMessage[] =>
  smtp.messages.filter((message) => message.recipients.some((to) => addresses.includes(to)));

const start = async (token: string, input: Partial<CampaignInput>) => {
  const campaign = await createCampaign(t, token, input);
  const sent = await sendCampaign(t, token, campaign._id);
  expect(sent.statusCode, sent.body).toBe(200);
  return campaign;
};

const detail = (token: string, id: string) => getCampaign(t, token, id);

/** Moves queued rows (and optionally today's emails) into the past, then ticks the engine. */
const timeTravel = async (token: string, campaignId: string) => {
  await t.database.db
    .update(campaignDeliveries)
    .set({ dueAt: sql`now() - interval '1 minute'` })
    .where(
      and(eq(campaignDeliveries.campaignId, campaignId), eq(campaignDeliveries.state, 'queued')),
    );
  expect((await setStatus(t, token, campaignId, 'paused')).statusCode).toBe(200);
  expect((await setStatus(t, token, campaignId, 'active')).statusCode).toBe(200);
};

describe('sending an email campaign', { timeout: 180_000 }, () => {
  it('mails the chosen and the matching leads from the creator’s account, once each, then completes', async () => {
    const { user, token } = await sender();
    const chosen = await newLeads(2);
    const matched = await newLeads(3, { subject: 'zeppelin enthusiast' });
    await newLeads(2, { subject: 'not a match' });
    const campaign = await start(token, {
      name: 'Zeppelin launch',
      emailSubject: 'News for {{FIRSTNAME}}',
      emailBody: '<p>Dear {{firstName}},</p><p>Our zeppelin tours open in May.</p>',
      leads: [...chosen, matched[0]!],
      targetFilters: { tags: ['Zeppelin'] },
    });
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done).toMatchObject({ leadCount: 5, sentCount: 5, counts: { sent: 5, queued: 0 } });
    expect(done.steps).toEqual([{ step: 0, sent: 5, failed: 0, queued: 0 }]);

    const addresses = await emailsOf([...chosen, ...matched]);
    const received = receivedBy(addresses);
    expect(received).toHaveLength(5);
    const perLead = messagesPerRecipient(smtp);
    for (const address of addresses) expect(perLead.get(address)).toBe(1);
    const parsed = await simpleParser(received[0]!.raw);
    const lead = /campaign-lead-(\d)/.exec(received[0]!.recipients[0]!)![1];
    expect(parsed.subject).toBe(`News for Lead${lead}`);
    expect(parsed.html).toContain(`Dear Lead${lead},`);
    expect(parsed.html).toContain('Unsubscribe');
    expect(received[0]!.raw.toString('utf8')).toMatch(
      /^List-Unsubscribe:\s+<https:\/\/crm\.leadline\.test\/unsubscribe\/[\w.-]+>\r?$/m,
    );
    expect(parsed.from?.value[0]).toMatchObject({ name: user.name, address: smtp.user });

    const page = await t.request({
      method: 'GET',
      url: `/api/campaigns/${campaign._id}/recipients?state=sent`,
      token,
    });
    expect(page.json().total).toBe(5);
    expect(page.json().recipients[0]).toMatchObject({ state: 'sent', step: 0, error: null });
    expect(Date.parse(page.json().recipients[0].sentAt)).toBeGreaterThan(Date.now() - 120_000);
    const [row] = await t.database.db
      .select({ sentCount: leads.sentCount, mailSent: leads.mailSent })
      .from(leads)
      .where(eq(leads.id, chosen[0]!));
    expect(row).toEqual({ sentCount: 1, mailSent: true });
    expect(await latestActivity(t.database.db, organizationId)).toMatchObject({
      type: 'Campaign',
      action: 'completed',
      details: 'Campaign "Zeppelin launch" completed',
    });
    expect((await sendCampaign(t, token, campaign._id)).statusCode).toBe(409);
  });

  it('skips suppressed and replied leads', async () => {
    const { token } = await sender();
    const [plain, replied, unsubscribed, suppressed] = await newLeads(4);
    const [suppressedEmail] = await emailsOf([suppressed!]);
    await t.database.db.update(leads).set({ repliedAt: new Date() }).where(eq(leads.id, replied!));
    await t.database.db
      .update(leads)
      .set({ unsubscribedAt: new Date() })
      .where(eq(leads.id, unsubscribed!));
    await t.database.db
      .insert(emailSuppressions)
      .values({ organizationId, email: suppressedEmail!, reason: 'manual' });
    const campaign = await start(token, { leads: [plain!, replied!, unsubscribed!, suppressed!] });
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done).toMatchObject({
      sentCount: 1,
      counts: { sent: 1, replied: 1, unsubscribed: 2, queued: 0 },
    });
    const addresses = await emailsOf([plain!, replied!, unsubscribed!, suppressed!]);
    expect(receivedBy(addresses).map((m) => m.recipients[0])).toEqual([addresses[0]]);
  });
});

describe('schedule and limits', { timeout: 180_000 }, () => {
  it('sends at most throttlePerHour in an hour and waits for the rest; a start date waits', async () => {
    const { token } = await sender();
    const ids = await newLeads(5);
    const campaign = await start(token, {
      leads: ids,
      schedule: { sendNow: false, throttlePerHour: 2 },
    });
    const throttled = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.counts.sent === 2,
    );
    // Give the engine time to (wrongly) send more.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const later = await detail(token, campaign._id);
    expect(later).toMatchObject({ status: 'active', sentCount: 2, counts: { sent: 2, queued: 3 } });
    expect(receivedBy(await emailsOf(ids))).toHaveLength(2);
    expect(throttled.nextSendAt).not.toBeNull();
    // The next email waits for the hour to free a place.
    expect(Date.parse(later.nextSendAt!)).toBeGreaterThan(Date.now() + 55 * 60_000);

    // A follow-up added while it runs reaches those already mailed, a day after their email.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${campaign._id}`,
      token,
      payload: { followUps: [{ delayDays: 1, body: '<p>Any thoughts?</p>' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const withFollowUp = await detail(token, campaign._id);
    expect(withFollowUp.steps).toEqual([
      { step: 0, sent: 2, failed: 0, queued: 3 },
      { step: 1, sent: 0, failed: 0, queued: 2 },
    ]);

    const future = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await start(token, {
      leads: await newLeads(1),
      schedule: { sendNow: false, throttlePerHour: 10, startDate: future.toISOString() },
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const waiting = await detail(token, scheduled._id);
    expect(waiting).toMatchObject({ status: 'active', sentCount: 0, counts: { queued: 1 } });
    expect(waiting.nextSendAt).toBe(future.toISOString());
  });

  it('holds back what the daily limit does not allow until the next day instead of dropping it', async () => {
    const { user, token } = await sender(2);
    const ids = await newLeads(4);
    const campaign = await start(token, { leads: ids });
    await waitFor(
      () => detail(token, campaign._id),
      (c) => c.counts.sent === 2 && c.nextSendAt !== null,
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const held = await detail(token, campaign._id);
    expect(held).toMatchObject({ status: 'active', counts: { sent: 2, queued: 2, failed: 0 } });
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    expect(held.nextSendAt).toBe(midnight.toISOString());

    // The next day: yesterday's emails no longer count.
    await t.database.db
      .update(sentEmails)
      .set({ sentAt: sql`now() - interval '1 day'` })
      .where(eq(sentEmails.userId, user._id));
    await timeTravel(token, campaign._id);
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 4, failed: 0 });
    const perLead = messagesPerRecipient(smtp);
    for (const address of await emailsOf(ids)) expect(perLead.get(address)).toBe(1);
  });
});

describe('pause, resume and follow-ups', { timeout: 180_000 }, () => {
  it('stops sending at once when paused and goes on from there when resumed', async () => {
    const { token } = await sender();
    const ids = await newLeads(150);
    const addresses = await emailsOf(ids);
    const campaign = await start(token, { leads: ids });
    await waitFor(
      async () => receivedBy(addresses).length,
      (n) => n >= 3,
    );
    const paused = await setStatus(t, token, campaign._id, 'paused');
    expect(paused.statusCode, paused.body).toBe(200);
    const atPause = receivedBy(addresses).length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterPause = receivedBy(addresses).length;
    // At most the one email already handed to the SMTP server when the pause came.
    expect(afterPause).toBeLessThanOrEqual(atPause + 1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(receivedBy(addresses).length).toBe(afterPause);
    const pausedDetail = await detail(token, campaign._id);
    expect(pausedDetail.status).toBe('paused');
    expect(pausedDetail.counts.queued).toBe(150 - afterPause);

    expect((await setStatus(t, token, campaign._id, 'active')).statusCode).toBe(200);
    await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
      120_000,
    );
    const perLead = messagesPerRecipient(smtp);
    expect(addresses.filter((address) => perLead.get(address) !== 1)).toEqual([]);
  });

  it('sends each follow-up in the same thread to the leads that have not replied', async () => {
    const { token } = await sender();
    const [ada, grace] = await newLeads(2);
    const [adaEmail, graceEmail] = await emailsOf([ada!, grace!]);
    const campaign = await start(token, {
      emailSubject: 'Hello {{firstName}}',
      leads: [ada!, grace!],
      followUps: [{ delayDays: 2, body: '<p>Following up, {{firstName}}.</p>' }],
    });
    const waiting = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.counts.sent === 2 && c.steps.length === 2,
    );
    expect(waiting.status).toBe('active');
    expect(waiting.steps[1]).toEqual({ step: 1, sent: 0, failed: 0, queued: 2 });
    const due = Date.parse(waiting.nextSendAt!);
    expect(due).toBeGreaterThan(Date.now() + 2 * 86_400_000 - 300_000);

    await t.database.db.update(leads).set({ repliedAt: new Date() }).where(eq(leads.id, grace!));
    await timeTravel(token, campaign._id);
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 1, replied: 1 });
    expect(done.steps).toEqual([
      { step: 0, sent: 2, failed: 0, queued: 0 },
      { step: 1, sent: 1, failed: 0, queued: 0 },
    ]);
    const toAda = receivedBy([adaEmail!]);
    expect(toAda).toHaveLength(2);
    expect(receivedBy([graceEmail!])).toHaveLength(1);
    const [first, second] = await Promise.all(toAda.map((m) => simpleParser(m.raw)));
    expect(second!.subject).toBe(`Re: ${first!.subject}`);
    expect(second!.inReplyTo).toBe(first!.messageId);
    expect(second!.references).toContain(first!.messageId);
    expect(second!.html).toContain('Following up, Lead0.');
  });

  it('pauses itself, saying why, when the sender’s account stops working', async () => {
    const { user, token } = await sender();
    await t.database.db
      .update(mailAccounts)
      .set({ smtpPassEncrypted: 'not-a-sealed-password' })
      .where(eq(mailAccounts.userId, user._id));
    const campaign = await start(token, { name: 'Broken account', leads: await newLeads(3) });
    const paused = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'paused',
    );
    expect(paused.counts).toMatchObject({ failed: 1, queued: 2, sent: 0 });
    expect(await latestActivity(t.database.db, organizationId)).toMatchObject({
      action: 'paused',
      details: expect.stringContaining(
        'Campaign "Broken account" paused: The stored SMTP password',
      ),
    });
  });
});

describe('a sender who is no longer active', { timeout: 180_000 }, () => {
  it('pauses the campaign instead of mailing in a deactivated account’s name', async () => {
    const { user, token } = await sender();
    const campaign = await createCampaign(t, token, {
      name: 'Former colleague',
      leads: await newLeads(2),
    });
    // Deactivated (an administrator's action) after creating it; another Admin starts it.
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user._id));
    const { token: colleague } = await sender();
    const before = smtp.messages.length;
    expect((await sendCampaign(t, colleague, campaign._id)).statusCode).toBe(200);
    const paused = await waitFor(
      () => detail(colleague, campaign._id),
      (c) => c.status === 'paused',
    );
    expect(paused.counts).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before);
    expect(await latestActivity(t.database.db, organizationId)).toMatchObject({
      action: 'paused',
      details: expect.stringContaining("its creator's account is no longer active"),
    });
  });
});

/** Step 0 rows of a campaign for `ids`, as a process left them (`row`: state, claim). */
const insertFirstSteps = (
  campaignId: string,
  ids: readonly string[],
  row: { state: 'queued' | 'sending'; claimedAt?: SQL },
) =>
  t.database.db
    .insert(campaignDeliveries)
    .values(ids.map((leadId) => ({ campaignId, step: 0, leadId, ...row })));

describe('recovery after a process died', { timeout: 180_000 }, () => {
  it('takes over lapsed claims: sends what never left, never resends what did', async () => {
    const { user, token } = await sender();
    const ids = await newLeads(4);
    // ids[0] was claimed and never reserved: the one email that goes out.
    const [, cutOff, delivered, recent] = ids as [string, string, string, string];
    const addresses = await emailsOf(ids);
    const campaign = await createCampaign(t, token, { name: 'Survivor', leads: ids });
    const jobId = stepJobId(campaign._id, 0);
    const reserved = (leadId: string, to: string, status: 'sending' | 'sent', ago: string) =>
      t.database.db.insert(sentEmails).values({
        organizationId,
        userId: user._id,
        leadId,
        jobId,
        kind: 'campaign',
        status,
        fromAddress: smtp.user,
        to,
        subject: 'Hello',
        messageId: `<${leadId}@mail.test>`,
        sentAt: sql`now() - ${sql.raw(`interval '${ago}'`)}`,
      });
    // What a process killed mid-batch leaves: its claims, and the emails it had reserved.
    await reserved(cutOff, addresses[1]!, 'sending', '11 minutes');
    await reserved(delivered, addresses[2]!, 'sent', '2 minutes');
    await reserved(recent, addresses[3]!, 'sending', '1 minute');
    await insertFirstSteps(campaign._id, ids, {
      state: 'sending',
      claimedAt: sql`now() - interval '2 minutes'`,
    });
    await t.database.db
      .update(campaigns)
      .set({ status: 'paused', startedAt: new Date() })
      .where(eq(campaigns.id, campaign._id));
    expect((await setStatus(t, token, campaign._id, 'active')).statusCode).toBe(200);

    const settled = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.counts.sent === 2 && c.counts.failed === 1,
    );
    expect(settled.status).toBe('active'); // the recent reservation may still finish
    expect(receivedBy(addresses).map((m) => m.recipients[0])).toEqual([addresses[0]]);
    const failed = await t.request({
      method: 'GET',
      url: `/api/campaigns/${campaign._id}/recipients?state=failed`,
      token,
    });
    expect(failed.json().recipients).toMatchObject([
      { lead: { _id: cutOff }, error: expect.stringContaining('whether it arrived is unknown') },
    ]);
    const [row] = await t.database.db
      .select({ status: sentEmails.status })
      .from(sentEmails)
      .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.leadId, cutOff)));
    expect(row!.status).toBe('failed');

    // The recent reservation's process finishes it after all: the campaign completes.
    await t.database.db
      .update(sentEmails)
      .set({ status: 'sent' })
      .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.leadId, recent)));
    await t.database.db
      .update(campaignDeliveries)
      .set({ claimedAt: sql`now() - interval '2 minutes'` })
      .where(eq(campaignDeliveries.campaignId, campaign._id));
    await timeTravel(token, campaign._id);
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 3, failed: 1 });
    expect(receivedBy(addresses)).toHaveLength(1);
  });

  it('starts a chain lost with its process again: the campaign goes on, nothing sent twice', async () => {
    const { token } = await sender();
    const ids = await newLeads(3);
    const addresses = await emailsOf(ids);
    const campaign = await createCampaign(t, token, { name: 'Lost chain', leads: ids });
    // What a process killed while it held the chain's tick (and the successor waiting behind
    // it) leaves: an active campaign whose chain has no job left to run, its rows queued.
    await insertFirstSteps(campaign._id, ids, { state: 'queued' });
    const lost = randomUUID();
    await t.database.db
      .update(campaigns)
      .set({
        status: 'active',
        startedAt: new Date(),
        tickChain: lost,
        // Late by less than the watchdog's own grace, so the server's background pass (every
        // 30 s) cannot restart it between these steps; the passes below name a shorter grace.
        nextTickAt: sql`now() - interval '100 seconds'`,
      })
      .where(eq(campaigns.id, campaign._id));
    // A chain only a little late is left alone.
    expect(await restartStalledChains(t.database.db, t.queue)).toBe(false);
    const [kept] = await t.database.db
      .select({ chain: campaigns.tickChain })
      .from(campaigns)
      .where(eq(campaigns.id, campaign._id));
    expect(kept!.chain).toBe(lost);

    await restartStalledChains(t.database.db, t.queue, 60);
    const done = await waitFor(
      () => detail(token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 3 });
    expect(receivedBy(addresses)).toHaveLength(3);
    const [row] = await t.database.db
      .select({ chain: campaigns.tickChain, next: campaigns.nextTickAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaign._id));
    expect(row).toEqual({ chain: null, next: expect.any(Date) });
    // Another pass finds nothing to restart.
    expect(await restartStalledChains(t.database.db, t.queue)).toBe(false);
  });
});

describe('the dashboard', () => {
  it('counts campaigns and charts the leads of each', async () => {
    const { token } = await sender();
    const response = await t.request({ method: 'GET', url: '/api/dashboard', token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.counts.campaigns).toBeGreaterThanOrEqual(7);
    expect(body.campaignPerformance).toEqual(
      expect.arrayContaining([
        { _id: expect.any(String), name: 'Zeppelin launch', leads: 5 },
        { _id: expect.any(String), name: 'Broken account', leads: 3 },
      ]),
    );
  });
});
