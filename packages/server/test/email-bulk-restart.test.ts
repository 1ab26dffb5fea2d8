import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkEmailJob } from '@leadline/shared/email';
import type { Database } from '../src/db/connection.ts';
import { openTestDatabase } from './db.ts';
import { receptionCounts } from './email-bulk-support.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import {
  callServer as call,
  configureSmtpOn,
  createLeadsOn,
  signinTo,
  startServerProcess,
  stopServerProcess,
} from './server-process.ts';
import type { ServerProcess as Server } from './server-process.ts';

/**
 * The real server as a child process (as e2e/support/server.ts starts it), killed with SIGKILL
 * in the middle of a bulk run and started again on the same database: the run resumes, and
 * no lead gets two emails.
 */
const PASSWORD = 'restart-password-123';
const ROOT_EMAIL = 'root@restart.test';
const LEADS = 16;

let smtp: TestSmtpServer;
let dataDir: string;
/** With TEST_DATABASE_URL, a database of its own on that server (made, and dropped, by db.ts). */
let database: (Database & { url?: string }) | undefined;
const servers: Server[] = [];

const startServer = async (): Promise<Server> => {
  const server = await startServerProcess({
    dataDir,
    databaseUrl: database?.url,
    env: {
      SUPERADMIN_EMAIL: ROOT_EMAIL,
      SUPERADMIN_PASSWORD: PASSWORD,
      BULK_PAUSE_MS: '300',
      PUBLIC_URL: 'https://crm.restart.test',
    },
  });
  servers.push(server);
  return server;
};

const stopServer = (server: Server, signal: NodeJS.Signals) => stopServerProcess(server, signal);

const signin = async (server: Server, email: string) => signinTo(server, email, PASSWORD);

beforeAll(async () => {
  smtp = await startSmtpServer({ password: 'smtp-restart-pass-7x' });
  dataDir = mkdtempSync(join(tmpdir(), 'leadline-restart-'));
  if (process.env.TEST_DATABASE_URL) database = await openTestDatabase();
});
afterAll(async () => {
  for (const server of servers) await stopServer(server, 'SIGTERM');
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await smtp?.stop();
});

describe('bulk run across a server kill', () => {
  it('resumes after SIGKILL and a restart: no lead twice, none lost', async () => {
    const first = await startServer();
    const rootToken = await signin(first, ROOT_EMAIL);
    const adminEmail = 'admin@restart.test';
    const created = await call(
      first,
      'POST',
      '/api/auth/signup',
      {
        name: 'Restart Admin',
        email: adminEmail,
        password: PASSWORD,
        role: 'Admin',
        organizationName: 'acme-restart',
      },
      rootToken,
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const token = await signin(first, adminEmail);
    await configureSmtpOn(first, token, smtp);
    const emails = Array.from({ length: LEADS }, (_, i) => `lead-${i}@restart.test`);
    const leadIds = await createLeadsOn(first, token, emails, 'Acme');
    const started = await call(
      first,
      'POST',
      '/api/email/bulk',
      {
        leadIds,
        subject: 'Hello {{firstName}}',
        body: '<p>Hi {{firstName}}, a message that survives a restart.</p>',
        type: 'initial',
      },
      token,
    );
    expect(started.status, JSON.stringify(started.json)).toBe(202);
    const jobId = started.json.jobId as string;

    await smtp.waitForMessages(4, 90_000);
    await stopServer(first, 'SIGKILL');
    const atKill = smtp.messages.length;
    expect(atKill).toBeLessThan(LEADS);

    const second = await startServer();
    const token2 = await signin(second, adminEmail);
    const deadline = Date.now() + 150_000;
    let job: BulkEmailJob;
    for (;;) {
      const progress = await call(second, 'GET', `/api/email/bulk/${jobId}`, undefined, token2);
      expect(progress.status).toBe(200);
      job = progress.json as unknown as BulkEmailJob;
      if (job.status !== 'running') break;
      if (Date.now() > deadline) throw new Error(`run did not finish: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    expect(job.status).toBe('completed');
    expect(job.total).toBe(LEADS);
    expect(job.sent + job.unconfirmed).toBe(LEADS);
    // At most one email was with the mail server at the kill: not confirmed (it may have
    // left), never sent again, and never reported failed.
    expect(job.failed).toBe(0);
    expect(job.unconfirmed).toBeLessThanOrEqual(1);
    const counts = receptionCounts(smtp.messages);
    for (const email of emails) expect(counts.get(email) ?? 0).toBeLessThanOrEqual(1);
    const missing = emails.filter((email) => !counts.has(email));
    expect(missing.length).toBeLessThanOrEqual(job.unconfirmed);
    expect(smtp.messages.length).toBeGreaterThanOrEqual(job.sent);
    const afterKill = smtp.messages.length - atKill;
    expect(afterKill).toBeGreaterThan(0);
  }, 300_000);
});
