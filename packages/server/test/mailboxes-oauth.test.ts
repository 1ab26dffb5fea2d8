import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { createTestContext, TEST_PUBLIC_URL, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { createCampaign, getCampaign, sendCampaign, sendDueNow } from './campaigns-support.ts';
import { adminOf, configureSmtp, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { connectMailbox, startTestProvider, startXOAuth2Smtp } from './mail-oauth-support.ts';
import type { TestProvider, XOAuth2SmtpServer } from './mail-oauth-support.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';

/*
 * Issue 26: two mailboxes of one rep on a campaign of 40 leads, one a password mailbox with a
 * daily limit of 10, the other connected by OAuth with 30. Each lead stays on one mailbox and
 * each limit holds; the OAuth grant is revoked while the campaign runs: its leads wait, the
 * other mailbox's go on; after reconnecting every lead got each step exactly once.
 */

let t: TestContext;
let provider: TestProvider;
let oauthSmtp: XOAuth2SmtpServer;
let passwordSmtp: TestSmtpServer;
let acme: OrganisationAdmin;

beforeAll(async () => {
  let issuer = '';
  oauthSmtp = await startXOAuth2Smtp(() => issuer);
  provider = await startTestProvider(oauthSmtp.port);
  issuer = provider.issuer;
  [t, passwordSmtp] = await Promise.all([
    createTestContext({
      systemMail: { mailer: { send: async () => undefined }, publicUrl: TEST_PUBLIC_URL },
    }),
    startSmtpServer({ user: 'rep@password.test', password: 'password-mailbox-8Vb' }),
  ]);
  acme = await adminOf(t, 'acme-mailboxes-oauth');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await oauthSmtp?.stop();
  await passwordSmtp?.stop();
  await provider?.stop();
});

const mailboxes = async (): Promise<Mailbox[]> =>
  (await t.request({ method: 'GET', url: '/api/email/mailboxes', token: acme.token })).json()
    .mailboxes;

const recipients = (server: { messages: { recipients: string[] }[] }) =>
  server.messages.flatMap((message) => message.recipients);

describe('a campaign over a password and an OAuth mailbox', () => {
  it('holds each limit, waits for the revoked mailbox only, and sends each step once after reconnecting', async () => {
    await configureSmtp(t, acme.token, passwordSmtp, 10);
    // Tokens that expire at once: the next send refreshes, and the revoked grant is found.
    provider.codeTokenLife = 1;
    const connected = await connectMailbox(t, acme.token);
    expect(connected.callback.statusCode).toBe(303);
    const [passwordBox, oauthBox] = await mailboxes();
    expect(passwordBox).toMatchObject({ provider: 'password', isDefault: true, dailyLimit: 10 });
    expect(oauthBox).toMatchObject({ provider: 'custom', isDefault: false, status: 'ok' });
    expect(oauthBox!.email).toBe(provider.email);
    // Its limit set on its card, without a password: it keeps its grant.
    const limited = await t.request({
      method: 'PUT',
      url: `/api/email/mailboxes/${oauthBox!._id}`,
      token: acme.token,
      payload: {
        smtp: {
          host: oauthBox!.smtp!.host,
          port: oauthBox!.smtp!.port,
          secure: oauthBox!.smtp!.secure,
          user: oauthBox!.smtp!.user,
          dailyLimit: 30,
        },
      },
    });
    expect(limited.statusCode, limited.body).toBe(200);
    expect(limited.json().mailbox).toMatchObject({ provider: 'custom', dailyLimit: 30 });

    const addresses = Array.from({ length: 40 }, (_, i) => uniqueEmail(`two-boxes-${i}`));
    const ids = await insertLeads(
      t.database.db,
      acme.organizationId,
      addresses.map((personEmail, i) => ({ personEmail, personFirstName: `Two${i}` })),
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    provider.revoked = true;
    const campaign = await createCampaign(t, acme.token, {
      name: 'Two mailboxes, one revoked',
      leads: ids,
      mailboxIds: [passwordBox!._id, oauthBox!._id],
      followUps: [{ delayDays: 1, body: '<p>A second note, in case the first got lost.</p>' }],
    });
    expect((await sendCampaign(t, acme.token, campaign._id)).statusCode).toBe(200);

    // The password mailbox's 10 go; the revoked mailbox's 30 wait (neither failed nor paused).
    const held = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (c) => c.counts.sent === 10 && c.nextSendAt !== null,
    );
    expect(held).toMatchObject({ status: 'active', counts: { sent: 10, failed: 0, queued: 30 } });
    expect(recipients(passwordSmtp)).toHaveLength(10);
    expect(recipients(oauthSmtp)).toHaveLength(0);
    expect((await mailboxes()).find((box) => box._id === oauthBox!._id)?.status).toBe('reconnect');

    // Reconnected (the same address: the same mailbox), the next day, the follow-ups due.
    provider.revoked = false;
    provider.codeTokenLife = 3600;
    await connectMailbox(t, acme.token);
    expect((await mailboxes()).map((box) => [box._id, box.status])).toEqual([
      [passwordBox!._id, 'ok'],
      [oauthBox!._id, 'ok'],
    ]);
    const dueNow = async () => {
      await t.database.db.execute(
        sql`UPDATE sent_emails SET sent_at = now() - interval '1 day' WHERE user_id = ${acme.user.id}::uuid`,
      );
      await sendDueNow(t, acme.token, campaign._id);
    };
    await dueNow();
    await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (c) => c.steps.find((step) => step.step === 0)?.sent === 40,
    );
    await dueNow();
    const done = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.steps).toEqual([
      { step: 0, sent: 40, failed: 0, queued: 0 },
      { step: 1, sent: 40, failed: 0, queued: 0 },
    ]);
    // Each lead: both steps, from one mailbox.
    const viaPassword = recipients(passwordSmtp);
    const viaOAuth = recipients(oauthSmtp);
    expect(viaPassword).toHaveLength(20);
    expect(viaOAuth).toHaveLength(60);
    for (const address of addresses) {
      const counts = [viaPassword, viaOAuth].map(
        (list) => list.filter((to) => to === address).length,
      );
      expect(counts.sort(), address).toEqual([0, 2]);
    }
  }, 180_000);
});
