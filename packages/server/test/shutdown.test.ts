import { once } from 'node:events';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/connection.ts';
import { rowsOf } from '../src/db/rows.ts';
import { serverStores } from './server-stores.ts';
import type { Store } from './server-stores.ts';
import { receptionCounts } from './email-bulk-support.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import {
  callServer,
  configureSmtpOn,
  createLeadsOn,
  leadsCsv,
  signinTo,
  startServerProcess,
  stopServerProcess,
  uploadLeadsOn,
} from './server-process.ts';
import { waitFor } from './wait.ts';
import { ALWAYS_OPEN } from './campaigns-support.ts';
import type { ServerProcess } from './server-process.ts';

/**
 * The real server as a child process, stopped with SIGTERM while a bulk run, a campaign and an
 * import of a big CSV are all under way, then started again on the same database: it exits
 * cleanly (code 0, within 10 s), and the next start finishes every one of them with nothing
 * lost and nothing twice: each recipient gets exactly one email, none is reported failed (the
 * emails in flight were finished, the reserved ones handed back), and the import counts every
 * row exactly once. And when the mail server hangs mid-email, the process still exits within
 * 10 s, and that one email, whose fate is unknown, is reported not confirmed rather than sent again.
 */
const PASSWORD = 'shutdown-password-123';
const ROOT_EMAIL = 'root@shutdown.test';
const ADMIN_EMAIL = 'admin@shutdown.test';
const BULK_LEADS = 40;
const CAMPAIGN_LEADS = 400;
const IMPORT_ROWS = 30_000;
/** One import batch (imports/service.ts): the import is under way once one has committed. */
const IMPORT_BATCH = 2000;

let smtp: TestSmtpServer;
const { newStore, track, cleanUp } = serverStores('leadline-shutdown-');

const start = async (store: Store) => {
  const server = await startServerProcess({
    dataDir: store.dataDir,
    databaseUrl: store.database?.url,
    startTimeoutMs: 240_000,
    env: {
      LOG_LEVEL: 'info',
      BULK_PAUSE_MS: '250',
      MAIL_ALLOW_PRIVATE_HOSTS: '1',
      SUPERADMIN_EMAIL: ROOT_EMAIL,
      SUPERADMIN_PASSWORD: PASSWORD,
      PUBLIC_URL: 'https://crm.shutdown.test',
    },
  });
  return track(server);
};

/** An Admin of a new organisation with SMTP settings for `mail`: their token. */
const adminWithSmtp = async (server: ServerProcess, mail: { host: string; port: number }) => {
  const rootToken = await signinTo(server, ROOT_EMAIL, PASSWORD);
  const created = await callServer(
    server,
    'POST',
    '/api/auth/signup',
    {
      name: 'Shutdown Admin',
      email: ADMIN_EMAIL,
      password: PASSWORD,
      role: 'Admin',
      organizationName: 'acme-shutdown',
    },
    rootToken,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const token = await signinTo(server, ADMIN_EMAIL, PASSWORD);
  await configureSmtpOn(server, token, { ...smtp, host: mail.host, port: mail.port });
  return token;
};

const startBulk = async (server: ServerProcess, token: string, leadIds: string[]) => {
  const bulk = await callServer(
    server,
    'POST',
    '/api/email/bulk',
    {
      leadIds,
      subject: 'Hello {{firstName}}',
      body: '<p>Hi {{firstName}}, a message that survives a stop.</p>',
      type: 'initial',
    },
    token,
  );
  expect(bulk.status, JSON.stringify(bulk.json)).toBe(202);
  return bulk.json.jobId as string;
};

/**
 * A loopback port in front of the test SMTP server: it passes connections through, or, once
 * stalled, accepts them and never answers (a mail server that hangs).
 */
const stallingProxy = async (target: { host: string; port: number }) => {
  let stalled = false;
  let hung = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (stalled) {
      hung += 1;
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    stall: (on: boolean) => (stalled = on),
    /** Connections accepted while stalled. */
    hung: () => hung,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
};

const leadRows = (n: number, company: string, prefix: string) =>
  Array.from(
    { length: n },
    (_, i) => `${company},First${i},Last${i},${prefix}-${i}@shutdown.test,Referral`,
  );

type Progress = {
  bulk: { status: string; sent: number; failed: number; total: number };
  campaign: { status: string; sentCount: number; counts: Record<string, number> };
  imported: { status: string; processed: number; inserted: number } & Record<string, unknown>;
};

const progressOf = async (
  server: ServerProcess,
  token: string,
  ids: { bulk: string; campaign: string; imported: string },
): Promise<Progress> => {
  const [bulk, campaign, imported] = await Promise.all([
    callServer(server, 'GET', `/api/email/bulk/${ids.bulk}`, undefined, token),
    callServer(server, 'GET', `/api/campaigns/${ids.campaign}`, undefined, token),
    callServer(server, 'GET', `/api/imports/${ids.imported}`, undefined, token),
  ]);
  for (const answer of [bulk, campaign, imported])
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return {
    bulk: bulk.json as Progress['bulk'],
    campaign: campaign.json as Progress['campaign'],
    imported: imported.json as Progress['imported'],
  };
};

beforeAll(async () => {
  smtp = await startSmtpServer({ password: 'smtp-shutdown-pass-9q' });
});
afterAll(async () => {
  await cleanUp('SIGTERM');
  await smtp?.stop();
});

describe('stopping the server with SIGTERM', () => {
  it('hands back a bulk run, a campaign and an import; the next start finishes them, nothing lost or twice', async () => {
    const store = await newStore();
    const first = await start(store);
    const token = await adminWithSmtp(first, smtp);

    // The leads of the bulk run and of the campaign, imported first.
    const bulkRows = leadRows(BULK_LEADS, 'Bulkgroup Ltd', 'bulk');
    const campaignRows = leadRows(CAMPAIGN_LEADS, 'Zeppelin Tours', 'campaign');
    const setup = await uploadLeadsOn(
      first,
      token,
      'setup.csv',
      leadsCsv([...bulkRows, ...campaignRows]),
    );
    const setupDone = await waitFor(
      () => callServer(first, 'GET', `/api/imports/${setup}`, undefined, token),
      ({ json }) => json.status !== 'running',
      120_000,
    );
    expect(setupDone.json).toMatchObject({
      status: 'completed',
      inserted: BULK_LEADS + CAMPAIGN_LEADS,
    });
    const listed = await callServer(
      first,
      'GET',
      '/api/leads?search=bulkgroup&limit=50',
      undefined,
      token,
    );
    const bulkLeadIds = (listed.json.leads as { _id: string }[]).map((lead) => lead._id);
    expect(bulkLeadIds).toHaveLength(BULK_LEADS);

    // All three under way at once: the bulk run and the campaign first.
    const bulkId = await startBulk(first, token, bulkLeadIds);
    const campaign = await callServer(
      first,
      'POST',
      '/api/campaigns',
      {
        name: 'Zeppelin season',
        description: 'Tours open in May',
        type: 'email',
        emailSubject: 'Tours for {{firstName}}',
        emailBody: '<p>Dear {{firstName}}, our zeppelin tours open in May.</p>',
        targetFilters: { tags: ['zeppelin'] },
        sendingWindow: ALWAYS_OPEN,
        gapSeconds: { min: 0, max: 0 },
      },
      token,
    );
    expect(campaign.status, JSON.stringify(campaign.json)).toBe(201);
    const campaignId = campaign.json._id as string;
    const sent = await callServer(first, 'POST', `/api/campaigns/${campaignId}/send`, {}, token);
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
    // The import (the quickest of the three) starts once the emails are going out.
    await waitFor(
      async () => smtp.messages.length,
      (n) => n >= 2,
      120_000,
    );
    const bigCsv = leadsCsv(leadRows(IMPORT_ROWS, 'Import Co', 'imported'));
    const imported = await uploadLeadsOn(first, token, 'big.csv', bigCsv);
    const ids = { bulk: bulkId, campaign: campaignId, imported };
    // Stopped once the import has committed a batch or two.
    await waitFor(
      () => callServer(first, 'GET', `/api/imports/${imported}`, undefined, token),
      ({ json }) => (json.processed as number) >= IMPORT_BATCH || json.status !== 'running',
      120_000,
      50,
    );
    const midway = await progressOf(first, token, ids);
    expect(midway.bulk.status).toBe('running');
    expect(midway.campaign.status).toBe('active');
    expect(midway.imported.status).toBe('running');

    const stopped = await stopServerProcess(first, 'SIGTERM');
    const output = first.output();
    expect(stopped, output).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms, output).toBeLessThan(10_000);
    expect(output).toContain('SIGTERM: stopped');
    expect(output).not.toContain('exiting anyway');
    // The bulk run and the import were under way when the signal went out, and handed back.
    expect(output).toMatch(/jobs handed back or finished: .*email-bulk/);
    expect(output).toMatch(/jobs handed back or finished: .*imports/);
    const atStop = receptionCounts(smtp.messages);
    const received = (prefix: string) =>
      [...atStop.keys()].filter((address) => address.startsWith(prefix)).length;
    expect(received('bulk-')).toBeLessThan(BULK_LEADS);
    expect(received('campaign-')).toBeLessThan(CAMPAIGN_LEADS);

    const second = await start(store);
    const token2 = await signinTo(second, ADMIN_EMAIL, PASSWORD);
    const done = await waitFor(
      () => progressOf(second, token2, ids),
      ({ bulk, campaign, imported }) =>
        bulk.status !== 'running' && campaign.status !== 'active' && imported.status !== 'running',
      300_000,
    );

    expect(done.bulk).toMatchObject({ status: 'completed', sent: BULK_LEADS, failed: 0 });
    expect(done.campaign).toMatchObject({ status: 'completed', sentCount: CAMPAIGN_LEADS });
    expect(done.campaign.counts).toMatchObject({ sent: CAMPAIGN_LEADS, failed: 0, queued: 0 });
    expect(done.imported).toMatchObject({
      status: 'completed',
      total: IMPORT_ROWS,
      processed: IMPORT_ROWS,
      inserted: IMPORT_ROWS,
      duplicates: 0,
      errorCount: 0,
    });
    const counts = receptionCounts(smtp.messages);
    for (let i = 0; i < BULK_LEADS; i += 1)
      expect(counts.get(`bulk-${i}@shutdown.test`), `bulk-${i}`).toBe(1);
    for (let i = 0; i < CAMPAIGN_LEADS; i += 1)
      expect(counts.get(`campaign-${i}@shutdown.test`), `campaign-${i}`).toBe(1);
    expect(smtp.messages).toHaveLength(BULK_LEADS + CAMPAIGN_LEADS);

    // Stopped with nothing under way, the database holds every imported row once.
    const last = await stopServerProcess(second, 'SIGTERM');
    expect(last, second.output()).toMatchObject({ code: 0, signal: null });
    const db = store.database ?? (await openPglite(store.dataDir));
    try {
      const rows = rowsOf<{ n: number }>(
        await db.db.execute(
          sql`SELECT count(*)::int AS n FROM leads WHERE company_name = 'Import Co'`,
        ),
      );
      expect(rows[0]!.n).toBe(IMPORT_ROWS);
    } finally {
      if (!store.database) await db.close();
    }
  }, 600_000);

  it('exits within 10 s when the mail server hangs, and never resends the email left in doubt', async () => {
    const store = await newStore();
    const proxy = await stallingProxy(smtp);
    try {
      const first = await start(store);
      const token = await adminWithSmtp(first, proxy);
      const emails = Array.from({ length: 5 }, (_, i) => `hung-${i}@shutdown.test`);
      const leadIds = await createLeadsOn(first, token, emails, 'Hung Co');
      proxy.stall(true);
      const runId = await startBulk(first, token, leadIds);
      // The first email is in flight: its connection waits for a greeting that never comes.
      await waitFor(
        async () => proxy.hung(),
        (n) => n >= 1,
        60_000,
      );

      const stopped = await stopServerProcess(first, 'SIGTERM');
      const output = first.output();
      expect(stopped, output).toMatchObject({ code: 0, signal: null });
      expect(stopped.ms, output).toBeLessThan(10_000);
      expect(output).toMatch(/left to be retried at the next start: email-bulk/);

      proxy.stall(false);
      const second = await start(store);
      const token2 = await signinTo(second, ADMIN_EMAIL, PASSWORD);
      const done = await waitFor(
        () => callServer(second, 'GET', `/api/email/bulk/${runId}`, undefined, token2),
        ({ json }) => json.status !== 'running',
        120_000,
      );
      // Whether the email in doubt (the first: one email at a time) left is unknown: it is
      // reported not confirmed, never failed, and never sent again.
      expect(done.json).toMatchObject({ status: 'completed', sent: 4, failed: 0, unconfirmed: 1 });
      expect(done.json.failures).toEqual([]);
      const history = await callServer(
        second,
        'GET',
        `/api/leads/${leadIds[0]}/emails`,
        undefined,
        token2,
      );
      expect(history.json as unknown).toMatchObject([
        { status: 'unconfirmed', error: expect.stringContaining('Not confirmed') },
      ]);
      const counts = receptionCounts(smtp.messages);
      for (const email of emails)
        expect(counts.get(email) ?? 0, email).toBe(email === emails[0] ? 0 : 1);
    } finally {
      await proxy.stop();
    }
  }, 300_000);
});
