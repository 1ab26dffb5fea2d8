import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { activityLog, leads, mailAccounts, sentEmails } from '../src/db/schema.ts';
import { emailReplies, emailReplyCursors } from '../src/db/tables/email-jobs.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { claimReplyCursor } from '../src/modules/replies/repo.ts';
import { checkDueInboxes, checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, receptionCounts, runBulk } from './email-bulk-support.ts';
import { adminOf, defaultMailboxId, insertLeads } from './fixtures.ts';
import { appendToInbox, startImapServer, startSmtpServer } from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let imap: TestImapServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
let userId: string;
const box = createSecretBox(TEST_SECRET_KEY);
/** Ada is answered by headers, Bob by address only; Cy was never emailed. */
const people = {
  ada: uniqueEmail('ada'),
  bob: uniqueEmail('bob'),
  cy: uniqueEmail('cy'),
};
let ids: Record<keyof typeof people, string>;

beforeAll(async () => {
  [t, smtp, imap] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-replies-pass-3e' }),
    startImapServer({ password: 'imap-replies-pass-8w' }),
  ]);
  acme = await adminOf(t, 'acme-replies');
  userId = acme.user.id;
  const config = await t.request({
    method: 'POST',
    url: '/api/email/config',
    token: acme.token,
    payload: {
      smtp: { host: smtp.host, port: smtp.port, user: smtp.user, pass: smtp.password },
      imap: { host: imap.host, port: imap.port, user: imap.user, pass: imap.password },
    },
  });
  expect(config.statusCode, config.body).toBe(200);
  const [ada, bob, cy] = await insertLeads(t.database.db, acme.organizationId, [
    { personEmail: people.ada, personFirstName: 'Ada', personLastName: 'Lovelace' },
    { personEmail: people.bob, personFirstName: 'Bob', personLastName: 'Stone' },
    { personEmail: people.cy, personFirstName: 'Cy', personLastName: 'Young' },
  ]);
  ids = { ada: ada!, bob: bob!, cy: cy! };
  const job = await runBulk(t, acme.token, bulkPayload([ids.ada, ids.bob]));
  expect(job.sent).toBe(2);
  // IMAP dates have whole seconds: the replies arrive in a later second than the emails.
  await new Promise((resolve) => setTimeout(resolve, 1100));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

/** Drops a message into the user's INBOX, as an incoming reply would arrive. */
const deliverToInbox = async (headers: Record<string, string>, text: string) => {
  const lines = Object.entries({
    To: imap.user,
    Date: new Date().toUTCString(),
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  await appendToInbox(imap, [`${lines.join('\r\n')}\r\n\r\n${text.replace(/\n/g, '\r\n')}\r\n`]);
};

const messageIdTo = async (leadId: string) => {
  const [row] = await t.database.db
    .select({ messageId: sentEmails.messageId })
    .from(sentEmails)
    .where(eq(sentEmails.leadId, leadId));
  return row!.messageId;
};

const leadRow = async (id: string) => {
  const [row] = await t.database.db.select().from(leads).where(eq(leads.id, id));
  return row!;
};

describe('reply detection over IMAP', () => {
  it('matches by In-Reply-To, then by address; ignores the rest', async () => {
    const original = await messageIdTo(ids.ada);
    // Ada answers from another address of hers: only the headers tie it to her email.
    await deliverToInbox(
      {
        From: 'Ada L <ada.personal@elsewhere.test>',
        Subject: 'Re: Hello Ada',
        'Message-ID': '<reply-ada-1@elsewhere.test>',
        'In-Reply-To': original,
        References: original,
      },
      `Sounds good, let's talk on Monday.\n\nOn Mon, someone wrote:\n> Hi Ada,\n> quoted text`,
    );
    await deliverToInbox(
      { From: `Bob <${people.bob}>`, Subject: 'Question', 'Message-ID': '<bob-1@lead.test>' },
      'What does it cost?',
    );
    // Never emailed, and a stranger: neither is a reply.
    await deliverToInbox(
      { From: people.cy, Subject: 'Hello', 'Message-ID': '<cy-1@lead.test>' },
      'Cold hello',
    );
    await deliverToInbox(
      { From: 'news@stranger.test', Subject: 'Newsletter', 'Message-ID': '<news-1@stranger.test>' },
      'Unrelated',
    );

    const result = await checkReplies(t.database.db, box, userId);
    expect(result).toEqual({ status: 'checked', scanned: 4, found: 2 });

    const ada = await leadRow(ids.ada);
    const bob = await leadRow(ids.bob);
    const cy = await leadRow(ids.cy);
    expect(ada.repliedAt).not.toBeNull();
    expect(bob.repliedAt).not.toBeNull();
    expect(cy.repliedAt).toBeNull();

    const replies = await t.database.db
      .select()
      .from(emailReplies)
      .where(eq(emailReplies.organizationId, acme.organizationId));
    const adaReply = replies.find((reply) => reply.leadId === ids.ada)!;
    expect(adaReply).toMatchObject({
      fromAddress: 'ada.personal@elsewhere.test',
      fromName: 'Ada L',
      subject: 'Re: Hello Ada',
      messageId: '<reply-ada-1@elsewhere.test>',
      snippet: "Sounds good, let's talk on Monday.",
    });
    expect(adaReply.sentEmailId).not.toBeNull();
    expect(replies.find((reply) => reply.leadId === ids.bob)?.sentEmailId).toBeNull();

    // The lead's history shows the reply beside the email sent to it; the lead shows Replied.
    const history = await t.request({
      method: 'GET',
      url: `/api/leads/${ids.ada}/emails`,
      token: acme.token,
    });
    expect(history.statusCode).toBe(200);
    const [newest, older] = history.json();
    expect(newest).toMatchObject({
      kind: 'reply',
      via: null,
      status: 'received',
      subject: 'Re: Hello Ada',
      sender: { name: 'Ada L', email: 'ada.personal@elsewhere.test' },
      snippet: "Sounds good, let's talk on Monday.",
    });
    expect(older).toMatchObject({ kind: 'sent', via: 'bulk', status: 'sent' });
    const lead = await t.request({
      method: 'GET',
      url: `/api/leads/${ids.ada}`,
      token: acme.token,
    });
    expect(Date.parse(lead.json().repliedAt)).toBeGreaterThan(Date.now() - 5 * 60_000);
    const [logged] = await t.database.db
      .select({ n: count() })
      .from(activityLog)
      .where(and(eq(activityLog.entityId, ids.ada), eq(activityLog.action, 'reply received')));
    expect(logged!.n).toBe(1);
  });

  it('remembers the last UID: a second check reads only new mail', async () => {
    expect(await checkReplies(t.database.db, box, userId)).toEqual({
      status: 'checked',
      scanned: 0,
      found: 0,
    });
    await deliverToInbox(
      { From: people.bob, Subject: 'Re: Hello Bob', 'Message-ID': '<bob-2@lead.test>' },
      'One more thing.',
    );
    expect(await checkReplies(t.database.db, box, userId)).toEqual({
      status: 'checked',
      scanned: 1,
      found: 1,
    });
  });

  it("stamps a reply with the email's own date, not the time a check found it", async () => {
    // Written ten minutes ago (the check runs late, or the mailbox was offline).
    const written = new Date(Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000);
    await deliverToInbox(
      {
        From: people.bob,
        Subject: 'Re: Written earlier',
        'Message-ID': '<bob-dated@lead.test>',
        Date: written.toUTCString(),
      },
      'Sent from the train.',
    );
    expect(await checkReplies(t.database.db, box, userId)).toMatchObject({ found: 1 });
    const [reply] = await t.database.db
      .select({ receivedAt: emailReplies.receivedAt })
      .from(emailReplies)
      .where(eq(emailReplies.messageId, '<bob-dated@lead.test>'));
    expect(reply!.receivedAt.toISOString()).toBe(written.toISOString());
    const [logged] = await t.database.db
      .select({ createdAt: activityLog.createdAt })
      .from(activityLog)
      .where(
        and(
          eq(activityLog.entityId, ids.bob),
          eq(
            activityLog.details,
            `Reply "Re: Written earlier" received from Bob Stone <${people.bob}>`,
          ),
        ),
      );
    expect(logged!.createdAt.toISOString()).toBe(written.toISOString());
  });

  it('starts over without duplicates when the mailbox UIDVALIDITY changes', async () => {
    await t.database.db
      .update(emailReplyCursors)
      .set({ uidValidity: 1, lastUid: 0 })
      .where(eq(emailReplyCursors.mailboxId, await defaultMailboxId(t.database.db, userId)));
    const result = await checkReplies(t.database.db, box, userId);
    expect(result).toMatchObject({ status: 'checked', scanned: 6, found: 0 });
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(emailReplies)
      .where(eq(emailReplies.organizationId, acme.organizationId));
    expect(stored!.n).toBe(4);
  });

  it('runs one check per inbox at a time, and the scheduled pass checks inboxes that are due', async () => {
    const mailboxId = await defaultMailboxId(t.database.db, userId);
    await claimReplyCursor(t.database.db, mailboxId, 60);
    expect(await checkReplies(t.database.db, box, userId)).toEqual({ status: 'busy' });
    await t.database.db
      .update(emailReplyCursors)
      .set({ leaseUntil: null, checkedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(emailReplyCursors.mailboxId, mailboxId));
    expect(await checkDueInboxes(t.database.db, box, 5)).toBe(1);
    expect(await checkDueInboxes(t.database.db, box, 5)).toBe(0);
  });

  it('keeps bulk follow-ups away from leads that replied', async () => {
    const start = smtp.messages.length;
    const job = await runBulk(t, acme.token, bulkPayload([ids.ada, ids.bob], { type: 'followup' }));
    expect(job).toMatchObject({ status: 'completed', sent: 0, skippedReasons: { replied: 2 } });
    expect(receptionCounts(smtp.messages.slice(start)).size).toBe(0);
  });

  it('stores a reply whose headers and text smuggle in NUL characters, without them', async () => {
    await deliverToInbox(
      {
        From: `=?utf-8?Q?B=00ob?= <${people.bob}>`,
        Subject: '=?utf-8?Q?Re:_Price=00list?=',
        'Message-ID': '<bob-3@lead.test>',
        'Content-Transfer-Encoding': 'quoted-printable',
      },
      'Send the=00 list, please.',
    );
    expect(await checkReplies(t.database.db, box, userId)).toEqual({
      status: 'checked',
      scanned: 1,
      found: 1,
    });
    const [stored] = await t.database.db
      .select()
      .from(emailReplies)
      .where(eq(emailReplies.messageId, '<bob-3@lead.test>'));
    expect(stored).toMatchObject({
      fromName: 'Bob',
      subject: 'Re: Pricelist',
      snippet: 'Send the list, please.',
    });
  });

  it('reports a login the server refuses, and reads nothing', async () => {
    const { token, user } = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme-replies',
    });
    expect(await checkReplies(t.database.db, box, user.id)).toEqual({ status: 'not-configured' });
    const config = await t.request({
      method: 'POST',
      url: '/api/email/config',
      token,
      payload: { imap: { host: imap.host, port: imap.port, user: imap.user, pass: imap.password } },
    });
    expect(config.statusCode).toBe(200);
    // The password changes on the server after it was saved.
    await t.database.db
      .update(mailAccounts)
      .set({ imapPassEncrypted: box.encrypt('wrong-now') })
      .where(eq(mailAccounts.userId, user.id));
    const result = await checkReplies(t.database.db, box, user.id);
    expect(result).toEqual({
      status: 'failed',
      error: 'IMAP login failed: wrong username or password.',
    });
    const [cursor] = await t.database.db
      .select()
      .from(emailReplyCursors)
      .where(eq(emailReplyCursors.mailboxId, await defaultMailboxId(t.database.db, user.id)));
    expect(cursor!.lastError).toBe('IMAP login failed: wrong username or password.');
    expect(cursor!.leaseUntil).toBeNull();
  });
});
