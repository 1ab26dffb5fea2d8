import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sentEmails } from '../src/db/schema.ts';
import { emailBulkRuns } from '../src/db/tables/email-jobs.ts';
import type { JobQueue } from '../src/jobs/queue.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { runBulkJob } from '../src/modules/bulk/runner.ts';
import { bulkEmailSchema } from '@leadline/shared/email';
import { startBulkEmail } from '../src/modules/bulk/service.ts';
import { createUnsubscribeLinks } from '../src/modules/unsubscribe/links.ts';
import { createImport, findImport } from '../src/modules/imports/repo.ts';
import { runImport } from '../src/modules/imports/service.ts';
import { toCurrentUser } from '../src/caller/current-user.ts';
import { findUserById } from '../src/modules/users/repo.ts';
import { TEST_PUBLIC_URL, TEST_SECRET_KEY, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, openWithSmtp, receptionCounts } from './email-bulk-support.ts';
import { countLeads, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/**
 * The jobs' answer to the process stopping (their abort signal), driven directly: what they
 * hold is handed back, and the next run goes on from there, nothing twice and nothing lost.
 * shutdown.test.ts does the same with a real process and SIGTERM.
 */
let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;

beforeAll(async () => {
  ({ t, smtp, acme } = await openWithSmtp('smtp-shutdown-jobs-4k', [
    'acme-shutdown-jobs',
    'globex-shutdown-jobs',
  ]));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A queue that only takes note: the runs below are driven by hand. */
const noQueue = { send: async () => null } as unknown as JobQueue;

describe('a bulk run without a pause, when the process stops', () => {
  it('finishes the emails in flight, withdraws those reserved ahead, and the next job sends the rest once', async () => {
    const LEADS = 1500;
    const emails = Array.from({ length: LEADS }, () => uniqueEmail('stop-lead'));
    const ids = await insertLeads(
      t.database.db,
      acme.organizationId,
      emails.map((personEmail) => ({ personEmail })),
    );
    const actor = toCurrentUser((await findUserById(t.database.db, acme.user._id))!);
    const { jobId } = await startBulkEmail(
      t.database.db,
      noQueue,
      actor,
      bulkEmailSchema.parse(bulkPayload(ids)),
    );
    const runner = {
      db: t.database.db,
      box: createSecretBox(TEST_SECRET_KEY),
      links: createUnsubscribeLinks(TEST_SECRET_KEY, TEST_PUBLIC_URL),
      pauseMs: 0,
    };
    const before = smtp.messages.length;
    const stopping = new AbortController();
    const first = runBulkJob(runner, jobId, stopping.signal);
    await smtp.waitForMessages(before + 40, 60_000);
    stopping.abort();
    await first;

    const [handedBack] = await t.database.db
      .select()
      .from(emailBulkRuns)
      .where(eq(emailBulkRuns.id, jobId));
    expect(handedBack).toMatchObject({ status: 'running', leaseOwner: null, leaseUntil: null });
    expect(handedBack!.position).toBeLessThan(LEADS);
    // Nothing left reserved: every email of the run so far was delivered.
    const rows = await t.database.db
      .select({ status: sentEmails.status })
      .from(sentEmails)
      .where(eq(sentEmails.jobId, jobId));
    expect(rows.filter((row) => row.status !== 'sent')).toEqual([]);
    expect(rows).toHaveLength(handedBack!.sent);
    expect(handedBack!.position).toBe(handedBack!.sent);
    expect(smtp.messages.length - before).toBe(handedBack!.sent);

    await runBulkJob(runner, jobId);
    const [done] = await t.database.db
      .select()
      .from(emailBulkRuns)
      .where(eq(emailBulkRuns.id, jobId));
    expect(done).toMatchObject({ status: 'completed', sent: LEADS, failed: 0, position: LEADS });
    const counts = receptionCounts(smtp.messages.slice(before));
    for (const email of emails) expect(counts.get(email)).toBe(1);
    const failed = await t.database.db
      .select({ id: sentEmails.id })
      .from(sentEmails)
      .where(and(eq(sentEmails.jobId, jobId), eq(sentEmails.status, 'failed')));
    expect(failed).toEqual([]);
  }, 120_000);
});

describe('an import, when the process stops', () => {
  it('ends after a committed batch and the next job imports the rest, every row once', async () => {
    const ROWS = 9000;
    const csv = [
      'Company Name,First Name,Last Name,Email,Source',
      ...Array.from(
        { length: ROWS },
        (_, i) => `Stopco,F${i},L${i},stop-${i}@import.test,Referral`,
      ),
    ].join('\n');
    const importId = await createImport(t.database.db, {
      organizationId: acme.organizationId,
      userId: acme.user._id,
      kind: 'leads',
      filename: 'stop.csv',
      file: Buffer.from(csv),
    });
    const before = await countLeads(t.database.db, acme.organizationId);
    const stopping = new AbortController();
    stopping.abort();
    expect(await runImport(t.database.db, importId, 1, stopping.signal)).toBe('interrupted');
    expect(await findImport(t.database.db, importId, null)).toMatchObject({
      status: 'running',
      processed: 0,
    });

    // The process stops midway (the signal reads as aborted after 3,000 looks): what the
    // committed batches hold stays, whatever the batch size of this database.
    let reads = 0;
    const midway = {
      get aborted() {
        reads += 1;
        return reads > 3000;
      },
    } as AbortSignal;
    expect(await runImport(t.database.db, importId, 1, midway)).toBe('interrupted');
    const stopped = (await findImport(t.database.db, importId, null))!;
    expect(stopped.status).toBe('running');
    expect(stopped.processed).toBeGreaterThan(0);
    expect(stopped.processed).toBeLessThan(ROWS);
    expect(stopped.inserted).toBe(stopped.processed);
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(before + stopped.processed);

    expect(await runImport(t.database.db, importId, 1)).toBe('done');
    expect(await findImport(t.database.db, importId, null)).toMatchObject({
      status: 'completed',
      total: ROWS,
      processed: ROWS,
      inserted: ROWS,
      duplicates: 0,
      errorCount: 0,
    });
    expect(await countLeads(t.database.db, acme.organizationId)).toBe(before + ROWS);
  }, 120_000);
});
