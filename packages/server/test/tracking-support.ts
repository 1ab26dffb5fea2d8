import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { sentEmails } from '../src/db/schema.ts';
import { flushTrackingHits } from '../src/modules/tracking/endpoints.ts';
import type { TestContext } from './context.ts';
import { TEST_PUBLIC_URL } from './context.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/** Switches the organisation's tracking through the API (as its Admin). */
export const setTracking = async (t: TestContext, token: string, tracking: boolean) => {
  const response = await t.request({
    method: 'PUT',
    url: '/api/organizations/settings',
    token,
    payload: { tracking },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().tracking).toBe(tracking);
};

/** The last message the SMTP sink received for `to`, parsed. */
export const lastMessageFor = async (smtp: TestSmtpServer, to: string): Promise<ParsedMail> => {
  const message = smtp.messages.filter((m) => m.recipients.includes(to)).at(-1);
  if (!message) throw new Error(`no message for ${to}`);
  return simpleParser(message.raw);
};

const PIXEL_PREFIX = `${TEST_PUBLIC_URL}/t/o/`;
const CLICK_PREFIX = `${TEST_PUBLIC_URL}/t/c/`;

/** The tracking paths in an email's HTML: its pixel and its rewritten links, in order. */
export const trackingPathsOf = (html: string) => {
  const paths = (prefix: string) =>
    html
      .split(prefix)
      .slice(1)
      .map((rest) => `${new URL(prefix).pathname}${/^[\w-]*/.exec(rest)![0]}`);
  return { pixel: paths(PIXEL_PREFIX)[0] ?? null, links: paths(CLICK_PREFIX) };
};

/** Writes the hits waiting in memory now (rather than within 250 ms). */
export const flushHits = () => flushTrackingHits();

/** Moves an email's sending time back, so that a hit is not within its first seconds. */
export const ageEmail = async (t: TestContext, sentEmailId: string, seconds = 60) => {
  await t.database.db
    .update(sentEmails)
    .set({ sentAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sentEmails.id, sentEmailId));
};

/** The sent email of a message (by Message-ID). */
export const sentEmailOf = async (t: TestContext, message: ParsedMail) => {
  const [row] = await t.database.db
    .select()
    .from(sentEmails)
    .where(eq(sentEmails.messageId, message.messageId!));
  if (!row) throw new Error(`no sent email for ${message.messageId}`);
  return row;
};

export const HUMAN_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
