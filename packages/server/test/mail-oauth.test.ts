import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAILBOX_CONNECTED,
  OAUTH_STATE_INVALID,
  RECONNECT_MAILBOX,
} from '@leadline/shared/mail-oauth';
import type { SystemMessage } from '../src/modules/system-mail/mailer.ts';
import { createTestContext, TEST_PUBLIC_URL } from './context.ts';
import type { TestContext } from './context.ts';
import { sql } from 'drizzle-orm';
import { mailOAuthStates } from '../src/db/schema.ts';
import { createCampaign, getCampaign, sendCampaign, sendDueNow } from './campaigns-support.ts';
import { adminOf, createLead, insertLeads } from './fixtures.ts';
import { waitFor } from './wait.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { bulkPayload, postBulk, waitForJob } from './email-bulk-support.ts';
import {
  connectMailbox,
  messageOf,
  startTestProvider,
  startXOAuth2Smtp,
} from './mail-oauth-support.ts';
import type { TestProvider, XOAuth2SmtpServer } from './mail-oauth-support.ts';

let t: TestContext;
let provider: TestProvider;
let smtp: XOAuth2SmtpServer;
let acme: OrganisationAdmin;
const notices: SystemMessage[] = [];

beforeAll(async () => {
  let issuer = '';
  smtp = await startXOAuth2Smtp(() => issuer);
  provider = await startTestProvider(smtp.port);
  issuer = provider.issuer;
  t = await createTestContext({
    systemMail: {
      mailer: { send: async (message) => void notices.push(message) },
      publicUrl: TEST_PUBLIC_URL,
    },
  });
  acme = await adminOf(t, 'acme');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await provider?.stop();
});

const config = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/email/config', token })).json().config;

const send = (token: string, subject: string) =>
  t.request({
    method: 'POST',
    url: '/api/email/send',
    token,
    payload: { to: 'ada@lead.test', subject, body: '<p>Dear Ada, here is our proposal.</p>' },
  });

describe('Connect a mailbox with OAuth (authorization code + PKCE)', () => {
  it('lists only the configured providers and the redirect URI', async () => {
    const response = await t.request({ method: 'GET', url: '/api/email/oauth', token: acme.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      providers: [{ provider: 'custom', name: 'Test Mail' }],
      redirectUri: 'http://localhost:3000/api/email/oauth/callback',
    });
    const google = await t.request({
      method: 'POST',
      url: '/api/email/oauth/start',
      token: acme.token,
      payload: { provider: 'google' },
    });
    expect(google.statusCode).toBe(400);
    expect(google.json().message).toBe('This provider is not configured on this server');
  });

  it('connects the mailbox through the real flow and sends over XOAUTH2', async () => {
    const { start, callback } = await connectMailbox(t, acme.token);
    const url = new URL(start);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('client_id')).toBe('leadline-test-client');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/email/oauth/callback',
    );
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(callback.statusCode).toBe(303);
    expect(messageOf(callback.headers.location)).toEqual({
      oauth: 'connected',
      message: MAILBOX_CONNECTED,
    });
    expect(String(callback.headers.location)).toMatch(/^\/email\/config\?/);
    const settings = await config(acme.token);
    expect(settings).toMatchObject({
      provider: 'custom',
      status: 'ok',
      email: 'rep@oauth.test',
      smtp: { host: '127.0.0.1', port: smtp.port, user: 'rep@oauth.test' },
    });

    const sent = await send(acme.token, 'Sent over XOAUTH2');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(smtp.logins).toContain('rep@oauth.test');
    expect(smtp.messages.at(-1)!.raw.toString()).toContain('Subject: Sent over XOAUTH2');
    // Nothing of the grant in the logs.
    expect(t.logs.join('')).not.toMatch(/access_token|refresh_token|code_verifier/);
  });

  it('takes a daily limit for the connected mailbox without a password, keeping its grant', async () => {
    const saved = await t.request({
      method: 'POST',
      url: '/api/email/config',
      token: acme.token,
      payload: {
        smtp: {
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: 'rep@oauth.test',
          dailyLimit: 5000,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await config(acme.token)).toMatchObject({
      provider: 'custom',
      status: 'ok',
      smtp: { dailyLimit: 5000, effectiveDailyLimit: 5000 },
    });
    expect((await send(acme.token, 'Under a daily limit')).statusCode).toBe(200);
  });

  it('refuses a used, unknown or foreign state and exchanges nothing', async () => {
    const { back, cookie } = await connectMailbox(t, acme.token);
    const again = await t.request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(messageOf(again.headers.location)).toEqual({
      oauth: 'failed',
      message: OAUTH_STATE_INVALID,
    });
    const unknown = await t.request({
      method: 'GET',
      url: '/api/email/oauth/callback?code=x&state=nothing-like-it',
      headers: { cookie },
    });
    expect(messageOf(unknown.headers.location).message).toBe(OAUTH_STATE_INVALID);

    // Someone else's browser (no cookie of the sign-in) opening the link connects nothing.
    const start = await t.request({
      method: 'POST',
      url: '/api/email/oauth/start',
      token: acme.token,
      payload: { provider: 'custom' },
    });
    const authorize = await fetch(start.json().url, { redirect: 'manual' });
    const link = new URL(authorize.headers.get('location')!);
    const foreign = await t.request({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(messageOf(foreign.headers.location).message).toBe(OAUTH_STATE_INVALID);
  });

  it('refuses a state older than 10 minutes', async () => {
    const start = await t.request({
      method: 'POST',
      url: '/api/email/oauth/start',
      token: acme.token,
      payload: { provider: 'custom' },
    });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    await t.database.db
      .update(mailOAuthStates)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const authorize = await fetch(start.json().url, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    const late = await t.request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie },
    });
    expect(messageOf(late.headers.location).message).toBe(OAUTH_STATE_INVALID);
  });

  it('does not reach a provider on a private address unless MAIL_ALLOW_PRIVATE_HOSTS=1', async () => {
    delete process.env.MAIL_ALLOW_PRIVATE_HOSTS;
    try {
      const { callback } = await connectMailbox(t, acme.token);
      const { oauth, message } = messageOf(callback.headers.location);
      expect(oauth).toBe('failed');
      expect(message).toContain('Test Mail could not be reached');
      expect(message).toContain('private or reserved address');
    } finally {
      process.env.MAIL_ALLOW_PRIVATE_HOSTS = '1';
    }
  });

  it('explains a provider error in words', async () => {
    const start = await t.request({
      method: 'POST',
      url: '/api/email/oauth/start',
      token: acme.token,
      payload: { provider: 'custom' },
    });
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const state = new URL(start.json().url).searchParams.get('state')!;
    const denied = await t.request({
      method: 'GET',
      url: `/api/email/oauth/callback?error=access_denied&state=${state}`,
      headers: { cookie },
    });
    expect(messageOf(denied.headers.location)).toEqual({
      oauth: 'failed',
      message: 'You declined access, so the mailbox was not connected.',
    });
  });

  it('needs the configureEmail permission to start', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/email/oauth/start',
      payload: { provider: 'custom' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('Access tokens', () => {
  it('makes one refresh for fifty sends at once', async () => {
    provider.codeTokenLife = 1; // the token the code brought is as good as expired
    await connectMailbox(t, acme.token);
    const before = provider.refreshes;
    const sends = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(acme.token, `Burst ${i}`)),
    );
    expect(sends.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(provider.refreshes - before).toBe(1);
    provider.codeTokenLife = 3600;
  }, 60_000);

  it('marks the mailbox for reconnecting when the grant is revoked, tells the owner once, and connecting again clears it', async () => {
    provider.codeTokenLife = 1;
    await connectMailbox(t, acme.token);
    provider.revoked = true;
    const refused = await send(acme.token, 'After the revocation');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RECONNECT_MAILBOX);
    const again = await send(acme.token, 'Still revoked');
    expect(again.statusCode).toBe(409);
    expect(await config(acme.token)).toMatchObject({ provider: 'custom', status: 'reconnect' });
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toBe(acme.user.email);
    expect(notices[0]!.text).toContain(`${TEST_PUBLIC_URL}/email/config`);

    provider.revoked = false;
    provider.codeTokenLife = 3600;
    await connectMailbox(t, acme.token);
    expect((await config(acme.token)).status).toBe('ok');
    expect((await send(acme.token, 'Reconnected')).statusCode).toBe(200);
  });
});

describe('Bulk runs on a mailbox that needs reconnecting', () => {
  it('pauses the run, then goes on after reconnecting: every lead emailed once', async () => {
    const leads = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        createLead(t, acme.token, { personEmail: `bulk-${i}@lead.test` }),
      ),
    );
    provider.codeTokenLife = 1;
    await connectMailbox(t, acme.token);
    provider.revoked = true;
    const started = await postBulk(t, acme.token, bulkPayload(leads.map((lead) => lead._id)));
    expect(started.statusCode, started.body).toBe(202);
    const { jobId } = started.json() as { jobId: string };
    const paused = await waitForJob(t, acme.token, jobId);
    expect(paused.status).toBe('paused');
    expect(paused.sent).toBe(0);

    provider.revoked = false;
    provider.codeTokenLife = 3600;
    await connectMailbox(t, acme.token);
    const done = await waitForJob(t, acme.token, jobId, (job) => job.status === 'completed');
    expect(done, JSON.stringify(done)).toMatchObject({ sent: 6 });
    for (let i = 0; i < 6; i += 1) {
      const to = smtp.messages.filter((m) => m.recipients.includes(`bulk-${i}@lead.test`));
      expect(to).toHaveLength(1);
    }
  }, 60_000);
});

describe('Campaign steps on a mailbox that needs reconnecting', () => {
  it('hold their emails (not failed) and send each once after reconnecting', async () => {
    const addresses = Array.from({ length: 4 }, (_, i) => `campaign-${i}@lead.test`);
    const ids = await insertLeads(
      t.database.db,
      acme.organizationId,
      addresses.map((personEmail, i) => ({ personEmail, personFirstName: `Cam${i}` })),
    );
    provider.codeTokenLife = 1;
    await connectMailbox(t, acme.token);
    provider.revoked = true;
    const campaign = await createCampaign(t, acme.token, { leads: ids });
    expect((await sendCampaign(t, acme.token, campaign._id)).statusCode).toBe(200);
    const held = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      // Tried, and put back for the retry a few minutes on (not failed, not paused).
      (c) => c.nextSendAt !== null && new Date(c.nextSendAt).getTime() > Date.now() + 60_000,
    );
    expect(held).toMatchObject({ status: 'active', counts: { sent: 0, failed: 0, queued: 4 } });

    provider.revoked = false;
    provider.codeTokenLife = 3600;
    await connectMailbox(t, acme.token);
    // The retry's time comes at once.
    await sendDueNow(t, acme.token, campaign._id);
    const done = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 4, failed: 0 });
    for (const address of addresses)
      expect(smtp.messages.filter((m) => m.recipients.includes(address))).toHaveLength(1);
  }, 90_000);
});
