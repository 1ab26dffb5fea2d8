import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { RECONNECT_MAILBOX } from '@leadline/shared/mail-oauth';
import { sentEmails } from '../src/db/schema.ts';
import { emailReplies, emailReplyCursors } from '../src/db/tables/email-jobs.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, defaultMailboxId, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { appendToInbox, startImapServer } from './mail-servers.ts';
import type { TestImapServer } from './mail-servers.ts';
import { connectMailbox, startTestProvider, startXOAuth2Smtp } from './mail-oauth-support.ts';
import type { TestProvider, XOAuth2SmtpServer } from './mail-oauth-support.ts';

// The inbox and the reply check over IMAP XOAUTH2: Dovecot's oauth2 passdb asks the provider
// (its userinfo, with the token as bearer) whether each access token is active and whose it is.
let t: TestContext;
let provider: TestProvider;
let smtp: XOAuth2SmtpServer;
let imap: TestImapServer;
let acme: OrganisationAdmin;
const MAILBOX = 'rep@oauth.test';

beforeAll(async () => {
  let issuer = '';
  smtp = await startXOAuth2Smtp(() => issuer);
  // The provider's port is known once it runs; Dovecot is started with its introspection URL.
  provider = await startTestProvider(smtp.port);
  issuer = provider.issuer;
  imap = await startImapServer({
    user: MAILBOX,
    password: 'owner-password-1',
    oauth2IntrospectionUrl: `${issuer}/userinfo`,
  });
  process.env.MAIL_OAUTH_IMAP = `127.0.0.1:${imap.port}`;
  t = await createTestContext();
  acme = await adminOf(t, 'acme');
  const { callback } = await connectMailbox(t, acme.token);
  expect(String(callback.headers.location)).toContain('oauth=connected');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await imap?.stop();
  await smtp?.stop();
  await provider?.stop();
});

const inbox = () =>
  t.request({ method: 'GET', url: '/api/email/inbox?limit=5', token: acme.token });

const db = () => t.database.db;

describe('IMAP over XOAUTH2 (Dovecot oauth2 passdb)', () => {
  it('reads the inbox and finds a reply with the access token', async () => {
    const db = t.database.db;
    const [leadId] = await insertLeads(db, acme.organizationId, [
      { personEmail: 'replying@lead.test', personFirstName: 'Rhea' },
    ]);
    await db.insert(sentEmails).values({
      organizationId: acme.organizationId,
      userId: acme.user.id,
      leadId,
      kind: 'single',
      status: 'sent',
      fromAddress: MAILBOX,
      to: 'replying@lead.test',
      subject: 'Our proposal',
      messageId: '<proposal-oauth@oauth.test>',
    });
    const raw = await new MailComposer({
      to: MAILBOX,
      from: 'Rhea <replying@lead.test>',
      subject: 'Re: Our proposal',
      inReplyTo: '<proposal-oauth@oauth.test>',
      references: ['<proposal-oauth@oauth.test>'],
      text: 'Sounds good, let us talk on Monday.',
    })
      .compile()
      .build();
    await appendToInbox(imap, [raw]);

    const replies = () => db.select().from(emailReplies).where(eq(emailReplies.leadId, leadId!));
    const deadline = Date.now() + 30_000;
    while ((await replies()).length === 0) {
      if (Date.now() > deadline) throw new Error(`no reply was recorded\n${imap.log()}`);
      const page = await inbox();
      expect(page.statusCode, `${page.body}\n${imap.log()}`).toBe(200);
      expect(page.body).toContain('Re: Our proposal');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(imap.log()).not.toContain('oauth2 failed');
  }, 60_000);

  it('says the mailbox needs reconnecting once the grant is revoked', async () => {
    provider.codeTokenLife = 1;
    await connectMailbox(t, acme.token);
    provider.revoked = true;
    const page = await inbox();
    expect(page.statusCode).toBe(409);
    expect(page.json().message).toBe(RECONNECT_MAILBOX);
    // The reply check says so on the mailbox's cursor and gives its lease back.
    const mailboxId = await defaultMailboxId(db(), acme.user.id);
    expect(await checkReplies(db(), createSecretBox(TEST_SECRET_KEY), acme.user.id)).toEqual({
      status: 'failed',
      error: RECONNECT_MAILBOX,
    });
    const [cursor] = await db()
      .select()
      .from(emailReplyCursors)
      .where(eq(emailReplyCursors.mailboxId, mailboxId));
    expect(cursor).toMatchObject({ lastError: RECONNECT_MAILBOX, leaseUntil: null });
    provider.revoked = false;
    provider.codeTokenLife = 3600;
  });
});
