import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { BULK_NOT_PAUSED, BULK_RESUMED, BULK_STOPPED_BY_USER } from '@leadline/shared/email';
import type { BulkEmailJob, SentEmail } from '@leadline/shared/email';
import type { Lead } from '@leadline/shared/leads';
import { activityLog, emailSuppressions, leads, sentEmails } from '../src/db/schema.ts';
import { campaignDeliveries } from '../src/db/tables/campaigns.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { bounceRateExceeded } from '../src/modules/deliverability/rate.ts';
import { checkReplies } from '../src/modules/replies/service.ts';
import { TEST_SECRET_KEY, createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { createCampaign, getCampaign, sendCampaign } from './campaigns-support.ts';
import { bulkPayload, getJob, receptionCounts, runBulk, waitForJob } from './email-bulk-support.ts';
import { adminOf, configureSmtp, insertLeads } from './fixtures.ts';
import {
  REJECTED_PREFIX,
  appendToInbox,
  startImapServer,
  startSmtpServer,
} from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let imap: TestImapServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
const box = createSecretBox(TEST_SECRET_KEY);

/** Each sample's failed (or answering) address, the original Message-ID it quotes, its kind. */
const SAMPLES = {
  'rfc3464-hard': {
    address: 'tom.keller@example.net',
    original: '<3b1f6c2e-8a47-4d0b-9c1e-5f2a7d9e0b13@acme.example.com>',
    kind: 'hard',
  },
  'rfc3464-delayed': {
    address: 'paul.meyer@example.net',
    original: '<a7d2e0f4-1c39-4b8e-8f61-0d4c2b9a7e55@acme.example.com>',
    kind: 'soft',
  },
  gmail: {
    address: 'lena.fischer@example.org',
    original: '<c41e9b07-2d6a-4f35-b8e0-77a1d3f5e2c9@acme.example.com>',
    kind: 'hard',
  },
  outlook: {
    address: 'marta.ruiz@example.org',
    original: '<0e8d5b3a-6f21-4c7d-a9e4-3b2c1d0f9a88@acme.example.com>',
    kind: 'hard',
  },
  postfix: {
    address: 'jan.novak@example.org',
    original: '<9d3c7b21-0e5a-4f8c-b6d2-18a4e7f3c650@acme.example.com>',
    kind: 'hard',
  },
  exim: {
    address: 'sofia.marino@example.net',
    original: '<71b0c9e4-5a3d-4e2f-8c17-6d9a0b3e4f21@acme.example.com>',
    kind: 'soft',
  },
  // A text notice: the Message-ID is found in the copy of the message quoted below it.
  qmail: {
    address: 'oskar.lind@example.com',
    original: '<e25a8f03-4b7c-4d19-9e6a-0c3f1b2d8a47@acme.example.com>',
    kind: 'hard',
  },
} as const;
type SampleName = keyof typeof SAMPLES;
const OOO_ADDRESS = 'ines.vogt@example.net';

const raw = (name: string) =>
  readFileSync(new URL(`./fixtures/mail/${name}.eml`, import.meta.url), 'utf8');

let ids: Record<string, string>;

beforeAll(async () => {
  [t, smtp, imap] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-bounces-pass-4k' }),
    startImapServer({ password: 'imap-bounces-pass-9q' }),
  ]);
  acme = await adminOf(t, 'acme-bounces');
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
  const addresses = [...Object.values(SAMPLES).map((s) => s.address), OOO_ADDRESS];
  const inserted = await insertLeads(
    t.database.db,
    acme.organizationId,
    addresses.map((personEmail, i) => ({ personEmail, personFirstName: `Lead${i}` })),
  );
  ids = Object.fromEntries(addresses.map((address, i) => [address, inserted[i]!]));
  const job = await runBulk(t, acme.token, bulkPayload(inserted));
  expect(job.sent).toBe(addresses.length);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

const db = () => t.database.db;

const sentTo = async (leadId: string) =>
  db().select().from(sentEmails).where(eq(sentEmails.leadId, leadId)).orderBy(sentEmails.sentAt);

const leadRow = async (id: string) => {
  const [row] = await db().select().from(leads).where(eq(leads.id, id));
  return row!;
};

const suppression = async (email: string) => {
  const [row] = await db()
    .select()
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.organizationId, acme.organizationId),
        eq(emailSuppressions.email, email),
      ),
    );
  return row;
};

/** A sample with the Message-ID of the email it reports on swapped for `messageId`. */
const sampleFor = (name: string, from: string, messageId: string, ownId?: string) => {
  let text = raw(name);
  text = text.split(from).join(messageId);
  if (ownId) {
    // The report's own Message-ID (in its header section, not the returned message's).
    const end = text.search(/\r?\n\r?\n/);
    text = `${text.slice(0, end).replace(/^Message-ID:.*$/im, `Message-ID: ${ownId}`)}${text.slice(end)}`;
  }
  return text;
};

const history = async (leadId: string): Promise<SentEmail[]> => {
  const response = await t.request({
    method: 'GET',
    url: `/api/leads/${leadId}/emails`,
    token: acme.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('bounces and auto-replies found by the inbox check', { timeout: 120_000 }, () => {
  it('reads every bounce format, matches it to its email, and never counts it as a reply', async () => {
    const messages: string[] = [];
    for (const [name, sample] of Object.entries(SAMPLES) as [
      SampleName,
      (typeof SAMPLES)[SampleName],
    ][]) {
      const [email] = await sentTo(ids[sample.address]!);
      messages.push(sampleFor(name, sample.original, email!.messageId));
    }
    messages.push(raw('ooo-en'));
    await appendToInbox(imap, messages);

    const result = await checkReplies(db(), box, acme.user.id);
    expect(result).toMatchObject({ status: 'checked', found: messages.length });

    for (const [name, sample] of Object.entries(SAMPLES)) {
      const leadId = ids[sample.address]!;
      const lead = await leadRow(leadId);
      const [email] = await sentTo(leadId);
      expect(lead.repliedAt, name).toBeNull();
      expect(lead.unsubscribedAt, name).toBeNull();
      expect(email!.bounce, name).toBe(sample.kind);
      const [stored] = await db()
        .select()
        .from(emailReplies)
        .where(eq(emailReplies.leadId, leadId));
      expect(stored, name).toMatchObject({ kind: 'bounce', sentEmailId: email!.id });
      if (sample.kind === 'hard') {
        expect(lead.bouncedAt, name).not.toBeNull();
        expect(lead.bounceReason, name).toBeTruthy();
        expect(await suppression(sample.address), name).toMatchObject({ reason: 'bounced' });
        expect((await suppression(sample.address))!.source, name).toMatch(/^Bounce: /);
      } else {
        expect(lead.bouncedAt, name).toBeNull();
        expect(lead.softBounces, name).toBe(1);
        expect(await suppression(sample.address), name).toBeUndefined();
      }
    }
    const tom = await leadRow(ids['tom.keller@example.net']!);
    expect(tom.bounceReason).toContain('5.1.1');
    const logged = await db()
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.organizationId, acme.organizationId), eq(activityLog.action, 'bounced')),
      );
    expect(logged.map((entry) => entry.entityId).sort()).toEqual(
      Object.values(SAMPLES)
        .filter((s) => s.kind === 'hard')
        .map((s) => ids[s.address])
        .sort(),
    );

    // The same mail read again (a new mailbox) changes nothing.
    await db().execute(sql`UPDATE email_reply_cursors SET uid_validity = NULL`);
    await checkReplies(db(), box, acme.user.id);
    expect((await leadRow(ids['paul.meyer@example.net']!)).softBounces).toBe(1);
  });

  it('shows Bounced on the lead and in its history, and the auto-reply as an auto-reply', async () => {
    const tomId = ids['tom.keller@example.net']!;
    const response = await t.request({
      method: 'GET',
      url: `/api/leads/${tomId}`,
      token: acme.token,
    });
    const lead = response.json() as Lead;
    expect(lead.bouncedAt).not.toBeNull();
    expect(lead.bounceReason).toContain('User unknown');
    const entries = await history(tomId);
    expect(entries.map((entry) => entry.kind).sort()).toEqual(['bounce', 'sent']);
    expect(entries.find((entry) => entry.kind === 'sent')).toMatchObject({
      via: 'bulk',
      bounce: 'hard',
    });
    expect(entries.find((entry) => entry.kind === 'bounce')).toMatchObject({
      via: null,
      status: 'received',
    });

    const ines = await leadRow(ids[OOO_ADDRESS]!);
    expect(ines.repliedAt).toBeNull();
    const inesHistory = await history(ines.id);
    const auto = inesHistory.find((entry) => entry.kind === 'auto-reply');
    expect(auto).toMatchObject({ status: 'received', via: null });
    expect(auto!.returnsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts three soft bounces in a row as a hard one', async () => {
    const paulId = ids['paul.meyer@example.net']!;
    for (const n of [1, 2]) {
      const sent = await t.request({
        method: 'POST',
        url: `/api/leads/${paulId}/send-mail`,
        token: acme.token,
        payload: { subject: `Checking in ${n}`, body: '<p>Just checking in with you.</p>' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const emails = await sentTo(paulId);
    await appendToInbox(
      imap,
      emails
        .slice(1)
        .map((email, i) =>
          sampleFor(
            'rfc3464-delayed',
            SAMPLES['rfc3464-delayed'].original,
            email.messageId,
            `<delayed-${i}@mx.example.net>`,
          ),
        ),
    );
    await checkReplies(db(), box, acme.user.id);
    const paul = await leadRow(paulId);
    expect(paul.bouncedAt).not.toBeNull();
    expect(paul.bounceReason).toMatch(/^3 soft bounces in a row/);
    expect(await suppression('paul.meyer@example.net')).toMatchObject({ reason: 'bounced' });
  });

  it('holds the next campaign step of a lead away until the day after the return date', async () => {
    const inesId = ids[OOO_ADDRESS]!;
    const campaign = await createCampaign(t, acme.token, {
      name: 'Away test',
      leads: [inesId],
      followUps: [{ delayDays: 1, body: 'A short follow-up for you.' }],
    });
    // As after the first step: the follow-up queued for tomorrow.
    await db()
      .insert(campaignDeliveries)
      .values({
        campaignId: campaign._id,
        step: 1,
        leadId: inesId,
        state: 'queued',
        dueAt: sql`now() + interval '1 day'`,
      });
    const second = raw('ooo-en').replace(
      /^Message-ID: <[^>]+>/m,
      'Message-ID: <ooo-2@example.net>',
    );
    await appendToInbox(imap, [second]);
    await checkReplies(db(), box, acme.user.id);
    const [reply] = await db()
      .select()
      .from(emailReplies)
      .where(eq(emailReplies.messageId, '<ooo-2@example.net>'));
    expect(reply!.kind).toBe('auto-reply');
    expect(reply!.returnsOn).not.toBeNull();
    const [row] = await db()
      .select()
      .from(campaignDeliveries)
      .where(and(eq(campaignDeliveries.campaignId, campaign._id), eq(campaignDeliveries.step, 1)));
    const dayAfter = new Date(`${reply!.returnsOn}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    // The note is dated months ahead of the follow-up's day: the return date wins.
    expect(row!.dueAt.toISOString()).toBe(dayAfter.toISOString());
    expect((await leadRow(inesId)).repliedAt).toBeNull();
  });
});

describe('hostile mail', { timeout: 60_000 }, () => {
  it('never stops the check: broken reports are skipped, the next message is read', async () => {
    const broken = [
      'From: MAILER-DAEMON@mx.example.net',
      'Subject: Undelivered Mail Returned to Sender',
      'Message-ID: <broken-1@mx.example.net>',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="x"',
      '',
      '--x',
      'Content-Type: message/delivery-status',
      'Content-Transfer-Encoding: base64',
      '',
      '%%%% not base64 \u0000 at all',
      '--x',
      'Content-Type: text/plain; charset=no-such-charset',
      '',
      `${'Final-Recipient: rfc822; '.repeat(20_000)}`,
    ].join('\r\n');
    const reply = [
      `From: ${OOO_ADDRESS}`,
      'Subject: Re: Hello',
      'Message-ID: <after-broken@example.net>',
      '',
      'Happy to talk next week.',
    ].join('\r\n');
    await appendToInbox(imap, [broken, reply]);
    const result = await checkReplies(db(), box, acme.user.id);
    expect(result).toMatchObject({ status: 'checked', scanned: 2, found: 1 });
    expect((await leadRow(ids[OOO_ADDRESS]!)).repliedAt).not.toBeNull();
  });
});

/** A delivery report naming `failed`, returning the headers of `original` when given. */
const reportOn = (o: { failed: string; id: string; original?: string; inReplyTo?: string }) =>
  [
    'Return-Path: <>',
    'From: Mail Delivery Subsystem <MAILER-DAEMON@mx.example.net>',
    `To: <${acme.user.email}>`,
    `Subject: Undelivered Mail Returned to Sender ${o.id}`,
    `Message-ID: ${o.id}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="report"',
    '',
    '--report',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    `<${o.failed}>: host mx.example.org said: 550 5.1.1 User unknown`,
    '',
    '--report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    `Final-Recipient: rfc822; ${o.failed}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${o.failed}>: User unknown`,
    '',
    ...(o.original
      ? [
          '--report',
          'Content-Type: text/rfc822-headers',
          '',
          `From: ${acme.user.email}`,
          `To: ${o.failed}`,
          'Subject: Hello there',
          `Message-ID: ${o.original}`,
          '',
        ]
      : []),
    '--report--',
    '',
  ].join('\r\n');

/** An Exim-like notice in words naming `failed`, with no copy of the message. */
const noticeOn = (failed: string, id: string) =>
  [
    'From: MAILER-DAEMON@mx.example.net',
    `To: ${acme.user.email}`,
    `Subject: Mail delivery failed: returning message to sender ${id}`,
    `Message-ID: ${id}`,
    '',
    'This message was created automatically by mail delivery software.',
    '',
    'A message that you sent could not be delivered to one or more of its recipients.',
    'This is a permanent error. The following address(es) failed:',
    '',
    `  ${failed}`,
    '    550 5.1.1 User unknown',
    '',
  ].join('\r\n');

const sendTo = async (token: string, leadId: string) => {
  const sent = await t.request({
    method: 'POST',
    url: `/api/leads/${leadId}/send-mail`,
    token,
    payload: { subject: 'Hello there', body: '<p>Hello, a short note for you.</p>' },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const emails = await sentTo(leadId);
  return emails.at(-1)!;
};

/** Nothing was recorded of a bounce for the lead at `address` in `organizationId`. */
const expectUntouched = async (leadId: string, address: string, organizationId: string) => {
  const lead = await leadRow(leadId);
  expect(lead, address).toMatchObject({ bouncedAt: null, repliedAt: null, softBounces: 0 });
  for (const email of await sentTo(leadId)) expect(email.bounce, address).toBeNull();
  const stored = await db().select().from(emailReplies).where(eq(emailReplies.leadId, leadId));
  expect(stored, address).toEqual([]);
  const [suppressed] = await db()
    .select()
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.organizationId, organizationId),
        eq(emailSuppressions.email, address),
      ),
    );
  expect(suppressed, address).toBeUndefined();
};

describe('forged bounces', { timeout: 180_000 }, () => {
  it('believes no bounce by address alone: nothing suppressed, bounced or paused, the mail stays in the inbox', async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => uniqueEmail(`forged-${i}`));
    const leadIds = await insertLeads(
      db(),
      acme.organizationId,
      addresses.map((personEmail) => ({ personEmail })),
    );
    const job = await runBulk(t, acme.token, bulkPayload(leadIds));
    expect(job.sent).toBe(20);
    // Half the run "bounces", by every form a stranger can write without a sent Message-ID.
    const forged = addresses.slice(0, 10).map((failed, i) => {
      const id = `<forged-${i}-${randomUUID()}@mx.example.net>`;
      const unknown = `<${randomUUID()}@acme.example.com>`;
      if (i % 4 === 0) return noticeOn(failed, id);
      if (i % 4 === 1) return reportOn({ failed, id });
      if (i % 4 === 2) return reportOn({ failed, id, original: unknown });
      return reportOn({ failed, id, inReplyTo: unknown });
    });
    await appendToInbox(imap, forged);
    const result = await checkReplies(db(), box, acme.user.id);
    expect(result).toMatchObject({ status: 'checked', scanned: 10, found: 0 });

    for (const [i, address] of addresses.entries())
      await expectUntouched(leadIds[i]!, address, acme.organizationId);
    expect(await bounceRateExceeded(db(), acme.organizationId, [job.jobId])).toBeNull();
    // Kept as ordinary messages of the inbox.
    const inbox = await t.request({
      method: 'GET',
      url: '/api/email/inbox?limit=100',
      token: acme.token,
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const subjects = inbox.json().map((email: { subject: string }) => email.subject);
    for (const text of forged) {
      const subject = /^Subject: (.*)$/m.exec(text)![1]!.trim();
      expect(subjects).toContain(subject);
    }
    // Opening the inbox also checked it, on its own: that check is let finish.
    await waitFor(
      () => checkReplies(db(), box, acme.user.id),
      (check) => check.status === 'checked',
    );
    expect((await leadRow(leadIds[0]!)).bouncedAt).toBeNull();
  });

  it('believes no bounce naming another organisation’s or another user’s email', async () => {
    const globex = await adminOf(t, 'globex-forged');
    await configureSmtp(t, globex.token, smtp);
    const shared = uniqueEmail('shared-prospect');
    const [globexLead] = await insertLeads(db(), globex.organizationId, [{ personEmail: shared }]);
    const globexEmail = await sendTo(globex.token, globexLead!);
    const [acmeLead] = await insertLeads(db(), acme.organizationId, [{ personEmail: shared }]);
    await sendTo(acme.token, acmeLead!);

    const colleague = await t.createUser({ role: 'Admin', organizationName: 'acme-bounces' });
    await configureSmtp(t, colleague.token, smtp);
    const theirs = uniqueEmail('colleague-prospect');
    const [theirLead] = await insertLeads(db(), acme.organizationId, [{ personEmail: theirs }]);
    const theirEmail = await sendTo(colleague.token, theirLead!);

    await appendToInbox(imap, [
      reportOn({
        failed: shared,
        id: '<other-org@mx.example.net>',
        original: globexEmail.messageId,
      }),
      reportOn({
        failed: theirs,
        id: '<other-user@mx.example.net>',
        original: theirEmail.messageId,
      }),
    ]);
    const result = await checkReplies(db(), box, acme.user.id);
    expect(result).toMatchObject({ status: 'checked', scanned: 2, found: 0 });
    await expectUntouched(acmeLead!, shared, acme.organizationId);
    await expectUntouched(globexLead!, shared, globex.organizationId);
    await expectUntouched(theirLead!, theirs, acme.organizationId);
  });

  it('believes a report naming a sent email for that email’s recipient only', async () => {
    const [sent, other] = [uniqueEmail('named'), uniqueEmail('not-named')];
    const [sentLead, otherLead] = await insertLeads(db(), acme.organizationId, [
      { personEmail: sent },
      { personEmail: other },
    ]);
    const email = await sendTo(acme.token, sentLead!);
    await sendTo(acme.token, otherLead!);

    // The right Message-ID, but the failed address is not the one that email went to.
    await appendToInbox(imap, [
      reportOn({ failed: other, id: '<wrong-address@mx.example.net>', original: email.messageId }),
    ]);
    expect(await checkReplies(db(), box, acme.user.id)).toMatchObject({ found: 0 });
    await expectUntouched(sentLead!, sent, acme.organizationId);
    await expectUntouched(otherLead!, other, acme.organizationId);

    await appendToInbox(imap, [
      reportOn({ failed: sent, id: '<right-address@mx.example.net>', original: email.messageId }),
    ]);
    expect(await checkReplies(db(), box, acme.user.id)).toMatchObject({ found: 1 });
    expect((await leadRow(sentLead!)).bouncedAt).not.toBeNull();
    expect((await sentTo(sentLead!))[0]!.bounce).toBe('hard');
    expect(await suppression(sent)).toMatchObject({ reason: 'bounced' });
    await expectUntouched(otherLead!, other, acme.organizationId);
  });
});

describe('bounces while sending and the bounce protection', { timeout: 180_000 }, () => {
  it('takes a 5xx refusal of the lead’s address as a hard bounce at once', async () => {
    const address = uniqueEmail(REJECTED_PREFIX);
    const [leadId] = await insertLeads(db(), acme.organizationId, [{ personEmail: address }]);
    const response = await t.request({
      method: 'POST',
      url: `/api/leads/${leadId}/send-mail`,
      token: acme.token,
      payload: { subject: 'Hello there', body: '<p>Hello, a short note for you.</p>' },
    });
    expect(response.statusCode).toBe(502);
    const lead = await leadRow(leadId!);
    expect(lead.bouncedAt).not.toBeNull();
    expect(lead.bounceReason).toContain('550');
    const [email] = await sentTo(leadId!);
    expect(email).toMatchObject({ status: 'failed', bounce: 'hard' });
    expect((await suppression(address))!.source).toMatch(/^Refused while sending: /);
  });

  /** A run of 25 new leads, the first two refused by the mail server: it pauses after 22. */
  const pausedRun = async (name: string) => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      personEmail: uniqueEmail(i < 2 ? REJECTED_PREFIX : `${name}-${i}`),
    }));
    const leadIds = await insertLeads(db(), acme.organizationId, rows);
    const job = await runBulk(t, acme.token, bulkPayload(leadIds));
    expect(job.status).toBe('paused');
    return { job, addresses: rows.map((row) => row.personEmail) };
  };
  const runEntry = async (jobId: string, action: string) => {
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, jobId), eq(activityLog.action, action)));
    return entry;
  };
  const control = (jobId: string, what: 'resume' | 'stop', token = acme.token) =>
    t.request({ method: 'POST', url: `/api/email/bulk/${jobId}/${what}`, token });

  it('pauses a bulk run whose hard-bounce rate passes the limit, saying why; resumed, it finishes', async () => {
    const { job, addresses } = await pausedRun('bulk-bounce');
    expect(job.message).toMatch(/^Too many bounces: 2 of 22 emails bounced \(9.1%\)/);
    expect(job).toMatchObject({ sent: 20, failed: 2, processed: 22, finishedAt: null });
    expect((await runEntry(job.jobId, 'bulk email paused'))!.details).toContain(
      'paused (Too many bounces',
    );
    const listed = await t.request({
      method: 'GET',
      url: '/api/email/bulk?status=paused',
      token: acme.token,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().jobs.map((run: BulkEmailJob) => run.jobId)).toContain(job.jobId);

    const resumed = await control(job.jobId, 'resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().message).toBe(BULK_RESUMED);
    expect(resumed.json().job.status).toBe('running');
    expect(resumed.json().job.message).toBeUndefined();
    expect(await runEntry(job.jobId, 'bulk email resumed')).toBeDefined();
    // Judged on the emails sent since the resume: the two bounces before do not pause it again.
    const done = await waitForJob(t, acme.token, job.jobId);
    expect(done).toMatchObject({ status: 'completed', sent: 23, failed: 2, processed: 25 });
    expect(done.message).toBeUndefined();
    const received = receptionCounts(smtp.messages);
    for (const address of addresses.slice(2)) expect(received.get(address)).toBe(1);

    const again = await control(job.jobId, 'resume');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BULK_NOT_PAUSED);
  });

  it('stops a paused run; resumes only its owner’s paused runs', async () => {
    const { job } = await pausedRun('bulk-bounce-stop');
    const globex = await adminOf(t, 'globex-bounces');
    for (const [id, token] of [
      [job.jobId, globex.token],
      ['not-a-run', acme.token],
      [randomUUID(), acme.token],
    ] as const) {
      const response = await control(id, 'resume', token);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Bulk email job not found');
    }
    expect((await getJob(t, acme.token, job.jobId)).status).toBe('paused');

    const stopped = await control(job.jobId, 'stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().job).toMatchObject({ status: 'stopped', message: BULK_STOPPED_BY_USER });
    expect(stopped.json().job.finishedAt).not.toBeNull();
    const resumed = await control(job.jobId, 'resume');
    expect(resumed.statusCode).toBe(409);
    expect((await getJob(t, acme.token, job.jobId)).processed).toBe(22);
  });

  it('pauses a campaign whose hard-bounce rate passes the limit, saying why', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      personEmail: uniqueEmail(i % 10 === 0 ? REJECTED_PREFIX : `campaign-bounce-${i}`),
    }));
    const leadIds = await insertLeads(db(), acme.organizationId, rows);
    const campaign = await createCampaign(t, acme.token, { name: 'Bouncy', leads: leadIds });
    const sent = await sendCampaign(t, acme.token, campaign._id);
    expect(sent.statusCode, sent.body).toBe(200);
    const paused = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (detail) => detail.status !== 'active',
    );
    expect(paused.status).toBe('paused');
    expect(paused.statusMessage).toMatch(/^Too many bounces: [1-3] of \d+ emails bounced/);
    const [entry] = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entityId, campaign._id), eq(activityLog.action, 'paused')));
    expect(entry!.details).toContain('Too many bounces');
    // Resuming clears the message.
    const resumed = await t.request({
      method: 'PATCH',
      url: `/api/campaigns/${campaign._id}/status`,
      token: acme.token,
      payload: { status: 'active' },
    });
    expect(resumed.json().campaign.statusMessage).toBeNull();
    // Judged on the emails sent since the resume: the bounces before do not pause it again.
    const done = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (detail) => detail.status !== 'active',
    );
    expect(done.status, done.statusMessage ?? '').toBe('completed');
  });

  it('reports bounces and the bounce rate next to replies', async () => {
    const response = await t.request({ method: 'GET', url: '/api/reports', token: acme.token });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.totals.bounces).toBeGreaterThanOrEqual(9);
    // The one reply (the hostile-mail test), not the auto-replies nor the bounces.
    expect(report.totals.replies).toBe(1);
    expect(report.emails.series).toContain('Bounces');
    const bouncy = report.campaigns.find((c: { name: string }) => c.name === 'Bouncy');
    expect(bouncy.bounces).toBeGreaterThanOrEqual(2);
  });
});
