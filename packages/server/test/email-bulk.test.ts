import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { emailSuppressions, leads, sentEmails } from '../src/db/schema.ts';
import { emailBulkRuns } from '../src/db/tables/email-jobs.ts';
import { TEST_PUBLIC_URL, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import {
  bulkPayload,
  openWithSmtp,
  postBulk,
  rawHeader,
  receivedBy,
  receptionCounts,
  runBulk,
} from './email-bulk-support.ts';
import { configureSmtp, insertLeads, latestActivity, MISSING_ID } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { REJECTED_PREFIX } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

const ORG = 'acme-bulk';

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-bulk-pass-Zk4', [ORG, 'globex-bulk']));
  await configureSmtp(t, globex.token, smtp);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Seed = { first?: string; mailSent?: boolean; email?: string };
const seedLeads = async (organizationId: string, seeds: Seed[]) => {
  const rows = seeds.map((seed) => ({
    personFirstName: seed.first ?? 'Ada',
    personEmail: seed.email ?? uniqueEmail('bulk-lead'),
    mailSent: seed.mailSent ?? false,
  }));
  const ids = await insertLeads(t.database.db, organizationId, rows);
  return ids.map((id, index) => ({ id, email: rows[index]!.personEmail }));
};

const messagesSince = (start: number) => smtp.messages.slice(start);

const sentCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(sentEmails);
  return row!.n;
};
const runCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(emailBulkRuns);
  return row!.n;
};

describe('POST /api/email/bulk: initial emails', () => {
  it('personalises, wraps in the chosen font, adds unsubscribe, records every lead', async () => {
    const targets = await seedLeads(acme.organizationId, [
      { first: 'Ada' },
      { first: '' },
      { first: 'Grace <b>&' },
    ]);
    const start = smtp.messages.length;
    const job = await runBulk(
      t,
      acme.token,
      bulkPayload(
        targets.map((lead) => lead.id),
        {
          subject: 'Hello {{FIRSTNAME}}',
          body: '<div>Hi {{ firstName }},</div><div>Our offer for {{firstname}}.</div>',
          font: 'Georgia',
        },
      ),
    );
    expect(job).toMatchObject({
      status: 'completed',
      type: 'initial',
      font: 'Georgia',
      total: 3,
      sent: 3,
      failed: 0,
      skipped: 0,
      processed: 3,
      failures: [],
    });
    expect(job.finishedAt).not.toBeNull();
    expect(messagesSince(start)).toHaveLength(3);

    const [ada] = await receivedBy(messagesSince(start), targets[0]!.email);
    expect(ada!.subject).toBe('Hello Ada');
    expect(ada!.html).toMatch(/max-width: ?600px/);
    expect(ada!.html).toMatch(/font-size: ?14px/);
    expect(ada!.html).toMatch(/font-family: ?Georgia/);
    // divs became paragraphs; every placeholder spelling was replaced
    expect(ada!.html).toContain('<p>Hi Ada,</p>');
    expect(ada!.html).toContain('<p>Our offer for Ada.</p>');
    expect(ada!.html).not.toMatch(/\{\{/);
    expect(ada!.text).toContain('Hi Ada,');
    const unsubscribe = String(rawHeader(ada!, 'List-Unsubscribe'));
    expect(unsubscribe).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/unsubscribe/[\\w-]+\\.[\\w-]+>$`));
    expect(rawHeader(ada!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(ada!.html).toContain(unsubscribe.slice(1, -1));

    const [blank] = await receivedBy(messagesSince(start), targets[1]!.email);
    expect(blank!.subject).toBe('Hello there');
    expect(blank!.html).toContain('<p>Hi there,</p>');

    const [grace] = await receivedBy(messagesSince(start), targets[2]!.email);
    expect(grace!.subject).toBe('Hello Grace <b>&');
    expect(grace!.html).toContain('Hi Grace &lt;b&gt;&amp;,');
    expect(grace!.html).not.toContain('<b>&');

    const rows = await t.database.db
      .select()
      .from(leads)
      .where(
        inArray(
          leads.id,
          targets.map((lead) => lead.id),
        ),
      );
    for (const row of rows) {
      expect(row.mailSent).toBe(true);
      expect(row.sentCount).toBe(1);
      expect(row.mailSentDate).not.toBeNull();
    }
    const stored = await t.database.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.jobId, job.jobId));
    expect(stored.map((row) => [row.kind, row.status])).toEqual([
      ['bulk', 'sent'],
      ['bulk', 'sent'],
      ['bulk', 'sent'],
    ]);
    const activity = await latestActivity(t.database.db, acme.organizationId);
    expect(activity?.details).toContain('3 of 3 leads sent, 0 failed, 0 skipped');
  });

  it('counts a refused recipient as failed with the reason and goes on', async () => {
    const targets = await seedLeads(acme.organizationId, [
      { email: `${REJECTED_PREFIX}-${Date.now()}@lead.test` },
      {},
    ]);
    const start = smtp.messages.length;
    const job = await runBulk(t, acme.token, bulkPayload(targets.map((lead) => lead.id)));
    expect(job).toMatchObject({ status: 'completed', sent: 1, failed: 1 });
    expect(job.failures).toEqual([
      {
        leadId: targets[0]!.id,
        to: targets[0]!.email,
        error: expect.stringContaining('refused the message'),
      },
    ]);
    expect(receptionCounts(messagesSince(start)).get(targets[1]!.email)).toBe(1);
  });

  it('skips unsubscribed addresses', async () => {
    const targets = await seedLeads(acme.organizationId, [{}, {}]);
    await t.database.db.insert(emailSuppressions).values({
      organizationId: acme.organizationId,
      email: targets[0]!.email,
      reason: 'unsubscribed',
    });
    const start = smtp.messages.length;
    const job = await runBulk(t, acme.token, bulkPayload(targets.map((lead) => lead.id)));
    expect(job).toMatchObject({
      status: 'completed',
      sent: 1,
      skipped: 1,
      skippedReasons: { unsubscribed: 1, replied: 0, deleted: 0 },
    });
    expect(receptionCounts(messagesSince(start)).has(targets[0]!.email)).toBe(false);
  });

  it('stops the run at the daily limit and says so', async () => {
    const { token } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
    await configureSmtp(t, token, smtp, 2);
    const targets = await seedLeads(acme.organizationId, [{}, {}, {}, {}]);
    const start = smtp.messages.length;
    const job = await runBulk(t, token, bulkPayload(targets.map((lead) => lead.id)));
    expect(job.status).toBe('stopped');
    expect(job.sent).toBe(2);
    expect(job.failed).toBe(0);
    expect(job.message).toContain('daily limit');
    expect(messagesSince(start)).toHaveLength(2);
    // Spent: the next run is refused at once.
    const again = await postBulk(t, token, bulkPayload([targets[3]!.id]));
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toContain('daily limit');
  });
});

describe('POST /api/email/bulk: follow-ups', () => {
  it('threads each email under the last one sent to the lead and skips leads that replied', async () => {
    const targets = await seedLeads(acme.organizationId, [{ first: 'Lin' }, { first: 'Kai' }]);
    const first = await runBulk(
      t,
      acme.token,
      bulkPayload(
        targets.map((lead) => lead.id),
        { subject: 'Intro for {{firstName}}' },
      ),
    );
    expect(first.sent).toBe(2);
    const [original] = await t.database.db
      .select()
      .from(sentEmails)
      .where(and(eq(sentEmails.jobId, first.jobId), eq(sentEmails.leadId, targets[0]!.id)));
    await t.database.db
      .update(leads)
      .set({ repliedAt: new Date() })
      .where(eq(leads.id, targets[1]!.id));

    const start = smtp.messages.length;
    const followUp = await runBulk(
      t,
      acme.token,
      bulkPayload(
        targets.map((lead) => lead.id),
        { type: 'followup', subject: 'Re: Intro for {{firstName}}' },
      ),
    );
    expect(followUp).toMatchObject({
      status: 'completed',
      type: 'followup',
      sent: 1,
      skipped: 1,
      skippedReasons: { replied: 1, unsubscribed: 0, deleted: 0 },
    });
    const received = await receivedBy(messagesSince(start), targets[0]!.email);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('Re: Intro for Lin');
    expect(received[0]!.inReplyTo).toBe(original!.messageId);
    expect(received[0]!.references).toBe(original!.messageId);
    expect(receptionCounts(messagesSince(start)).has(targets[1]!.email)).toBe(false);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, targets[0]!.id));
    expect(lead!.sentCount).toBe(2);
  });
});

describe('POST /api/email/bulk: refusals (nothing sent, no run)', () => {
  const refused = async (
    token: string,
    payload: unknown,
    status: number,
    message: string | RegExp,
  ) => {
    const [sentBefore, runsBefore, received] = [
      await sentCount(),
      await runCount(),
      smtp.messages.length,
    ];
    const response = await postBulk(t, token, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await sentCount()).toBe(sentBefore);
    expect(await runCount()).toBe(runsBefore);
    expect(smtp.messages.length).toBe(received);
    return response.json();
  };

  it('refuses a mixed or wrong selection', async () => {
    const [pending, sent] = await seedLeads(acme.organizationId, [{}, { mailSent: true }]);
    await refused(acme.token, bulkPayload([pending!.id, sent!.id]), 400, /Pending leads only/);
    await refused(
      acme.token,
      bulkPayload([pending!.id, sent!.id], { type: 'followup' }),
      400,
      /Sent leads only/,
    );
    const body = await refused(acme.token, bulkPayload([sent!.id]), 400, /already been emailed/);
    expect(body.errors.leadIds).toBe('Mixed Status Selected');
  });

  it('answers 404 for leads of another organisation or none at all', async () => {
    const [foreign] = await seedLeads(globex.organizationId, [{}]);
    const [own] = await seedLeads(acme.organizationId, [{}]);
    await refused(acme.token, bulkPayload([foreign!.id]), 404, 'Lead not found');
    await refused(
      acme.token,
      bulkPayload([own!.id, foreign!.id]),
      404,
      /1 selected lead was not found/,
    );
    await refused(acme.token, bulkPayload([own!.id, MISSING_ID]), 404, /not found/);
  });

  it('checks every field', async () => {
    const [own] = await seedLeads(acme.organizationId, [{}]);
    await refused(acme.token, bulkPayload([]), 400, 'No leads selected');
    await refused(acme.token, { subject: 'Hi there', body: 'x', type: 'initial' }, 400, /./);
    const many = Array.from(
      { length: 10_001 },
      (_, i) => `${MISSING_ID.slice(0, -5)}${String(i).padStart(5, '0')}`,
    );
    await refused(acme.token, bulkPayload(many), 400, /At most 10,000 leads/);
    await refused(acme.token, bulkPayload(['not-a-uuid']), 400, 'Invalid lead ID');
    await refused(
      acme.token,
      bulkPayload([own!.id], { subject: '' }),
      400,
      'Subject and body are required',
    );
    await refused(
      acme.token,
      bulkPayload([own!.id], { body: '<p> </p>' }),
      400,
      /Subject and body are required/,
    );
    await refused(
      acme.token,
      bulkPayload([own!.id], { subject: 'x'.repeat(101) }),
      400,
      /at most 100/,
    );
    await refused(
      acme.token,
      bulkPayload([own!.id], { type: 'blast' }),
      400,
      /initial or followup/,
    );
    await refused(
      acme.token,
      bulkPayload([own!.id], { font: 'Comic Sans' }),
      400,
      /font must be one of/,
    );
    const wrongTypes = await refused(
      acme.token,
      { leadIds: 'all', subject: 42, body: ['x'], type: null },
      400,
      /./,
    );
    expect(Object.keys(wrongTypes.errors).sort()).toEqual(['body', 'leadIds', 'subject', 'type']);
    await refused(
      acme.token,
      bulkPayload([own!.id], { body: 'x'.repeat(600_000) }),
      400,
      /too long/,
    );
  });

  it('needs SMTP settings, the permission and a session', async () => {
    const [own] = await seedLeads(acme.organizationId, [{}]);
    const { token: noSmtp } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
    await refused(noSmtp, bulkPayload([own!.id]), 400, /No SMTP configuration/);
    const { token: noPermission } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { sendBulkEmail: false, leadsTable: true },
    });
    await refused(noPermission, bulkPayload([own!.id]), 403, /Send Bulk Email/);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/email/bulk',
      payload: bulkPayload([own!.id]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/email/bulk', () => {
  it("lists the caller's own runs by status and hides other users' runs", async () => {
    const [own] = await seedLeads(acme.organizationId, [{}]);
    const job = await runBulk(t, acme.token, bulkPayload([own!.id]));
    const list = await t.request({
      method: 'GET',
      url: '/api/email/bulk?status=completed&limit=5',
      token: acme.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().jobs[0]).toMatchObject({ jobId: job.jobId, status: 'completed' });
    const running = await t.request({
      method: 'GET',
      url: '/api/email/bulk?status=running',
      token: acme.token,
    });
    expect(running.json().jobs).toEqual([]);
    const paused = await t.request({
      method: 'GET',
      url: '/api/email/bulk?status=paused',
      token: acme.token,
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().jobs).toEqual([]);

    const { token: colleague } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
    for (const token of [colleague, globex.token]) {
      const other = await t.request({ method: 'GET', url: `/api/email/bulk/${job.jobId}`, token });
      expect(other.statusCode).toBe(404);
      const theirs = await t.request({ method: 'GET', url: '/api/email/bulk', token });
      expect(theirs.json().jobs.map((j: { jobId: string }) => j.jobId)).not.toContain(job.jobId);
    }
    for (const url of ['/api/email/bulk/nope', `/api/email/bulk/${MISSING_ID}`]) {
      expect((await t.request({ method: 'GET', url, token: acme.token })).statusCode).toBe(404);
    }
    for (const url of [
      '/api/email/bulk?status=waiting',
      '/api/email/bulk?limit=abc',
      '/api/email/bulk?limit=1000',
    ]) {
      expect((await t.request({ method: 'GET', url, token: acme.token })).statusCode).toBe(400);
    }
    const stop = await t.request({
      method: 'POST',
      url: `/api/email/bulk/${job.jobId}/stop`,
      token: acme.token,
    });
    expect(stop.statusCode).toBe(409);
  });
});
