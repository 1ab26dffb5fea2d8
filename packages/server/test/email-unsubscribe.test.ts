import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { activityLog, emailSuppressions, leads } from '../src/db/schema.ts';
import { createUnsubscribeLinks } from '../src/modules/unsubscribe/links.ts';
import { TEST_PUBLIC_URL, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import {
  bulkPayload,
  openWithSmtp,
  rawHeader,
  receivedBy,
  receptionCounts,
  runBulk,
} from './email-bulk-support.ts';
import { configureSmtp, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { formData } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let targets: { id: string; email: string }[];
/** The unsubscribe link of the first lead's bulk email, as a path on the server. */
let path: string;

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-unsubscribe-4t', [
    'acme-unsubscribe',
    'globex-unsubscribe',
  ]));
  const emails = [uniqueEmail('unsub-a'), uniqueEmail('unsub-b')];
  const ids = await insertLeads(
    t.database.db,
    acme.organizationId,
    emails.map((personEmail) => ({ personEmail })),
  );
  targets = ids.map((id, index) => ({ id, email: emails[index]! }));
  const start = smtp.messages.length;
  const job = await runBulk(t, acme.token, bulkPayload(ids));
  expect(job.sent).toBe(2);
  const [message] = await receivedBy(smtp.messages.slice(start), targets[0]!.email);
  const header = rawHeader(message!, 'List-Unsubscribe')!;
  const url = new URL(header.slice(1, -1));
  expect(url.origin).toBe(TEST_PUBLIC_URL);
  path = url.pathname;
  // The link in the body is the same one.
  expect(message!.html).toContain(`${TEST_PUBLIC_URL}${path}`);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const suppressions = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(emailSuppressions);
  return row!.n;
};

const tamper = (token: string, at: number) =>
  `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;

describe('the unsubscribe link', () => {
  it('asks to confirm on GET and changes nothing', async () => {
    const page = await t.request({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(targets[0]!.email);
    expect(page.body).toContain('acme-unsubscribe');
    expect(page.body).toMatch(/<form method="post" action="\/unsubscribe\/[\w.-]+"/);
    expect(page.body).not.toContain('<script');
    expect(await suppressions()).toBe(0);
  });

  it('refuses a changed, cut or foreign token with a 4xx and changes nothing', async () => {
    const token = path.slice('/unsubscribe/'.length);
    const dot = token.indexOf('.');
    const bad = [
      tamper(token, 3), // the address
      tamper(token, dot + 3), // the signature
      token.slice(0, -2),
      token.split('.')[0]!,
      '',
      'x'.repeat(5000),
      'a.b',
      // Signed with another key: a token made elsewhere is worthless here.
      createUnsubscribeLinks('another-secret-key-0123456789-abcdefgh', TEST_PUBLIC_URL).token({
        organizationId: acme.organizationId,
        email: targets[0]!.email,
      }),
    ];
    for (const value of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.request({ method, url: `/unsubscribe/${value}` });
        expect(response.statusCode, `${method} ${value.slice(0, 40)}`).toBe(400);
        expect(response.body).toContain('This unsubscribe link is not valid');
      }
    }
    // Not even a URL: the server's router answers 400 itself.
    const malformed = await t.request({ method: 'POST', url: '/unsubscribe/%00%ff' });
    expect(malformed.statusCode).toBe(400);
    expect(await suppressions()).toBe(0);
  });

  it('unsubscribes on a one-click POST (RFC 8058), once', async () => {
    const response = await t.request({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('You are unsubscribed');
    const [suppressed] = await t.database.db
      .select()
      .from(emailSuppressions)
      .where(eq(emailSuppressions.organizationId, acme.organizationId));
    expect(suppressed).toMatchObject({ email: targets[0]!.email, reason: 'unsubscribed' });
    // The lead shows it (GET /api/leads/:id).
    const lead = await t.request({
      method: 'GET',
      url: `/api/leads/${targets[0]!.id}`,
      token: acme.token,
    });
    expect(Date.parse(lead.json().unsubscribedAt)).toBeGreaterThan(Date.now() - 60_000);
    const logged = async () => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(activityLog)
        .where(
          and(eq(activityLog.entityId, targets[0]!.id), eq(activityLog.action, 'unsubscribed')),
        );
      return row!.n;
    };
    expect(await logged()).toBe(1);

    // Again, through the page's own form (multipart from another client): nothing changes.
    const again = await t.request({ method: 'POST', url: path, ...formData({}) });
    expect(again.statusCode).toBe(200);
    expect(await suppressions()).toBe(1);
    expect(await logged()).toBe(1);
    const page = await t.request({ method: 'GET', url: path });
    expect(page.body).toContain('You are unsubscribed');
    expect(page.body).not.toContain('<form');
    // Another organisation's leads with other addresses are untouched.
    const [other] = await t.database.db
      .select({ unsubscribedAt: leads.unsubscribedAt })
      .from(leads)
      .where(eq(leads.id, targets[1]!.id));
    expect(other!.unsubscribedAt).toBeNull();
  });

  it('keeps the address out of the next bulk run', async () => {
    const start = smtp.messages.length;
    const job = await runBulk(
      t,
      acme.token,
      bulkPayload(
        targets.map((lead) => lead.id),
        { type: 'followup' },
      ),
    );
    expect(job).toMatchObject({ sent: 1, skippedReasons: { unsubscribed: 1 } });
    const counts = receptionCounts(smtp.messages.slice(start));
    expect(counts.has(targets[0]!.email)).toBe(false);
    expect(counts.get(targets[1]!.email)).toBe(1);
  });

  it("suppresses per organisation: another organisation's lead with the address is still mailed", async () => {
    await configureSmtp(t, globex.token, smtp);
    const [id] = await insertLeads(t.database.db, globex.organizationId, [
      { personEmail: targets[0]!.email },
    ]);
    const start = smtp.messages.length;
    const job = await runBulk(t, globex.token, bulkPayload([id!]));
    expect(job.sent).toBe(1);
    expect(receptionCounts(smtp.messages.slice(start)).get(targets[0]!.email)).toBe(1);
  });
});
