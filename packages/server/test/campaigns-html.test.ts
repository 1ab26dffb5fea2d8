import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { campaigns } from '../src/db/tables/campaigns.ts';
import { createTestContext, uniqueEmail } from './context.ts';
import type { TestContext } from './context.ts';
import { createCampaign, getCampaign, sendCampaign } from './campaigns-support.ts';
import { configureSmtp, insertLeads, organizationIdOf } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';

const ORG = 'acme-campaign-html';
const HOSTILE =
  '<p>Hi <strong>{{firstName}}</strong>, <a href="javascript:alert(1)">our plan</a>' +
  ' and <a href="https://example.test/plan?for={{firstName}}">the page</a>.</p>' +
  '<script>alert("body")</script><img src="x" onerror="alert(2)">' +
  '<p onclick="alert(3)" style="color: red">Bye</p>';
const HOSTILE_STEP = '<p>Still there, {{firstName}}?</p><iframe src="https://evil.test"></iframe>';

let t: TestContext;
let smtp: TestSmtpServer;
let token: string;
let organizationId: string;

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'campaign-html-pass-3Kq' }),
  ]);
  ({ token } = await t.createUser({ role: 'Admin', organizationName: ORG }));
  organizationId = await organizationIdOf(t.database.db, ORG);
  await configureSmtp(t, token, smtp);
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** Nothing that could run: no script, frame, event handler or javascript: link. */
const expectHarmless = (html: string) => {
  expect(html).not.toMatch(/<script|<iframe|onerror|onclick|javascript:/i);
};

describe('campaign bodies in HTML', { timeout: 120_000 }, () => {
  it('stores hostile HTML cleaned (formatting and placeholders kept) and sends it clean', async () => {
    const [lead] = await insertLeads(t.database.db, organizationId, [
      { personFirstName: 'Ada', personEmail: uniqueEmail('campaign-html') },
    ]);
    const created = await createCampaign(t, token, {
      emailSubject: 'Plan for {{firstName}}',
      emailBody: HOSTILE,
      leads: [lead!],
      followUps: [{ delayDays: 2, body: HOSTILE_STEP }],
    });
    const stored = await getCampaign(t, token, created._id);
    expectHarmless(stored.emailBody);
    expectHarmless(stored.followUps[0]!.body);
    expect(stored.emailBody).toContain('<strong>{{firstName}}</strong>');
    expect(stored.emailBody).toContain('href="https://example.test/plan?for={{firstName}}"');
    expect(stored.emailBody).toContain('style="color:red"');
    expect(stored.followUps[0]!.body).toBe('<p>Still there, {{firstName}}?</p>');

    // A body that reached the table some other way is cleaned again on its way out.
    await t.database.db
      .update(campaigns)
      .set({ emailBody: HOSTILE })
      .where(eq(campaigns.id, created._id));

    expect((await sendCampaign(t, token, created._id)).statusCode).toBe(200);
    await waitFor(
      () => getCampaign(t, token, created._id),
      (c) => c.counts.sent === 1,
    );
    const raw = smtp.messages.find((m) => m.recipients.some((to) => to.includes('campaign-html')));
    const mail = await simpleParser(raw!.raw);
    const html = String(mail.html);
    expectHarmless(html);
    expect(html).toContain('<strong>Ada</strong>');
    expect(html).toContain('https://example.test/plan?for=Ada');
    expect(mail.text).toContain('Hi Ada, our plan');
  });

  it('keeps a plain-text body as written (it is sent as paragraphs)', async () => {
    const body = 'Hi {{firstName}},\n\n2 < 3 & so on.';
    const plain = await createCampaign(t, token, { emailBody: body });
    expect((await getCampaign(t, token, plain._id)).emailBody).toBe(body);
  });
});
