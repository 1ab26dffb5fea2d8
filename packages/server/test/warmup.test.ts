import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { utcDate } from '@leadline/shared/sending-window';
import { mailAccounts } from '../src/db/schema.ts';
import { smtpOf } from '../src/modules/mail-accounts/stored.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { startSmtpServer, smtpSettingsOf } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let token: string;
let userId: string;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'warmup-pass-8Qz' }),
  ]);
  const created = await t.createUser({ role: 'Admin', organizationName: 'acme-warmup' });
  token = created.token;
  userId = created.user._id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const saveSmtp = (extra: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/email/config',
    token,
    payload: { smtp: { ...smtpSettingsOf(smtp), ...extra } },
  });

const settings = async () => {
  const response = await t.request({ method: 'GET', url: '/api/email/config', token });
  expect(response.statusCode).toBe(200);
  return response.json().config.smtp;
};

const send = (n: number) =>
  t.request({
    method: 'POST',
    url: '/api/email/send',
    token,
    payload: {
      to: `warm-${n}@lead.test`,
      subject: `Warm-up ${n}`,
      body: '<p>Hello, a gentle first email.</p>',
    },
  });

/** The warm-up began `days` days ago (the days pass). */
const startedDaysAgo = async (days: number) => {
  await t.database.db
    .update(mailAccounts)
    .set({ warmupStartedOn: utcDate(new Date(Date.now() - days * 86_400_000)) })
    .where(eq(mailAccounts.userId, userId));
};

const account = async () =>
  (await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.userId, userId)))[0]!;

describe('SMTP warm-up', { timeout: 120_000 }, () => {
  it('refuses bad warm-up numbers with a 400 naming the field, changing nothing', async () => {
    expect((await saveSmtp({ dailyLimit: 10 })).statusCode).toBe(200);
    for (const [warmup, field] of [
      [{ start: 0, increment: 1 }, 'smtp.warmup.start'],
      [{ start: 5, increment: -1 }, 'smtp.warmup.increment'],
      [{ start: 5, increment: 1e9 }, 'smtp.warmup.increment'],
      [{ start: 'many', increment: 1 }, 'smtp.warmup.start'],
      ['fast', 'smtp.warmup'],
    ] as const) {
      const response = await saveSmtp({ dailyLimit: 10, warmup });
      expect(response.statusCode, JSON.stringify(warmup)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await settings()).toMatchObject({ warmup: null, effectiveDailyLimit: 10 });
  });

  it('ramps from its start by its increment each day up to the daily limit, on every send', async () => {
    expect(
      (await saveSmtp({ dailyLimit: 10, warmup: { start: 2, increment: 3 } })).statusCode,
    ).toBe(200);
    expect(await settings()).toMatchObject({
      dailyLimit: 10,
      warmup: { start: 2, increment: 3 },
      warmupStartedOn: utcDate(new Date()),
      effectiveDailyLimit: 2,
    });
    // Day one: two emails, then the limit.
    const first = await send(1);
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(2)).statusCode).toBe(200);
    const refused = await send(3);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have reached your daily limit of 2 emails. Try again tomorrow.',
    );
    expect(smtp.messages.filter((m) => m.recipients[0]?.startsWith('warm-'))).toHaveLength(2);
    // Day two: 5 a day, so three more today.
    await startedDaysAgo(1);
    expect((await settings()).effectiveDailyLimit).toBe(5);
    for (const n of [4, 5, 6]) expect((await send(n)).statusCode).toBe(200);
    expect((await send(7)).statusCode).toBe(429);
    // Day five: the ramp (14) passes the daily limit, which holds.
    await startedDaysAgo(4);
    expect((await settings()).effectiveDailyLimit).toBe(10);
  });

  it('keeps its first day when saved again unchanged, restarts with new numbers, and ends with null', async () => {
    await startedDaysAgo(2);
    const before = (await account()).warmupStartedOn;
    expect(
      (await saveSmtp({ dailyLimit: 10, warmup: { start: 2, increment: 3 } })).statusCode,
    ).toBe(200);
    expect((await account()).warmupStartedOn).toBe(before);
    // Leaving warmup out keeps it.
    expect((await saveSmtp({ dailyLimit: 10 })).statusCode).toBe(200);
    expect((await account()).warmupStart).toBe(2);
    expect(
      (await saveSmtp({ dailyLimit: 10, warmup: { start: 4, increment: 3 } })).statusCode,
    ).toBe(200);
    expect((await account()).warmupStartedOn).toBe(utcDate(new Date()));
    expect((await settings()).effectiveDailyLimit).toBe(4);
    // With no daily limit, the ramp alone.
    expect((await saveSmtp({ warmup: { start: 4, increment: 3 } })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ dailyLimit: null, effectiveDailyLimit: 4 });
    expect((await saveSmtp({ dailyLimit: 10, warmup: null })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ warmup: null, effectiveDailyLimit: 10 });
  });

  it('reads the limit of the day it is asked on (an injectable clock)', async () => {
    const row = {
      ...(await account()),
      smtpDailyLimit: 20,
      warmupStart: 5,
      warmupIncrement: 5,
      warmupStartedOn: '2030-06-01',
    };
    const on = (iso: string) => smtpOf(row, new Date(iso))!.dailyLimit;
    expect(on('2030-06-01T00:00:00Z')).toBe(5);
    expect(on('2030-06-01T23:59:59Z')).toBe(5);
    expect(on('2030-06-02T00:00:00Z')).toBe(10);
    expect(on('2030-06-03T12:00:00Z')).toBe(15);
    expect(on('2030-06-30T12:00:00Z')).toBe(20);
  });
});
