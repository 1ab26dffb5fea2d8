import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { sentEmails } from '../src/db/schema.ts';
import type { TestContext } from './context.ts';
import { configureSmtp } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { bulkToNewLeads, listMailboxes, openMailboxes } from './mailboxes-support.ts';
import type { MailboxesWorld } from './mailboxes-support.ts';
import { smtpSettingsOf } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/*
 * Several mailboxes per user (issue 26): each with its own server, from-name and daily limit;
 * one is the default (the one-mailbox API, /api/email/config, is the default); sends pick one,
 * a follow-up goes from the mailbox the first email went from, and every mailbox is the
 * user's own.
 */

let world: MailboxesWorld;
let t: TestContext;
let office: TestSmtpServer;
let outreach: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

beforeAll(async () => {
  world = await openMailboxes('mailboxes');
  ({ t, office, outreach, acme, globex } = world);
});
afterAll(async () => {
  await world?.close();
});

const list = (token: string): Promise<Mailbox[]> => listMailboxes(t, token);

const addMailbox = (token: string, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/email/mailboxes', token, payload: payload as object });

const sendTo = (token: string, to: string, subject: string, extra: object = {}) =>
  t.request({
    method: 'POST',
    url: '/api/email/send',
    token,
    payload: { to, subject, body: `<p>About ${subject}, in a few words.</p>`, ...extra },
  });

const received = (server: TestSmtpServer, subject: string) =>
  server.messages.filter((message) => message.raw.toString('utf8').includes(`Subject: ${subject}`));

describe('several mailboxes per user', () => {
  let defaultId: string;
  let secondId: string;

  it('adds a second mailbox beside the default, each listed with its limit and address', async () => {
    await configureSmtp(t, acme.token, office, 5);
    const added = await addMailbox(acme.token, {
      smtp: { ...smtpSettingsOf(outreach), dailyLimit: 2 },
      fromName: 'Rita from Acme',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Mailbox added',
      mailbox: { email: 'rita@outreach-acme.test', isDefault: false, fromName: 'Rita from Acme' },
    });
    const mailboxes = await list(acme.token);
    expect(
      mailboxes.map(({ email, provider, isDefault, status, dailyLimit, sentToday }) => ({
        email,
        provider,
        isDefault,
        status,
        dailyLimit,
        sentToday,
      })),
    ).toEqual([
      {
        email: 'rita@acme.test',
        provider: 'password',
        isDefault: true,
        status: 'ok',
        dailyLimit: 5,
        sentToday: 0,
      },
      {
        email: 'rita@outreach-acme.test',
        provider: 'password',
        isDefault: false,
        status: 'ok',
        dailyLimit: 2,
        sentToday: 0,
      },
    ]);
    expect(JSON.stringify(mailboxes)).not.toContain('pass-');
    [defaultId, secondId] = mailboxes.map((mailbox) => mailbox._id) as [string, string];

    // The same login twice is one mailbox.
    const again = await addMailbox(acme.token, { smtp: smtpSettingsOf(outreach) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already have this mailbox: edit it instead');
    // A wrong password is refused before anything is saved.
    const wrong = await addMailbox(acme.token, {
      smtp: { ...smtpSettingsOf(office), user: 'someone@acme.test' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await list(acme.token)).toHaveLength(2);
  });

  it('sends from the mailbox chosen (its From and name), else from the default', async () => {
    const chosen = await sendTo(acme.token, 'pat@customer.test', 'Chosen mailbox', {
      mailboxId: secondId,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const [viaOutreach] = received(outreach, 'Chosen mailbox');
    expect(viaOutreach).toBeDefined();
    const parsed = await simpleParser(viaOutreach!.raw);
    expect(parsed.from?.value[0]).toEqual({
      address: 'rita@outreach-acme.test',
      name: 'Rita from Acme',
    });
    expect(received(office, 'Chosen mailbox')).toHaveLength(0);

    const plain = await sendTo(acme.token, 'pat@customer.test', 'Default mailbox');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(received(office, 'Default mailbox')).toHaveLength(1);
    const rows = await t.database.db
      .select({ subject: sentEmails.subject, mailboxId: sentEmails.mailboxId })
      .from(sentEmails)
      .where(eq(sentEmails.userId, acme.user.id));
    expect(Object.fromEntries(rows.map((row) => [row.subject, row.mailboxId]))).toMatchObject({
      'Chosen mailbox': secondId,
      'Default mailbox': defaultId,
    });
  });

  it('counts each mailbox against its own daily limit', async () => {
    // The second mailbox (limit 2) sent one; one more, then it is spent.
    expect(
      (await sendTo(acme.token, 'a@customer.test', 'Second one', { mailboxId: secondId }))
        .statusCode,
    ).toBe(200);
    const over = await sendTo(acme.token, 'b@customer.test', 'Over the limit', {
      mailboxId: secondId,
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toContain('2');
    // The default mailbox (limit 5, one sent) still sends.
    expect((await sendTo(acme.token, 'b@customer.test', 'Still sending')).statusCode).toBe(200);
    const counts = Object.fromEntries(
      (await list(acme.token)).map((mailbox) => [mailbox._id, mailbox.sentToday]),
    );
    expect(counts).toEqual({ [defaultId]: 2, [secondId]: 2 });
  });

  it('sends a follow-up from the mailbox the first email went from', async () => {
    await t.request({
      method: 'PUT',
      url: `/api/email/mailboxes/${secondId}`,
      token: acme.token,
      payload: { smtp: { ...smtpSettingsOf(outreach), pass: undefined, dailyLimit: 10 } },
    });
    const first = await sendTo(acme.token, 'lin@customer.test', 'Opening line', {
      mailboxId: secondId,
    });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.database.db
      .select({ messageId: sentEmails.messageId })
      .from(sentEmails)
      .where(eq(sentEmails.subject, 'Opening line'));
    const followUp = await t.request({
      method: 'POST',
      url: '/api/email/follow-up',
      token: acme.token,
      payload: {
        to: 'lin@customer.test',
        subject: 'Re: Opening line',
        message: 'Just following up on my note.',
        inReplyTo: row!.messageId,
        references: [row!.messageId],
      },
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    expect(received(outreach, 'Re: Opening line')).toHaveLength(1);
    expect(received(office, 'Re: Opening line')).toHaveLength(0);
  });

  it('runs a bulk email from the mailbox chosen', async () => {
    const job = await bulkToNewLeads(t, acme.token, ['Ana', 'Bo', 'Cy'], 'bulk.test', {
      subject: 'Bulk via outreach',
      mailboxId: secondId,
    });
    expect(job).toMatchObject({ status: 'completed', sent: 3 });
    expect(received(outreach, 'Bulk via outreach')).toHaveLength(3);
    expect(received(office, 'Bulk via outreach')).toHaveLength(0);
  });

  it('lists the mailboxes to whoever may send a lead an email or read the inbox', async () => {
    const none = {
      configureEmail: false,
      sendEmailPage: false,
      emailForm: false,
      followUp: false,
      sendBulkEmail: false,
      campaigns: false,
      inbox: false,
    };
    for (const only of ['sendEmailPage', 'inbox'] as const) {
      const { user, token } = await t.createUser({
        role: 'Sales Rep',
        organizationName: 'acme-mailboxes',
        permissions: { ...none, [only]: true },
      });
      expect(user.permissions).toMatchObject({ ...none, [only]: true });
      expect(await list(token), only).toEqual([]);
    }
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme-mailboxes',
      permissions: none,
    });
    const closed = await t.request({ method: 'GET', url: '/api/email/mailboxes', token });
    expect(closed.statusCode).toBe(403);
  });

  it("answers another user's or a malformed mailbox id as unknown or invalid", async () => {
    await configureSmtp(t, globex.token, office);
    const [theirs] = await list(globex.token);
    const foreign = await sendTo(acme.token, 'x@customer.test', 'Foreign mailbox', {
      mailboxId: theirs!._id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Mailbox not found');
    const bad = await sendTo(acme.token, 'x@customer.test', 'Bad mailbox', { mailboxId: 'x1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid mailbox ID');
    for (const [method, url] of [
      ['PUT', `/api/email/mailboxes/${theirs!._id}`],
      ['DELETE', `/api/email/mailboxes/${theirs!._id}`],
      ['POST', `/api/email/mailboxes/${theirs!._id}/default`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: acme.token,
        ...(method === 'PUT' ? { payload: { fromName: 'Mine now' } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const inbox = await t.request({
      method: 'GET',
      url: `/api/email/inbox?mailbox=${theirs!._id}`,
      token: acme.token,
    });
    expect(inbox.statusCode).toBe(404);
    expect((await list(globex.token))[0]!.fromName).toBeNull();
    expect(received(office, 'Foreign mailbox')).toHaveLength(0);
  });

  it('switches the default, and a deleted default hands over to the next mailbox', async () => {
    const switched = await t.request({
      method: 'POST',
      url: `/api/email/mailboxes/${secondId}/default`,
      token: acme.token,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().mailboxes.map((m: Mailbox) => [m._id, m.isDefault])).toEqual([
      [secondId, true],
      [defaultId, false],
    ]);
    // The one-mailbox API is the default mailbox.
    const config = await t.request({ method: 'GET', url: '/api/email/config', token: acme.token });
    expect(config.json().config.smtp.user).toBe('rita@outreach-acme.test');

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/email/mailboxes/${secondId}`,
      token: acme.token,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const left = await list(acme.token);
    expect(left.map((m) => [m._id, m.isDefault])).toEqual([[defaultId, true]]);
    // Its emails stay in the history, no longer tied to a mailbox.
    const kept = await t.database.db
      .select({ mailboxId: sentEmails.mailboxId })
      .from(sentEmails)
      .where(eq(sentEmails.subject, 'Chosen mailbox'));
    expect(kept).toEqual([{ mailboxId: null }]);
  });
});
