import { expect } from 'vitest';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import type { BulkEmailJob } from '@leadline/shared/email';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, configureSmtp } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { ReceivedMessage } from './mail-servers.ts';

/** A test context, a test SMTP server and two new organisations' Admins, the first's SMTP saved. */
export const openWithSmtp = async (
  smtpPassword: string,
  [first, second]: [string, string],
  contextOptions: Parameters<typeof createTestContext>[0] = {},
) => {
  const [t, smtp] = await Promise.all([
    createTestContext(contextOptions),
    startSmtpServer({ password: smtpPassword }),
  ]);
  try {
    const acme = await adminOf(t, first);
    const globex = await adminOf(t, second);
    await configureSmtp(t, acme.token, smtp);
    return { t, smtp, acme, globex };
  } catch (error) {
    await t.close();
    await smtp.stop();
    throw error;
  }
};

export const bulkPayload = (leadIds: string[], overrides: Record<string, unknown> = {}) => ({
  leadIds,
  subject: 'Hello {{firstName}}',
  body: '<p>Hi {{firstName}},</p><p>Here is what we can do for your team.</p>',
  type: 'initial',
  ...overrides,
});

export const postBulk = (t: TestContext, token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/email/bulk', token, payload: payload as object });

export const getJob = async (t: TestContext, token: string, jobId: string) => {
  const response = await t.request({ method: 'GET', url: `/api/email/bulk/${jobId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BulkEmailJob;
};

/** Polls the run's progress until `done` holds (by default: it is no longer running). */
export const waitForJob = async (
  t: TestContext,
  token: string,
  jobId: string,
  done: (job: BulkEmailJob) => boolean = (job) => job.status !== 'running',
  timeoutMs = 60_000,
): Promise<BulkEmailJob> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await getJob(t, token, jobId);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`bulk job still not done: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** Starts a run (202) and waits for it to end. */
export const runBulk = async (t: TestContext, token: string, payload: unknown) => {
  const response = await postBulk(t, token, payload);
  expect(response.statusCode, response.body).toBe(202);
  const { jobId } = response.json() as { jobId: string };
  return waitForJob(t, token, jobId);
};

/** The messages that reached the SMTP server for this recipient, parsed. */
export const receivedBy = (
  messages: readonly ReceivedMessage[],
  address: string,
): Promise<ParsedMail[]> =>
  Promise.all(
    messages
      .filter((message) => message.recipients.includes(address))
      .map((message) => simpleParser(message.raw)),
  );

/** How many messages each address received. */
export const receptionCounts = (messages: readonly ReceivedMessage[]): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const message of messages)
    for (const address of message.recipients) counts.set(address, (counts.get(address) ?? 0) + 1);
  return counts;
};

/** A header's value as it was sent (unfolded), from the parsed message's raw header lines. */
export const rawHeader = (message: ParsedMail, name: string): string | undefined =>
  message.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/^[^:]+:\s*/, '');
