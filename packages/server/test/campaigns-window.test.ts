import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CampaignInput } from '@leadline/shared/campaigns';
import type { LeadInput } from '@leadline/shared/leads';
import { UNKNOWN_TIME_ZONE, isTimeZone } from '@leadline/shared/sending-window';
import { leads, mailAccounts, sentEmails } from '../src/db/schema.ts';
import { campaignDeliveries } from '../src/db/tables/campaigns.ts';
import {
  createCampaign,
  engineChainOf,
  getCampaign,
  sendCampaign,
  tickAt,
} from './campaigns-support.ts';
import { createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { configureSmtp, insertLeads, leadPayload, organizationIdOf } from './fixtures.ts';
import { smtpSettingsOf, startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

const ORG = 'acme-sending-window';

let t: TestContext;
let smtp: TestSmtpServer;
let organizationId: string;
let token: string;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'sending-window-pass-4Rk' }),
  ]);
  ({ token } = await t.createUser({ role: 'Admin', organizationName: ORG }));
  organizationId = await organizationIdOf(t.database.db, ORG);
  await configureSmtp(t, token, smtp);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Saturday 3 January 2099, and the Monday after it (Berlin is UTC+1 in January). */
const SATURDAY = '2099-01-03T11:00:00.000Z';
const MONDAY_9_BERLIN = '2099-01-05T08:00:00.000Z';

/**
 * A campaign started for a date far ahead (so the real engine, on the real clock, finds
 * nothing due): its ticks are then run by hand on the test's clock.
 */
const started = async (input: Partial<CampaignInput>, people: Record<string, string>[]) => {
  const ids = await insertLeads(
    t.database.db,
    organizationId,
    people.map((person, i) => ({
      personFirstName: `Window${i}`,
      personEmail: uniqueEmail(`window-lead-${i}`),
      ...person,
    })),
  );
  const campaign = await createCampaign(t, token, {
    leads: ids,
    schedule: { sendNow: false, startDate: '2099-01-02T00:00:00.000Z', throttlePerHour: 1000 },
    ...input,
  });
  expect((await sendCampaign(t, token, campaign._id)).statusCode).toBe(200);
  return { id: campaign._id, chain: await engineChainOf(t, campaign._id), leads: ids };
};

const rowsOf = async (campaignId: string) =>
  t.database.db
    .select({
      leadId: campaignDeliveries.leadId,
      state: campaignDeliveries.state,
      dueAt: campaignDeliveries.dueAt,
    })
    .from(campaignDeliveries)
    .where(and(eq(campaignDeliveries.campaignId, campaignId), eq(campaignDeliveries.step, 0)));

const stateOf = async (campaignId: string, leadId: string) =>
  (await rowsOf(campaignId)).find((row) => row.leadId === leadId)!;

const received = async (leadIds: string[]) => {
  const rows = await t.database.db.select({ id: leads.id, email: leads.personEmail }).from(leads);
  const addresses = rows.filter((row) => leadIds.includes(row.id)).map((row) => row.email);
  return smtp.messages.filter((m) => m.recipients.some((to) => addresses.includes(to))).length;
};

const BERLIN_WEEKDAYS = {
  days: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '17:00',
  timeZone: 'Europe/Berlin',
  leadTimeZone: false,
};

describe('the sending window in the engine', { timeout: 120_000 }, () => {
  it('holds emails due outside the window until it opens, then sends them', async () => {
    const campaign = await started({ sendingWindow: BERLIN_WEEKDAYS }, [{}, {}]);
    // Saturday: closed. Nothing is sent; the rows wait for Monday 09:00 Berlin and the
    // engine's next tick is planned for then (no busy loop).
    expect((await tickAt(t, campaign, SATURDAY))?.toISOString()).toBe(MONDAY_9_BERLIN);
    for (const row of await rowsOf(campaign.id)) {
      expect(row.state).toBe('queued');
      expect(row.dueAt.toISOString()).toBe(MONDAY_9_BERLIN);
    }
    expect(await received(campaign.leads)).toBe(0);
    expect((await getCampaign(t, token, campaign.id)).nextSendAt).toBe(MONDAY_9_BERLIN);
    // Monday 08:59 Berlin: still closed.
    expect((await tickAt(t, campaign, '2099-01-05T07:59:00.000Z'))?.toISOString()).toBe(
      MONDAY_9_BERLIN,
    );
    expect(await received(campaign.leads)).toBe(0);
    // Monday 09:00 Berlin: both go.
    await tickAt(t, campaign, MONDAY_9_BERLIN);
    expect(await received(campaign.leads)).toBe(2);
    const detail = await getCampaign(t, token, campaign.id);
    expect(detail).toMatchObject({ status: 'completed', counts: { sent: 2 }, nextSendAt: null });
    expect(detail.sendingWindow).toEqual(BERLIN_WEEKDAYS);
  });

  it("reads the window in each lead's own zone: its time zone, else its country's, else the campaign's", async () => {
    const campaign = await started(
      {
        sendingWindow: {
          ...BERLIN_WEEKDAYS,
          timeZone: 'America/New_York',
          leadTimeZone: true,
        },
      },
      [{ timeZone: 'Asia/Tokyo' }, { personCountry: 'Germany' }, { personCountry: 'Canada' }],
    );
    const [tokyo, germany, elsewhere] = campaign.leads as [string, string, string];
    // Monday 09:30 in Berlin: 17:30 in Tokyo (closed), 03:30 in New York (closed).
    await tickAt(t, campaign, '2099-01-05T08:30:00.000Z');
    expect(await received([germany])).toBe(1);
    expect(await received([tokyo, elsewhere])).toBe(0);
    expect(await stateOf(campaign.id, tokyo)).toMatchObject({
      state: 'queued',
      dueAt: new Date('2099-01-06T00:00:00.000Z'),
    });
    expect((await stateOf(campaign.id, elsewhere)).dueAt.toISOString()).toBe(
      '2099-01-05T14:00:00.000Z',
    );
    // 09:00 in New York: the Canadian lead (several zones: the campaign's) goes.
    await tickAt(t, campaign, '2099-01-05T14:00:00.000Z');
    expect(await received([elsewhere])).toBe(1);
    expect(await received([tokyo])).toBe(0);
  });
});

describe('human pacing', { timeout: 120_000 }, () => {
  it('leaves the gap between two emails of one mailbox', async () => {
    const campaign = await started({ sendingWindow: null, gapSeconds: { min: 60, max: 60 } }, [
      {},
      {},
    ]);
    const start = Date.parse('2099-01-05T10:00:00.000Z');
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    // The first email goes; the next tick waits for the gap.
    expect((await tickAt(t, campaign, at(0)))?.toISOString()).toBe(at(60));
    expect(await received(campaign.leads)).toBe(1);
    const [account] = await t.database.db
      .select({ pacedUntil: mailAccounts.pacedUntil })
      .from(mailAccounts);
    expect(account!.pacedUntil?.toISOString()).toBe(at(60));
    // Half-way: nothing more, and the tick waits for the mailbox again.
    expect((await tickAt(t, campaign, at(30)))?.toISOString()).toBe(at(60));
    expect(await received(campaign.leads)).toBe(1);
    expect((await getCampaign(t, token, campaign.id)).nextSendAt).toBe(at(60));
    // After the gap: the second one.
    await tickAt(t, campaign, at(61));
    expect(await received(campaign.leads)).toBe(2);
  });

  it('keeps a gap per mailbox: a campaign over two sends one email from each per gap', async () => {
    const second = await startSmtpServer({ user: 'rep@second.test', password: 'second-pass-7Qw' });
    try {
      const added = await t.request({
        method: 'POST',
        url: '/api/email/mailboxes',
        token,
        payload: { smtp: smtpSettingsOf(second) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const mailboxIds = (
        await t.database.db.select({ id: mailAccounts.id }).from(mailAccounts)
      ).map((row) => row.id);
      expect(mailboxIds).toHaveLength(2);
      // Yesterday's, the earlier tests' emails: both mailboxes start the day even.
      await t.database.db.update(sentEmails).set({ sentAt: sql`now() - interval '1 day'` });
      const campaign = await started(
        { sendingWindow: null, gapSeconds: { min: 60, max: 60 }, mailboxIds },
        [{}, {}, {}, {}],
      );
      const start = Date.parse('2099-01-06T10:00:00.000Z');
      const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
      const sentFromSecond = () =>
        second.messages.filter((m) => m.recipients.some((to) => to.includes('window-lead-')))
          .length;
      const firstBefore = await received(campaign.leads);
      // One email from each mailbox; the next tick waits for their gaps.
      expect((await tickAt(t, campaign, at(0)))?.toISOString()).toBe(at(60));
      expect(sentFromSecond()).toBe(1);
      expect((await received(campaign.leads)) - firstBefore).toBe(1);
      expect((await tickAt(t, campaign, at(30)))?.toISOString()).toBe(at(60));
      expect(sentFromSecond()).toBe(1);
      await tickAt(t, campaign, at(61));
      expect(sentFromSecond()).toBe(2);
      expect((await received(campaign.leads)) - firstBefore).toBe(2);
    } finally {
      await second.stop();
    }
  });
});

describe('the window and gap in the campaign API', { timeout: 60_000 }, () => {
  it('gives a new campaign Monday to Friday 09:00 to 17:00 and a 60 to 180 second gap', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token,
      payload: {
        name: 'Defaults',
        emailSubject: 'Hi {{firstName}}',
        emailBody: '<p>Hello {{firstName}}</p>',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      sendingWindow: { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', leadTimeZone: false },
      gapSeconds: { min: 60, max: 180 },
    });
    expect(isTimeZone(response.json().sendingWindow.timeZone)).toBe(true);
  });

  it('refuses a bad window or gap with a 400 naming the field, changing nothing', async () => {
    const campaign = await createCampaign(t, token, { sendingWindow: BERLIN_WEEKDAYS });
    const cases: [Record<string, unknown>, string][] = [
      [
        { sendingWindow: { ...BERLIN_WEEKDAYS, timeZone: 'Europe/Atlantis' } },
        'sendingWindow.timeZone',
      ],
      [{ sendingWindow: { ...BERLIN_WEEKDAYS, days: [0, 1] } }, 'sendingWindow.days.0'],
      [{ sendingWindow: { ...BERLIN_WEEKDAYS, days: [8] } }, 'sendingWindow.days.0'],
      [{ sendingWindow: { ...BERLIN_WEEKDAYS, days: [] } }, 'sendingWindow.days'],
      [
        { sendingWindow: { ...BERLIN_WEEKDAYS, start: '17:00', end: '09:00' } },
        'sendingWindow.end',
      ],
      [
        { sendingWindow: { ...BERLIN_WEEKDAYS, start: '09:00', end: '09:00' } },
        'sendingWindow.end',
      ],
      [{ sendingWindow: { ...BERLIN_WEEKDAYS, start: '25:00' } }, 'sendingWindow.start'],
      [{ sendingWindow: 'weekdays' }, 'sendingWindow'],
      [{ gapSeconds: { min: 200, max: 100 } }, 'gapSeconds.min'],
      [{ gapSeconds: { min: -5, max: 100 } }, 'gapSeconds.min'],
      [{ gapSeconds: { min: 0, max: 1e15 } }, 'gapSeconds.max'],
      [{ gapSeconds: { min: 0.5, max: 1 } }, 'gapSeconds.min'],
    ];
    for (const [change, field] of cases) {
      const created = await t.request({
        method: 'POST',
        url: '/api/campaigns',
        token,
        payload: { name: 'Bad', emailSubject: 'Hi', emailBody: '<p>Hello</p>', ...change },
      });
      expect(created.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(created.json().errors), JSON.stringify(change)).toContain(field);
      const updated = await t.request({
        method: 'PUT',
        url: `/api/campaigns/${campaign._id}`,
        token,
        payload: change,
      });
      expect(updated.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(updated.json().errors)).toContain(field);
    }
    const after = await getCampaign(t, token, campaign._id);
    expect(after.sendingWindow).toEqual(BERLIN_WEEKDAYS);
    expect(after.gapSeconds).toEqual({ min: 0, max: 0 });
    // A good change is kept; null means any day, any time.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/campaigns/${campaign._id}`,
      token,
      payload: { sendingWindow: null, gapSeconds: { min: 30, max: 90 } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ sendingWindow: null, gapSeconds: { min: 30, max: 90 } });
  });
});

describe("a lead's time zone", () => {
  it('is stored when known, blank is none, and an unknown one is a 400 naming the field', async () => {
    const create = (timeZone: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/leads',
        token,
        payload: leadPayload({ timeZone } as Partial<LeadInput>),
      });
    const good = await create('Asia/Tokyo');
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().timeZone).toBe('Asia/Tokyo');
    expect((await create('')).json().timeZone).toBeNull();
    const bad = await create('Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ timeZone: UNKNOWN_TIME_ZONE });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/leads/${good.json()._id}`,
      token,
      payload: { timeZone: 'Nowhere/Land' },
    });
    expect(edited.statusCode).toBe(400);
    const lead = await t.request({ method: 'GET', url: `/api/leads/${good.json()._id}`, token });
    expect(lead.json().timeZone).toBe('Asia/Tokyo');
  });
});
