import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sentEmails } from '../src/db/schema.ts';
import { emailBulkRuns } from '../src/db/tables/email-jobs.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { runBulkJob } from '../src/modules/bulk/runner.ts';
import { createUnsubscribeLinks } from '../src/modules/unsubscribe/links.ts';
import { TEST_PUBLIC_URL, TEST_SECRET_KEY, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import {
  bulkPayload,
  openWithSmtp,
  postBulk,
  receptionCounts,
  waitForJob,
} from './email-bulk-support.ts';
import { insertLeads, latestActivity } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/** A pause between emails, so a run lasts long enough to be watched, stopped and taken over. */
const PAUSE_MS = 250;

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;

beforeAll(async () => {
  ({ t, smtp, acme } = await openWithSmtp(
    'smtp-bulk-control-9q',
    ['acme-bulk-control', 'globex-bulk-control'],
    { jobs: { bulkPauseMs: PAUSE_MS } },
  ));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const seedLeads = async (n: number) => {
  const emails = Array.from({ length: n }, () => uniqueEmail('control-lead'));
  const ids = await insertLeads(
    t.database.db,
    acme.organizationId,
    emails.map((personEmail) => ({ personEmail })),
  );
  return { ids, emails };
};

const start = async (ids: string[]) => {
  const response = await postBulk(t, acme.token, bulkPayload(ids));
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json()).toMatchObject({ message: 'Bulk email started', total: ids.length });
  return response.json().jobId as string;
};

describe('a running bulk run', () => {
  it('is listed as running, and stops when the user stops it', async () => {
    const { ids, emails } = await seedLeads(40);
    const before = smtp.messages.length;
    const jobId = await start(ids);
    await waitForJob(t, acme.token, jobId, (job) => job.sent >= 2);

    const running = await t.request({
      method: 'GET',
      url: '/api/email/bulk?status=running',
      token: acme.token,
    });
    expect(running.json().jobs.map((job: { jobId: string }) => job.jobId)).toEqual([jobId]);

    const stop = await t.request({
      method: 'POST',
      url: `/api/email/bulk/${jobId}/stop`,
      token: acme.token,
    });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().job).toMatchObject({ status: 'stopped', message: 'Stopped by the user' });
    // At most the email under way when the stop arrived still leaves; then nothing.
    const atStop = stop.json().job.sent as number;
    await new Promise((resolve) => setTimeout(resolve, 6 * PAUSE_MS));
    const job = await waitForJob(t, acme.token, jobId);
    expect(job.status).toBe('stopped');
    expect(job.sent).toBeLessThanOrEqual(atStop + 1);
    expect(job.sent).toBeLessThan(40);
    const received = smtp.messages.slice(before);
    expect(received).toHaveLength(job.sent);
    expect(new Set(received.flatMap((m) => m.recipients)).size).toBe(received.length);
    for (const address of received.flatMap((m) => m.recipients)) expect(emails).toContain(address);
    const activity = await latestActivity(t.database.db, acme.organizationId);
    expect(activity?.action).toBe('bulk email stopped');

    const again = await t.request({
      method: 'POST',
      url: `/api/email/bulk/${jobId}/stop`,
      token: acme.token,
    });
    expect(again.statusCode).toBe(409);
  });

  it('is taken over by a second worker when its lease lapses, and no lead gets two emails', async () => {
    const { ids, emails } = await seedLeads(12);
    const before = smtp.messages.length;
    const jobId = await start(ids);
    await waitForJob(t, acme.token, jobId, (job) => job.sent >= 3);
    // As if the first worker's process had stalled past its lease: another worker (a second
    // process on the same database) takes the run over while the first still runs.
    await t.database.db
      .update(emailBulkRuns)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(emailBulkRuns.id, jobId));
    const secondWorker = runBulkJob(
      {
        db: t.database.db,
        box: createSecretBox(TEST_SECRET_KEY),
        links: createUnsubscribeLinks(TEST_SECRET_KEY, TEST_PUBLIC_URL),
        pauseMs: 0,
        leaseSeconds: 5,
      },
      jobId,
    );
    const job = await waitForJob(t, acme.token, jobId);
    await secondWorker;
    expect(job.status).toBe('completed');
    const counts = receptionCounts(smtp.messages.slice(before));
    for (const email of emails) expect(counts.get(email) ?? 0).toBeLessThanOrEqual(1);
    const rows = await t.database.db
      .select({ status: sentEmails.status })
      .from(sentEmails)
      .where(eq(sentEmails.jobId, jobId));
    // One row per lead; the counters add up to the whole run.
    expect(rows).toHaveLength(12);
    expect(job.sent + job.failed + job.skipped).toBe(12);
    expect(job.failed).toBeLessThanOrEqual(1);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(11);
  });
});
