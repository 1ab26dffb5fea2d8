import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { leads, sentEmails } from '../src/db/schema.ts';
import { campaignDeliveries } from '../src/db/tables/campaigns.ts';
import { createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import {
  createCampaign,
  engineChainOf,
  getCampaign,
  sendCampaign,
  sendDueNow,
  tickAt,
} from './campaigns-support.ts';
import { configureSmtp, defaultMailboxId, insertLeads, organizationIdOf } from './fixtures.ts';
import { smtpSettingsOf, startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';

/*
 * A campaign over two of its creator's mailboxes (issue 26): 40 leads spread over mailboxes
 * with daily limits 10 and 30, each lead on one mailbox for every step, each limit held.
 */

const ORG = 'acme-campaign-mailboxes';

let t: TestContext;
let office: TestSmtpServer;
let outreach: TestSmtpServer;
let organizationId: string;

beforeAll(async () => {
  [t, office, outreach] = await Promise.all([
    createTestContext(),
    startSmtpServer({ user: 'sam@acme.test', password: 'office-pass-9Lm' }),
    startSmtpServer({ user: 'sam@outreach-acme.test', password: 'outreach-pass-4Rt' }),
  ]);
  await t.createUser({ role: 'Admin', organizationName: ORG });
  organizationId = await organizationIdOf(t.database.db, ORG);
});
afterAll(async () => {
  await t?.close();
  await office?.stop();
  await outreach?.stop();
});

/**
 * A new Admin whose default mailbox is on `office` and whose second is on `outreach`, each with
 * its daily limit when given.
 */
const userWithTwoMailboxes = async (limits: { office?: number; outreach?: number }) => {
  const { user, token } = await t.createUser({ role: 'Admin', organizationName: ORG });
  await configureSmtp(t, token, office, limits.office);
  const second = await t.request({
    method: 'POST',
    url: '/api/email/mailboxes',
    token,
    payload: {
      smtp: {
        ...smtpSettingsOf(outreach),
        ...(limits.outreach === undefined ? {} : { dailyLimit: limits.outreach }),
      },
    },
  });
  expect(second.statusCode, second.body).toBe(201);
  return {
    user,
    token,
    officeId: await defaultMailboxId(t.database.db, user._id),
    outreachId: second.json().mailbox._id as string,
  };
};

describe('a campaign over several mailboxes', { timeout: 180_000 }, () => {
  it('spreads 40 leads over two mailboxes (limits 10 and 30), each lead on one for every step', async () => {
    const { user, token, officeId, outreachId } = await userWithTwoMailboxes({
      office: 10,
      outreach: 30,
    });

    const ids = await insertLeads(
      t.database.db,
      organizationId,
      Array.from({ length: 40 }, (_, i) => ({
        personFirstName: `Lead${i}`,
        personEmail: uniqueEmail(`spread-${i}`),
      })),
    );
    // Another user's mailbox is no mailbox of this campaign.
    const other = await t.createUser({ role: 'Admin', organizationName: ORG });
    await configureSmtp(t, other.token, office);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/campaigns',
      token,
      payload: {
        name: 'Not mine',
        emailSubject: 'Hi',
        emailBody: '<p>Hello there</p>',
        mailboxIds: [await defaultMailboxId(t.database.db, other.user._id)],
      },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toHaveProperty('mailboxIds');

    const campaign = await createCampaign(t, token, {
      name: 'Two mailboxes',
      emailSubject: 'Spread {{firstName}}',
      emailBody: '<p>Hi {{firstName}}, a note from us.</p>',
      leads: ids,
      mailboxIds: [officeId, outreachId],
      followUps: [{ delayDays: 1, body: '<p>Following up on my note.</p>' }],
    });
    expect(campaign.mailboxIds.sort()).toEqual([officeId, outreachId].sort());
    const sending = await sendCampaign(t, token, campaign._id);
    expect(sending.statusCode, sending.body).toBe(200);
    await waitFor(
      () => getCampaign(t, token, campaign._id),
      (c) => c.steps.find((step) => step.step === 0)?.sent === 40,
    );

    // Each limit held; each lead got its first email once, from one mailbox.
    const viaOffice = office.messages.flatMap((m) => m.recipients);
    const viaOutreach = outreach.messages.flatMap((m) => m.recipients);
    expect(viaOffice).toHaveLength(10);
    expect(viaOutreach).toHaveLength(30);
    expect(new Set([...viaOffice, ...viaOutreach]).size).toBe(40);
    const rows = await t.database.db
      .select({ leadId: campaignDeliveries.leadId, mailboxId: campaignDeliveries.mailboxId })
      .from(campaignDeliveries)
      .where(and(eq(campaignDeliveries.campaignId, campaign._id), eq(campaignDeliveries.step, 0)));
    const pinned = new Map(rows.map((row) => [row.leadId, row.mailboxId]));
    expect([...pinned.values()].filter((id) => id === officeId)).toHaveLength(10);
    expect([...pinned.values()].filter((id) => id === outreachId)).toHaveLength(30);
    const sentRows = await t.database.db
      .select({ leadId: sentEmails.leadId, mailboxId: sentEmails.mailboxId })
      .from(sentEmails)
      .where(eq(sentEmails.userId, user._id));
    for (const row of sentRows) expect(row.mailboxId).toBe(pinned.get(row.leadId!));

    // The next day (yesterday's emails no longer count): each follow-up from its lead's mailbox.
    await t.database.db
      .update(sentEmails)
      .set({ sentAt: sql`now() - interval '1 day'` })
      .where(eq(sentEmails.userId, user._id));
    await sendDueNow(t, token, campaign._id);
    const done = await waitFor(
      () => getCampaign(t, token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.steps).toEqual([
      { step: 0, sent: 40, failed: 0, queued: 0 },
      { step: 1, sent: 40, failed: 0, queued: 0 },
    ]);
    const emailOf = new Map(
      (
        await t.database.db
          .select({ id: leads.id, email: leads.personEmail })
          .from(leads)
          .where(eq(leads.organizationId, organizationId))
      ).map((row) => [row.email, row.id]),
    );
    const perServer = (server: TestSmtpServer) => {
      const counts = new Map<string, number>();
      for (const to of server.messages.flatMap((m) => m.recipients))
        counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    };
    for (const [server, id] of [
      [office, officeId],
      [outreach, outreachId],
    ] as const) {
      for (const [address, n] of perServer(server)) {
        expect(n, address).toBe(2);
        expect(pinned.get(emailOf.get(address)!)).toBe(id);
      }
    }
    const unpinned = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignDeliveries)
      .where(
        and(eq(campaignDeliveries.campaignId, campaign._id), isNull(campaignDeliveries.mailboxId)),
      );
    expect(unpinned[0]!.n).toBe(0);
  });

  it('stops sending from a mailbox whose emails bounce while the other goes on, until it is resumed', async () => {
    // Read at each recipient: the test stops the refusals once the mailbox is 'fixed'.
    const refusing = {
      user: 'sam@bouncy-acme.test',
      password: 'bouncy-pass-3Hx',
      refuseRecipients: true,
    };
    const bouncing = await startSmtpServer(refusing);
    try {
      const { user, token } = await t.createUser({ role: 'Admin', organizationName: ORG });
      await configureSmtp(t, token, office);
      const added = await t.request({
        method: 'POST',
        url: '/api/email/mailboxes',
        token,
        payload: { smtp: smtpSettingsOf(bouncing) },
      });
      expect(added.statusCode, added.body).toBe(201);
      const officeId = await defaultMailboxId(t.database.db, user._id);
      const bouncingId = added.json().mailbox._id as string;
      const ids = await insertLeads(
        t.database.db,
        organizationId,
        Array.from({ length: 60 }, (_, i) => ({
          personFirstName: `Held${i}`,
          personEmail: uniqueEmail(`held-${i}`),
        })),
      );
      const officeBefore = office.messages.length;
      const campaign = await createCampaign(t, token, {
        name: 'One mailbox bounces',
        emailSubject: 'Hello {{firstName}}',
        emailBody: '<p>Hi {{firstName}}.</p>',
        leads: ids,
        mailboxIds: [officeId, bouncingId],
      });
      expect((await sendCampaign(t, token, campaign._id)).statusCode).toBe(200);

      // The bouncing mailbox is held after its first 20 refusals (a few more were under way);
      // the office mailbox sends every lead it has, and the campaign stays active.
      await waitFor(
        () => openRowsOf(campaign._id, bouncingId),
        (open) => open.elsewhere === 0 && open.sending === 0,
      );
      const held = await getCampaign(t, token, campaign._id);
      expect(held.status).toBe('active');
      expect(held.heldMailboxes[0]).toMatchObject({
        mailboxId: bouncingId,
        email: 'sam@bouncy-acme.test',
      });
      expect(held.heldMailboxes[0]!.message).toMatch(
        /^Too many bounces: \d+ of \d+ emails bounced/,
      );
      const pinned = await pinsOf(campaign._id);
      const onBouncing = [...pinned.values()].filter((id) => id === bouncingId).length;
      const [step] = held.steps;
      expect(step!.failed).toBeGreaterThanOrEqual(20);
      expect(step!.failed).toBeLessThanOrEqual(20 + 4);
      expect(step!.sent).toBe(office.messages.length - officeBefore);
      expect(step!.sent + step!.failed + step!.queued).toBe(60);
      expect(step!.queued).toBe(onBouncing - step!.failed);
      expect(step!.queued).toBeGreaterThan(0);

      // Resuming a mailbox that is not held, another's id or a bad id changes nothing.
      const notHeld = await resumeMailbox(token, campaign._id, officeId);
      expect(notHeld.statusCode).toBe(409);
      expect((await resumeMailbox(token, campaign._id, 'not-an-id')).statusCode).toBe(400);
      const stranger = await t.createUser({ role: 'Admin', organizationName: 'acme-elsewhere' });
      expect((await resumeMailbox(stranger.token, campaign._id, bouncingId)).statusCode).toBe(404);

      // The addresses fixed, the mailbox resumed: its waiting leads go, each once.
      refusing.refuseRecipients = false;
      const resumed = await resumeMailbox(token, campaign._id, bouncingId);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().campaign.heldMailboxes).toEqual([]);
      const done = await waitFor(
        () => getCampaign(t, token, campaign._id),
        (c) => c.status === 'completed',
      );
      expect(done.steps[0]).toMatchObject({
        sent: 60 - step!.failed,
        failed: step!.failed,
        queued: 0,
      });
      expect(bouncing.messages).toHaveLength(step!.queued);
      const activity = await t.request({
        method: 'GET',
        url: `/api/activity?entityId=${campaign._id}`,
        token,
      });
      const details = JSON.stringify(activity.json());
      expect(details).toContain('stopped sending from sam@bouncy-acme.test');
      expect(details).toContain('sends from sam@bouncy-acme.test again');
    } finally {
      await bouncing.stop();
    }
  });

  // A paced campaign claims one lead a tick: with no daily limit on either mailbox, the lead
  // goes to the one that sent fewer today, not always to the first.
  it('alternates a paced campaign over two mailboxes without a daily limit', async () => {
    const { user, token, officeId, outreachId } = await userWithTwoMailboxes({});
    const ids = await insertLeads(
      t.database.db,
      organizationId,
      Array.from({ length: 4 }, (_, i) => ({
        personFirstName: `Paced${i}`,
        personEmail: uniqueEmail(`paced-${i}`),
      })),
    );
    // Started for a date far ahead: the real engine finds nothing due; the test ticks by hand.
    const campaign = await createCampaign(t, token, {
      name: 'Paced over two',
      leads: ids,
      mailboxIds: [officeId, outreachId],
      sendingWindow: null,
      gapSeconds: { min: 60, max: 60 },
      schedule: { sendNow: false, startDate: '2099-01-02T00:00:00.000Z', throttlePerHour: 1000 },
    });
    expect((await sendCampaign(t, token, campaign._id)).statusCode).toBe(200);
    const ticking = { id: campaign._id, chain: await engineChainOf(t, campaign._id) };
    const start = Date.parse('2099-01-05T10:00:00.000Z');
    // One a tick, each after the 60 s gap.
    for (let tick = 0; tick < 4; tick += 1)
      await tickAt(t, ticking, new Date(start + tick * 61_000).toISOString());
    const pins = await t.database.db
      .select({ mailboxId: campaignDeliveries.mailboxId })
      .from(campaignDeliveries)
      .where(and(eq(campaignDeliveries.campaignId, campaign._id), eq(campaignDeliveries.step, 0)));
    expect(pins.map((pin) => pin.mailboxId).sort()).toEqual(
      [officeId, officeId, outreachId, outreachId].sort(),
    );
    const sent = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sentEmails)
      .where(and(eq(sentEmails.userId, user._id), eq(sentEmails.status, 'sent')));
    expect(sent[0]!.n).toBe(4);
  });
});

/** A campaign's rows still to send: those on other mailboxes than `mailboxId`, and those being sent. */
const openRowsOf = async (campaignId: string, mailboxId: string) => {
  const [row] = await t.database.db
    .select({
      elsewhere:
        sql<number>`count(*) FILTER (WHERE ${campaignDeliveries.state} IN ('queued', 'sending') AND ${campaignDeliveries.mailboxId} IS DISTINCT FROM ${mailboxId})`.mapWith(
          Number,
        ),
      sending: sql<number>`count(*) FILTER (WHERE ${campaignDeliveries.state} = 'sending')`.mapWith(
        Number,
      ),
    })
    .from(campaignDeliveries)
    .where(eq(campaignDeliveries.campaignId, campaignId));
  return row!;
};

const resumeMailbox = (token: string, campaignId: string, mailboxId: string) =>
  t.request({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/mailboxes/${mailboxId}/resume`,
    token,
  });

/** The leads' mailboxes in a campaign's first step. */
const pinsOf = async (campaignId: string) => {
  const rows = await t.database.db
    .select({ leadId: campaignDeliveries.leadId, mailboxId: campaignDeliveries.mailboxId })
    .from(campaignDeliveries)
    .where(and(eq(campaignDeliveries.campaignId, campaignId), eq(campaignDeliveries.step, 0)));
  return new Map(rows.map((row) => [row.leadId, row.mailboxId]));
};
