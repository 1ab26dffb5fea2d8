import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { ConversationMessage } from '@leadline/shared/conversations';
import { leads } from '../src/db/schema.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import { appendToInbox, asMailboxOwner, startImapServer, startSmtpServer } from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';

/*
 * A lead's conversation across two mailboxes of its rep (issue 27): emails sent from each, the
 * lead's reply, a colleague copied in answering to all, another colleague at the lead's
 * company writing fresh; one timeline, threaded, unread until opened, waiting for an answer;
 * the rep's reply from Leadline threaded under the lead's and put into the Sent folder.
 */

const box = createSecretBox(TEST_SECRET_KEY);
const LEAD = 'lena.berg@northwind-trading.example';
const COPIED = 'max.ruiz@northwind-trading.example';
const COLLEAGUE = 'tom.okafor@northwind-trading.example';

let t: TestContext;
let officeSmtp: TestSmtpServer;
let officeImap: TestImapServer;
let outreachSmtp: TestSmtpServer;
let outreachImap: TestImapServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
let leadId: string;
let officeId: string;
let outreachId: string;

const settings = (smtp: TestSmtpServer, imap: TestImapServer) => ({
  smtp: { host: smtp.host, port: smtp.port, secure: false, user: smtp.user, pass: smtp.password },
  imap: { host: imap.host, port: imap.port, secure: false, user: imap.user, pass: imap.password },
});

/** A raw message as a mail client writes it. */
const raw = (headers: Record<string, string>, text: string) =>
  `${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join(
      '\r\n',
    )}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${text.replace(/\n/g, '\r\n')}\r\n`;

const conversation = async (token = acme.token) => {
  const response = await t.request({
    method: 'GET',
    url: `/api/leads/${leadId}/conversation`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().messages as ConversationMessage[];
};

const needsReply = async () => {
  const response = await t.request({
    method: 'GET',
    url: '/api/conversations?needsReply=true',
    token: acme.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().conversations as { leadId: string; unread: number }[];
};

const messageIdOf = (smtp: TestSmtpServer, index: number) => {
  const source = smtp.messages[index]!.raw.toString();
  return /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(source)![1]!;
};

/** The Message-IDs in a mailbox's Sent folder, as its owner's mail client reads them. */
const sentFolderIds = (imap: TestImapServer) =>
  asMailboxOwner(imap, async (client) => {
    const lock = await client.getMailboxLock('Sent');
    try {
      const found: string[] = [];
      for await (const message of client.fetch('1:*', { envelope: true }))
        found.push(message.envelope?.messageId ?? '');
      return found;
    } finally {
      lock.release();
    }
  });

beforeAll(async () => {
  [t, officeSmtp, officeImap, outreachSmtp, outreachImap] = await Promise.all([
    createTestContext(),
    startSmtpServer({ user: 'rita@acme-conv.example', password: 'office-smtp-4Jd' }),
    startImapServer({ user: 'rita@acme-conv.example', password: 'office-imap-8Kp' }),
    startSmtpServer({ user: 'rita@acme-outreach.example', password: 'outreach-smtp-2Wq' }),
    startImapServer({ user: 'rita@acme-outreach.example', password: 'outreach-imap-6Zn' }),
  ]);
  acme = await adminOf(t, 'acme-conversations');
  const office = await t.request({
    method: 'POST',
    url: '/api/email/mailboxes',
    token: acme.token,
    payload: settings(officeSmtp, officeImap),
  });
  expect(office.statusCode, office.body).toBe(201);
  officeId = office.json().mailbox._id;
  const outreach = await t.request({
    method: 'POST',
    url: '/api/email/mailboxes',
    token: acme.token,
    payload: settings(outreachSmtp, outreachImap),
  });
  expect(outreach.statusCode, outreach.body).toBe(201);
  outreachId = outreach.json().mailbox._id;
  [leadId] = (await insertLeads(t.database.db, acme.organizationId, [
    {
      personEmail: LEAD,
      personFirstName: 'Lena',
      personLastName: 'Berg',
      companyName: 'Northwind Trading',
      ownerId: acme.user._id,
    },
  ])) as [string];
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([
    officeSmtp?.stop(),
    officeImap?.stop(),
    outreachSmtp?.stop(),
    outreachImap?.stop(),
  ]);
});

describe('a lead conversation', { timeout: 120_000 }, () => {
  it('threads emails from two mailboxes with the answers of the lead and its colleagues', async () => {
    const send = (mailboxId: string, subject: string) =>
      t.request({
        method: 'POST',
        url: `/api/leads/${leadId}/send-mail`,
        token: acme.token,
        payload: { mailboxId, subject, body: '<p>Would a short call next week suit you?</p>' },
      });
    expect((await send(officeId, 'Shorter delivery routes')).statusCode).toBe(200);
    expect((await send(outreachId, 'Your spring order')).statusCode).toBe(200);
    const first = messageIdOf(officeSmtp, 0);
    const leadsBefore = await t.database.db
      .select({ n: count() })
      .from(leads)
      .where(eq(leads.organizationId, acme.organizationId));
    // IMAP dates have whole seconds: the answers, dated up to 2 s back, come after the emails.
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const base = Date.now();
    const at = (seconds: number) => new Date(base + seconds * 1000).toUTCString();
    const [lenaUid] = await appendToInbox(officeImap, [
      raw(
        {
          From: `Lena Berg <${LEAD}>`,
          To: officeSmtp.user,
          Subject: 'Re: Shorter delivery routes',
          Date: at(-2),
          'Message-ID': '<lena-1@northwind-trading.example>',
          'In-Reply-To': first,
          References: first,
        },
        'Hi Rita,\nyes, Tuesday works. I copied Max in.\n\n> Would a short call next week suit you?',
      ),
      // Max answers to all, from a client that drops the threading headers.
      raw(
        {
          From: `Max Ruiz <${COPIED}>`,
          To: `${officeSmtp.user}, ${LEAD}`,
          Subject: 'Re: Shorter delivery routes',
          Date: at(-1),
          'Message-ID': '<max-1@northwind-trading.example>',
        },
        'Count me in for Tuesday.',
      ),
    ]);
    // Tom, never emailed, writes to the outreach mailbox about another matter.
    await appendToInbox(outreachImap, [
      raw(
        {
          From: `Tom Okafor <${COLLEAGUE}>`,
          To: outreachSmtp.user,
          Subject: 'Invoice address',
          Date: at(0),
          'Message-ID': '<tom-1@northwind-trading.example>',
        },
        'Please send the invoices to our Hamburg office.',
      ),
    ]);
    expect(await checkReplies(t.database.db, box, acme.user._id)).toMatchObject({ found: 3 });

    const messages = await conversation();
    expect(messages.map((m) => [m.direction, m.kind, m.from])).toEqual([
      ['out', 'email', officeSmtp.user],
      ['out', 'email', outreachSmtp.user],
      ['in', 'reply', LEAD],
      ['in', 'reply', COPIED],
      ['in', 'reply', COLLEAGUE],
    ]);
    const [officeEmail, outreachEmail, lena, max, tom] = messages as [
      ConversationMessage,
      ConversationMessage,
      ConversationMessage,
      ConversationMessage,
      ConversationMessage,
    ];
    expect(lena.threadId).toBe(officeEmail.threadId);
    expect(max.threadId).toBe(officeEmail.threadId);
    expect(outreachEmail.threadId).not.toBe(officeEmail.threadId);
    expect(tom.threadId).not.toBe(officeEmail.threadId);
    expect([lena.mailboxId, max.mailboxId, tom.mailboxId]).toEqual([
      officeId,
      officeId,
      outreachId,
    ]);
    expect(max.cc).toBe('');
    expect(max.to).toContain(LEAD);
    expect([lena, max, tom].every((m) => m.unread)).toBe(true);
    expect(officeEmail.unread).toBe(false);
    // Nobody's reply made a lead.
    const leadsAfter = await t.database.db
      .select({ n: count() })
      .from(leads)
      .where(eq(leads.organizationId, acme.organizationId));
    expect(leadsAfter[0]!.n).toBe(leadsBefore[0]!.n);

    // The Inbox knows the email is part of the lead's conversation (its Reply answers there).
    const inInbox = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${lenaUid}?mailboxId=${officeId}`,
      token: acme.token,
    });
    expect(inInbox.statusCode, inInbox.body).toBe(200);
    expect(inInbox.json().conversation).toEqual({ leadId, messageId: lena._id });

    // The whole text of an answer, and of an email sent.
    const body = await t.request({
      method: 'GET',
      url: `/api/leads/${leadId}/conversation/messages/${lena._id}`,
      token: acme.token,
    });
    expect(body.json().text).toContain('yes, Tuesday works');
    const sentBody = await t.request({
      method: 'GET',
      url: `/api/leads/${leadId}/conversation/messages/${officeEmail._id}`,
      token: acme.token,
    });
    expect(sentBody.json().html).toContain('short call next week');

    // Waiting for an answer, with three unread; opened, none is unread.
    expect(await needsReply()).toEqual([
      expect.objectContaining({ leadId, unread: 3, leadName: 'Lena Berg' }),
    ]);
    const counts = await t.request({
      method: 'GET',
      url: '/api/conversations/counts',
      token: acme.token,
    });
    expect(counts.json()).toEqual({ needsReply: 1, unread: 3 });
    const read = await t.request({
      method: 'POST',
      url: `/api/leads/${leadId}/conversation/read`,
      token: acme.token,
    });
    expect(read.json()).toEqual({ read: 3 });
    expect((await conversation()).some((m) => m.unread)).toBe(false);
    expect(await needsReply()).toEqual([expect.objectContaining({ leadId, unread: 0 })]);
  });

  it('replies from the mailbox of the thread, threaded, and puts the reply into its Sent folder', async () => {
    const lena = (await conversation()).find((m) => m.from === LEAD)!;
    const before = officeSmtp.messages.length;
    const reply = await t.request({
      method: 'POST',
      url: `/api/leads/${leadId}/reply`,
      token: acme.token,
      payload: {
        inReplyTo: lena._id,
        body: '<p>Thanks {{firstName}}, Tuesday at ten it is.</p>',
        cc: 'ops@acme-conv.example',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      message: 'Reply sent',
      savedToSent: true,
      sentFolderError: null,
    });
    expect(officeSmtp.messages).toHaveLength(before + 1);
    // Headers unfolded (a long References goes on over several lines).
    const source = officeSmtp.messages
      .at(-1)!
      .raw.toString()
      .replace(/\r\n[ \t]+/g, ' ');
    expect(source).toMatch(/^In-Reply-To: <lena-1@northwind-trading\.example>/m);
    expect(source).toMatch(/^References: .*<lena-1@northwind-trading\.example>/m);
    expect(source).toMatch(/^Subject: Re: Shorter delivery routes/m);
    expect(source).toContain('Thanks Lena, Tuesday at ten it is.');
    expect(officeSmtp.messages.at(-1)!.recipients.sort()).toEqual(
      [LEAD, 'ops@acme-conv.example'].sort(),
    );
    const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(source)![1]!;
    // The rep's own mail client sees it in Sent.
    expect(await sentFolderIds(officeImap)).toContain(messageId);
    // Answered: nothing waits any more; the reply is in the thread.
    expect(await needsReply()).toEqual([]);
    const messages = await conversation();
    const sentReply = messages.at(-1)!;
    expect(sentReply).toMatchObject({
      direction: 'out',
      mailboxId: officeId,
      threadId: lena.threadId,
    });
  });

  it('replies from the Inbox: the message found over IMAP, answered from its mailbox, in Sent', async () => {
    // As the Inbox does: the list of the outreach mailbox, then the message with its conversation.
    const list = await t.request({
      method: 'GET',
      url: `/api/email/inbox?mailbox=${outreachId}`,
      token: acme.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json() as { _id: string; subject: string }[]).find(
      (email) => email.subject === 'Invoice address',
    )!;
    const opened = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${row._id}?mailbox=${outreachId}`,
      token: acme.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const tom = (await conversation()).find((m) => m.from === COLLEAGUE)!;
    expect(opened.json().conversation).toEqual({ leadId, messageId: tom._id });
    const { conversation: thread } = opened.json() as {
      conversation: { leadId: string; messageId: string };
    };
    const before = outreachSmtp.messages.length;
    const reply = await t.request({
      method: 'POST',
      url: `/api/leads/${thread.leadId}/reply`,
      token: acme.token,
      payload: {
        inReplyTo: thread.messageId,
        subject: 'Re: Invoice address',
        body: '<p>Noted, Tom: Hamburg from now on.</p>',
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ savedToSent: true, sentFolderError: null });
    // Sent from the mailbox the message came to, to its writer, the lead copied in.
    expect(outreachSmtp.messages).toHaveLength(before + 1);
    const sent = outreachSmtp.messages.at(-1)!;
    const source = sent.raw.toString().replace(/\r\n[ \t]+/g, ' ');
    expect(source).toMatch(/^In-Reply-To: <tom-1@northwind-trading\.example>/m);
    expect(source).toMatch(/^References: .*<tom-1@northwind-trading\.example>/m);
    expect(source).toMatch(/^Subject: Re: Invoice address/m);
    expect(sent.recipients.sort()).toEqual([COLLEAGUE, LEAD].sort());
    const messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(source)![1]!;
    expect(await sentFolderIds(outreachImap)).toContain(messageId);
    // Stored like every sent email: the reply ends the lead's conversation, in Tom's thread.
    expect((await conversation()).at(-1)).toMatchObject({
      direction: 'out',
      mailboxId: outreachId,
      threadId: tom.threadId,
      subject: 'Re: Invoice address',
    });
  });

  it("opens a lead's brand-new message with its conversation, before any check recorded it", async () => {
    const [uid] = await appendToInbox(officeImap, [
      raw(
        {
          From: `Lena Berg <${LEAD}>`,
          To: officeSmtp.user,
          Subject: 'Re: Shorter delivery routes',
          Date: new Date().toUTCString(),
          'Message-ID': '<lena-new@northwind-trading.example>',
        },
        'One more thing: could we move the call to Monday?',
      ),
    ]);
    // Straight to the message, as a link to it would: no list was read, no check has run.
    const opened = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${uid}?mailbox=${officeId}`,
      token: acme.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const lena = (await conversation()).find((m) => m.snippet.startsWith('One more thing'))!;
    expect(opened.json().conversation).toEqual({ leadId, messageId: lena._id });
  });

  it('refuses bad replies with a 4xx and sends nothing', async () => {
    const before = officeSmtp.messages.length + outreachSmtp.messages.length;
    const post = (payload: unknown, lead = leadId, token = acme.token) =>
      t.request({
        method: 'POST',
        url: `/api/leads/${lead}/reply`,
        token,
        payload: payload as object,
      });
    const lena = (await conversation()).find((m) => m.from === LEAD)!;
    expect((await post({ body: '<p>Hello there, friend.</p>' })).statusCode).toBe(400);
    expect(
      (await post({ inReplyTo: 'nope', body: '<p>Hello there, friend.</p>' })).statusCode,
    ).toBe(400);
    expect((await post({ inReplyTo: lena._id, body: 'x' })).statusCode).toBe(400);
    const huge = await post({ inReplyTo: lena._id, body: `<p>${'a'.repeat(2_000_000)}</p>` });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    const unknown = await post({
      inReplyTo: '00000000-0000-4000-8000-000000000000',
      body: '<p>Hello there, friend.</p>',
    });
    expect(unknown.statusCode).toBe(404);
    // Another organisation sees neither the lead nor its conversation.
    const globex = await adminOf(t, 'globex-conversations');
    expect(
      (await post({ inReplyTo: lena._id, body: '<p>Hello there.</p>' }, leadId, globex.token))
        .statusCode,
    ).toBe(404);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/leads/${leadId}/conversation`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
    // The team's conversations are for managers with the Inbox permission.
    const rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-conversations' });
    const team = await t.request({
      method: 'GET',
      url: '/api/conversations?scope=team',
      token: rep.token,
    });
    expect([403, 401]).toContain(team.statusCode);
    expect(officeSmtp.messages.length + outreachSmtp.messages.length).toBe(before);
  });
});
