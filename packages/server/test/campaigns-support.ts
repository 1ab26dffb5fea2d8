import { expect } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { campaignDeliveries, campaigns } from '../src/db/tables/campaigns.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { DEFAULT_ENGINE_OPTIONS } from '../src/modules/campaigns/engine/engine-options.ts';
import { runTick } from '../src/modules/campaigns/engine/engine.ts';
import { createUnsubscribeLinks } from '../src/modules/unsubscribe/links.ts';
import type { CampaignDetail, CampaignInput } from '@leadline/shared/campaigns';
import { TEST_PUBLIC_URL, TEST_SECRET_KEY } from './context.ts';
import type { TestContext } from './context.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/** A window open every day, all day: tests send at once, at any hour. */
export const ALWAYS_OPEN = {
  days: [1, 2, 3, 4, 5, 6, 7],
  start: '00:00',
  end: '24:00',
  timeZone: 'UTC',
  leadTimeZone: false,
};

/** A valid email campaign for POST /api/campaigns (always open, no gap between emails). */
export const campaignPayload = (overrides: Partial<CampaignInput> = {}): CampaignInput => ({
  name: 'Spring outreach',
  description: 'Introduce the spring plan',
  type: 'email',
  emailSubject: 'Hello {{firstName}}',
  emailBody: '<p>Hi {{firstName}},</p><p>Our spring plan is out.</p>',
  sendingWindow: ALWAYS_OPEN,
  gapSeconds: { min: 0, max: 0 },
  ...overrides,
});

export type CampaignBody = CampaignDetail;

export const createCampaign = async (
  t: TestContext,
  token: string,
  overrides: Partial<CampaignInput> = {},
): Promise<CampaignBody> => {
  const response = await t.request({
    method: 'POST',
    url: '/api/campaigns',
    token,
    payload: campaignPayload(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`creating a campaign: ${response.body}`);
  return response.json();
};

export const getCampaign = async (
  t: TestContext,
  token: string,
  id: string,
): Promise<CampaignBody> => {
  const response = await t.request({ method: 'GET', url: `/api/campaigns/${id}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

export const sendCampaign = (t: TestContext, token: string, id: string) =>
  t.request({ method: 'POST', url: `/api/campaigns/${id}/send`, token });

export const setStatus = (t: TestContext, token: string, id: string, status: string) =>
  t.request({ method: 'PATCH', url: `/api/campaigns/${id}/status`, token, payload: { status } });

/** The messages the SMTP server received, per recipient address. */
export const messagesPerRecipient = (smtp: TestSmtpServer): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const message of smtp.messages)
    for (const to of message.recipients) counts.set(to, (counts.get(to) ?? 0) + 1);
  return counts;
};

/**
 * The campaign's queued rows fall due now (a retry's time, a follow-up's delay, the next day's
 * limit) and a pause and resume starts a new engine chain at once to send them.
 */
export const sendDueNow = async (t: TestContext, token: string, campaignId: string) => {
  await t.database.db
    .update(campaignDeliveries)
    .set({ dueAt: sql`now() - interval '1 minute'` })
    .where(
      and(eq(campaignDeliveries.campaignId, campaignId), eq(campaignDeliveries.state, 'queued')),
    );
  expect((await setStatus(t, token, campaignId, 'paused')).statusCode).toBe(200);
  expect((await setStatus(t, token, campaignId, 'active')).statusCode).toBe(200);
};

/** The campaign's current engine chain (a tick of another chain does nothing). */
export const engineChainOf = async (t: TestContext, campaignId: string): Promise<string> => {
  const [row] = await t.database.db
    .select({ chain: campaigns.tickChain })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row!.chain!;
};

const box = createSecretBox(TEST_SECRET_KEY);
const links = createUnsubscribeLinks(TEST_SECRET_KEY, TEST_PUBLIC_URL);

/**
 * Runs one engine tick by hand on the test's clock at `at` (a campaign started for a date far
 * ahead, so the real engine finds nothing due); answers when it planned the next one.
 */
export const tickAt = async (
  t: TestContext,
  campaign: { id: string; chain: string },
  at: string,
): Promise<Date | null> => {
  const planned: (Date | null)[] = [];
  await runTick(
    t.database.db,
    box,
    { campaignId: campaign.id, chain: campaign.chain, n: 1000 },
    { ...DEFAULT_ENGINE_OPTIONS, links, now: () => new Date(at), random: () => 0.5 },
    async (_next, when) => {
      planned.push(when);
    },
  );
  return planned[0] ?? null;
};
