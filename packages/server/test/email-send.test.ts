import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { sentEmails } from '../src/db/schema.ts';
import { lastMessageTo, threadUnder } from '../src/modules/replies/threading.ts';
import { UNREADABLE_UPLOAD } from '../src/lib/multipart.ts';
import { NUL_REFUSED } from '../src/lib/text.ts';
import type { TestContext } from './context.ts';
import { openWithSmtp } from './email-bulk-support.ts';
import { configureSmtp, createLead, defaultMailboxId } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import { REJECTED_PREFIX, formData } from './mail-servers.ts';
import type { ReceivedMessage, TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let lead: LeadBody;

const ORG = 'acme-mail-send';

const configure = (token: string, dailyLimit?: number) => configureSmtp(t, token, smtp, dailyLimit);

/** A Sales Rep of acme with SMTP configured (and a daily limit when given). */
const repWithSmtp = async (dailyLimit?: number) => {
  const { token } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
  await configure(token, dailyLimit);
  return token;
};

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-send-pass-Qx81', [
    ORG,
    'globex-mail-send',
  ]));
  lead = await createLead(t, acme.token, { personEmail: 'ada@lead.test', personFirstName: 'Ada' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const send = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/email/send', token, payload });

const email = (overrides: Record<string, unknown> = {}) => ({
  to: 'ada@lead.test',
  subject: 'Proposal for Acme',
  body: '<p>Dear Ada,</p><p>Here is our proposal for next quarter.</p>',
  ...overrides,
});

const withSubject = (subject: string): ReceivedMessage[] =>
  smtp.messages.filter((message) => message.raw.toString('utf8').includes(`Subject: ${subject}`));

const lastMessage = () => smtp.messages.at(-1)!;

const leadEmails = async (token: string, id: string) => {
  const response = await t.request({ method: 'GET', url: `/api/leads/${id}/emails`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>[];
};

describe('POST /api/email/send', () => {
  it('sends from the SMTP account with Message-ID, priority, cc, bcc, HTML and text', async () => {
    const before = smtp.messages.length;
    const response = await send(
      acme.token,
      email({
        subject: 'Proposal for Acme',
        body:
          '<p style="font-family: Georgia; font-size: 16px">Dear Ada,</p><p>Our proposal &amp; pricing.</p>' +
          '<script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(1)">',
        priority: 'high',
        cc: 'grace@lead.test, alan@lead.test',
        bcc: ['boss@acme.test'],
        leadId: lead._id,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Email sent successfully!');
    expect(body.lead).toMatchObject({ _id: lead._id, mailSent: true, sentCount: 1 });
    expect(Date.parse(body.lead.mailSentDate)).toBeGreaterThan(Date.now() - 60_000);

    expect(smtp.messages.length).toBe(before + 1);
    const received = lastMessage();
    expect(received.from).toBe(smtp.user);
    expect(received.recipients.sort()).toEqual(
      ['ada@lead.test', 'alan@lead.test', 'boss@acme.test', 'grace@lead.test'].sort(),
    );
    const raw = received.raw.toString('utf8');
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toContain('boss@acme.test');
    expect(raw).toMatch(/^X-Priority: 1 \(Highest\)\r?$/m);
    expect(raw).toMatch(/^Importance: High\r?$/m);
    expect(raw).toMatch(/^X-MSMail-Priority: High\r?$/im);

    const parsed = await simpleParser(received.raw);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@mail\.test>$/);
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Test User', address: smtp.user });
    expect(parsed.subject).toBe('Proposal for Acme');
    const cc = Array.isArray(parsed.cc) ? parsed.cc : [parsed.cc];
    expect(cc.flatMap((c) => c?.value.map((v) => v.address))).toEqual([
      'grace@lead.test',
      'alan@lead.test',
    ]);
    expect(parsed.html).toContain('font-family:Georgia');
    expect(parsed.html).toContain('Our proposal &amp; pricing.');
    expect(parsed.html).not.toContain('<script');
    expect(parsed.html).not.toContain('onerror');
    expect(parsed.text).toContain('Dear Ada,');
    expect(parsed.text).toContain('Our proposal & pricing.');

    const history = await leadEmails(acme.token, lead._id);
    expect(history[0]).toMatchObject({
      subject: 'Proposal for Acme',
      to: 'ada@lead.test',
      cc: ['grace@lead.test', 'alan@lead.test'],
      messageId: parsed.messageId,
      kind: 'sent',
      via: 'single',
      status: 'sent',
      sender: { name: 'Test User', email: smtp.user },
    });
    expect(history[0]).not.toHaveProperty('bcc');
    expect(history[0]).not.toHaveProperty('error');

    const activity = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${lead._id}&limit=1`,
      token: acme.token,
    });
    expect(activity.json()[0]).toMatchObject({
      type: 'Email',
      action: 'sent',
      details: 'Email "Proposal for Acme" sent to ada@lead.test',
    });
  });

  it('sends multipart with attachments and a normal priority; without a lead no lead answers', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const response = await t.request({
      method: 'POST',
      url: '/api/email/send',
      token: acme.token,
      ...formData(
        {
          to: 'someone@else.test',
          subject: 'Brochure attached',
          body: '<p>Please find our brochure attached.</p>',
          cc: ['one@else.test', 'two@else.test'],
        },
        [
          { filename: 'brochure.pdf', content: pdf },
          { filename: 'chart.png', content: png },
        ],
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Email sent successfully!' });
    const received = lastMessage();
    const raw = received.raw.toString('utf8');
    expect(raw).toMatch(/^X-Priority: 3 \(Normal\)\r?$/m);
    const parsed = await simpleParser(received.raw);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, a.size])).toEqual([
      ['brochure.pdf', 'application/pdf', pdf.length],
      ['chart.png', 'image/png', png.length],
    ]);
    expect(parsed.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(received.recipients.sort()).toEqual(
      ['one@else.test', 'someone@else.test', 'two@else.test'].sort(),
    );
  });

  it('answers each validation rule with the seed text and sends nothing', async () => {
    const before = smtp.messages.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ to: 'not-an-address' }, 'to', 'Valid recipient email is required'],
      [{ to: undefined }, 'to', 'Valid recipient email is required'],
      [{ to: 'a@b.test, c@d.test' }, 'to', 'Valid recipient email is required'],
      [{ subject: '' }, 'subject', 'Subject is required'],
      [{ subject: '   ' }, 'subject', 'Subject is required'],
      [{ subject: undefined }, 'subject', 'Subject is required'],
      [{ subject: 'Hi' }, 'subject', 'Subject must be at least 3 characters'],
      [{ subject: 'x'.repeat(101) }, 'subject', 'Subject must be at most 100 characters'],
      [{ body: '<p>Too <b>short</b></p>' }, 'body', 'Message must be at least 10 characters'],
      [{ body: '<p>        </p><p></p>' }, 'body', 'Message must be at least 10 characters'],
      [{ body: undefined }, 'body', 'Message must be at least 10 characters'],
      [{ priority: 'urgent' }, 'priority', 'Priority must be low, normal or high'],
      [{ cc: 'fine@x.test, nope' }, 'cc', 'CC has an invalid email address: nope'],
      [{ bcc: ['x@'] }, 'bcc', 'BCC has an invalid email address: x@'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await send(acme.token, email(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().errors[field]).toBe(message);
    }
    // Exactly 10 characters of text once the tags are gone is enough.
    const ten = await send(acme.token, email({ body: '<p><b>Hello</b> Ada!</p>' }));
    expect(ten.statusCode, ten.body).toBe(200);
    expect(smtp.messages.length).toBe(before + 1);
  });

  it('refuses a forbidden type, a disguised file, a file over 10 MB and more than 10 files', async () => {
    const before = smtp.messages.length;
    const fields = {
      to: 'ada@lead.test',
      subject: 'With a file',
      body: '<p>See the attached file please.</p>',
    };
    const attempt = async (files: Parameters<typeof formData>[1]) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/email/send',
        token: acme.token,
        ...formData(fields, files),
      });
      expect(response.statusCode).toBe(400);
      return response.json().message as string;
    };
    expect(await attempt([{ filename: 'setup.exe', content: 'MZ...' }])).toBe(
      'setup.exe cannot be attached: allowed types are pdf, doc, docx, txt, jpg, jpeg, png, gif',
    );
    expect(await attempt([{ filename: 'invoice.pdf', content: 'MZ not a pdf' }])).toBe(
      'invoice.pdf is not a valid .pdf file',
    );
    expect(await attempt([{ filename: 'photo.jpg', content: '<html>' }])).toBe(
      'photo.jpg is not a valid .jpg file',
    );
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4');
    expect(await attempt([{ filename: 'big.pdf', content: big }])).toBe(
      'big.pdf is larger than 10 MB',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      filename: `note-${i}.txt`,
      content: 'hello',
    }));
    expect(await attempt(eleven)).toBe('At most 10 attachments can be sent with one email');
    expect(smtp.messages.length).toBe(before);
  });

  it('refuses a malformed multipart body and a NUL character in a field, sending nothing', async () => {
    const before = smtp.messages.length;
    const broken = await t.request({
      method: 'POST',
      url: '/api/email/send',
      token: acme.token,
      payload: '--nope\r\nContent-Disposition: form-data; name="to"\r\n\r\nada@lead.test',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(UNREADABLE_UPLOAD);
    const nul = await t.request({
      method: 'POST',
      url: '/api/email/send',
      token: acme.token,
      ...formData({ to: 'ada@lead.test', subject: 'Hi\u0000there', body: '<p>Hello there.</p>' }),
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe(NUL_REFUSED);
    expect(smtp.messages.length).toBe(before);
  });

  it('answers 400 with the exact message when the sender has no SMTP settings', async () => {
    const { token } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
    const response = await send(token, email());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'No SMTP configuration found. Configure your mail server first.',
    });
  });

  it('refuses a lead of another organisation (404) and sends nothing', async () => {
    const theirs = await createLead(t, globex.token, { personEmail: 'ceo@globex.test' });
    const before = smtp.messages.length;
    const viaSend = await send(acme.token, email({ to: 'ceo@globex.test', leadId: theirs._id }));
    expect(viaSend.statusCode).toBe(404);
    expect(viaSend.json().message).toBe('Lead not found');
    const viaLead = await t.request({
      method: 'POST',
      url: `/api/leads/${theirs._id}/send-mail`,
      token: acme.token,
      ...formData({ subject: 'Hello there', body: '<p>Hello from acme sales.</p>' }),
    });
    expect(viaLead.statusCode).toBe(404);
    const history = await t.request({
      method: 'GET',
      url: `/api/leads/${theirs._id}/emails`,
      token: acme.token,
    });
    expect(history.statusCode).toBe(404);
    expect(smtp.messages.length).toBe(before);
  });

  it('answers 502 when the SMTP server refuses the recipient, and records the failure', async () => {
    const target = await createLead(t, acme.token, {
      personEmail: `${REJECTED_PREFIX}@lead.test`,
    });
    const response = await send(
      acme.token,
      email({ to: `${REJECTED_PREFIX}@lead.test`, leadId: target._id }),
    );
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      'The mail server refused the message (550 5.1.1): an address was not accepted (it may not exist).',
    );
    const history = await leadEmails(acme.token, target._id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      status: 'failed',
      error:
        'The mail server refused the message (550 5.1.1): an address was not accepted (it may not exist).',
    });
    const after = await t.request({
      method: 'GET',
      url: `/api/leads/${target._id}`,
      token: acme.token,
    });
    expect(after.json()).toMatchObject({ mailSent: false, sentCount: 0, mailSentDate: null });
  });

  it('needs the sendEmailPage permission', async () => {
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { leadsTable: true, configureEmail: true },
    });
    const response = await send(token, email());
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/leads/:id/send-mail', () => {
  it("sends to the lead's address and answers the updated lead", async () => {
    const target = await createLead(t, acme.token, { personEmail: 'grace@lead.test' });
    const response = await t.request({
      method: 'POST',
      url: `/api/leads/${target._id}/send-mail`,
      token: acme.token,
      ...formData(
        {
          subject: 'Meeting next week',
          body: '<p>Could we meet next week to talk?</p>',
          priority: 'low',
          cc: 'assistant@lead.test',
        },
        [{ filename: 'agenda.txt', content: 'Agenda: introductions.' }],
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Email sent successfully!',
      lead: { _id: target._id, personEmail: 'grace@lead.test', mailSent: true, sentCount: 1 },
    });
    const received = lastMessage();
    expect(received.recipients.sort()).toEqual(['assistant@lead.test', 'grace@lead.test']);
    expect(received.raw.toString('utf8')).toMatch(/^X-Priority: 5 \(Lowest\)\r?$/m);
    const parsed = await simpleParser(received.raw);
    expect(parsed.attachments[0]).toMatchObject({
      filename: 'agenda.txt',
      contentType: 'text/plain',
    });
  });
});

describe('daily limit', () => {
  it('lets a sender with dailyLimit 2 send twice, then answers 429 "daily limit"', async () => {
    const token = await repWithSmtp(2);
    expect((await send(token, email({ subject: 'Limit two 1' }))).statusCode).toBe(200);
    expect((await send(token, email({ subject: 'Limit two 2' }))).statusCode).toBe(200);
    const third = await send(token, email({ subject: 'Limit two 3' }));
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'You have reached your daily limit of 2 emails. Try again tomorrow.',
    );
    expect(withSubject('Limit two 3')).toHaveLength(0);
    // Follow-ups count against the same limit.
    const followUp = await t.request({
      method: 'POST',
      url: '/api/email/follow-up',
      token,
      payload: {
        to: 'ada@lead.test',
        subject: 'Re: Limit two 1',
        message: 'Following up.',
        inReplyTo: '<x@mail.test>',
        references: ['<x@mail.test>'],
      },
    });
    expect(followUp.statusCode).toBe(429);
    expect(followUp.json().message).toContain('daily limit');
  });

  it('refuses every send with dailyLimit 0', async () => {
    const token = await repWithSmtp(0);
    const response = await send(token, email({ subject: 'Limit zero' }));
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toContain('daily limit');
    expect(withSubject('Limit zero')).toHaveLength(0);
  });

  it('does not count failed sends', async () => {
    const token = await repWithSmtp(1);
    const failed = await send(token, email({ to: `${REJECTED_PREFIX}-2@lead.test` }));
    expect(failed.statusCode).toBe(502);
    expect((await send(token, email({ subject: 'After a failure' }))).statusCode).toBe(200);
    expect((await send(token, email({ subject: 'Over the limit' }))).statusCode).toBe(429);
  });

  it('holds under concurrency: 5 parallel sends with dailyLimit 3 deliver exactly 3', async () => {
    const token = await repWithSmtp(3);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => send(token, email({ subject: `Parallel send ${i}` }))),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const delivered = smtp.messages.filter((message) =>
      /Subject: Parallel send \d/.test(message.raw.toString('utf8')),
    );
    expect(delivered).toHaveLength(3);
  });
});

describe('POST /api/email/follow-up', () => {
  it('threads with In-Reply-To and References and counts for the lead', async () => {
    const target = await createLead(t, acme.token, { personEmail: 'katherine@lead.test' });
    const first = await send(
      acme.token,
      email({ to: 'katherine@lead.test', subject: 'First contact', leadId: target._id }),
    );
    expect(first.statusCode).toBe(200);
    const [original] = await leadEmails(acme.token, target._id);
    const originalId = original!.messageId as string;

    const response = await t.request({
      method: 'POST',
      url: '/api/email/follow-up',
      token: acme.token,
      payload: {
        to: 'Katherine@lead.test',
        subject: 'Re: First contact',
        message: 'Hello Katherine,\n\nJust following up on my last email.',
        // Without angle brackets, and references as the one-item list the seed sends.
        inReplyTo: originalId.slice(1, -1),
        references: [originalId],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Email sent.' });

    const parsed = await simpleParser(lastMessage().raw);
    expect(parsed.inReplyTo).toBe(originalId);
    expect(parsed.references).toBe(originalId);
    expect(parsed.subject).toBe('Re: First contact');
    expect(parsed.html).toContain('Hello Katherine,');
    expect(parsed.text).toContain('Just following up on my last email.');

    const history = await leadEmails(acme.token, target._id);
    expect(history.map((entry) => [entry.kind, entry.via])).toEqual([
      ['sent', 'followup'],
      ['sent', 'single'],
    ]);
    const lead = await t.request({
      method: 'GET',
      url: `/api/leads/${target._id}`,
      token: acme.token,
    });
    expect(lead.json()).toMatchObject({ sentCount: 2, mailSent: true });

    // What a later follow-up from the leads table threads under.
    const last = await lastMessageTo(t.database.db, target._id);
    expect(last).toEqual({
      messageId: parsed.messageId,
      references: [originalId],
      subject: 'Re: First contact',
      userId: acme.user.id,
      mailboxId: await defaultMailboxId(t.database.db, acme.user.id),
    });
    expect(threadUnder(last!)).toEqual({
      inReplyTo: parsed.messageId,
      references: [originalId, parsed.messageId],
    });
    const [row] = await t.database.db
      .select()
      .from(sentEmails)
      .where(eq(sentEmails.messageId, parsed.messageId!));
    expect(row).toMatchObject({ kind: 'followup', inReplyTo: originalId, status: 'sent' });
  });

  it('requires all five fields, each with its message', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/email/follow-up',
      token: acme.token,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      to: 'Valid recipient email is required',
      subject: 'Subject is required',
      message: 'Message is required',
      inReplyTo: 'In-Reply-To is required',
      references: 'References is required',
    });
    const badId = await t.request({
      method: 'POST',
      url: '/api/email/follow-up',
      token: acme.token,
      payload: {
        to: 'ada@lead.test',
        subject: 'Re: x',
        message: 'Hello',
        inReplyTo: 'not a message id',
        references: [],
      },
    });
    expect(badId.json().errors).toEqual({
      inReplyTo: 'In-Reply-To must be a message ID like <id@example.com>',
      references: 'References is required',
    });
  });
});

describe('secrets', () => {
  it('never writes the SMTP password to the log or a response', () => {
    expect(t.logs.join('\n')).not.toContain(smtp.password);
  });
});
