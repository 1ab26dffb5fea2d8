import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { sentEmails } from '../src/db/schema.ts';
import { schedule } from './calendar-fixtures.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, openWithSmtp, receivedBy, runBulk } from './email-bulk-support.ts';
import { createLead, insertLeads } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { REJECTED_PREFIX } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;

beforeAll(async () => {
  ({ t, smtp, acme } = await openWithSmtp('smtp-body-pass-Vb27', [
    'acme-sent-body',
    'globex-sent-body',
  ]));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type HistoryEmail = { _id: string; kind: string; subject: string; bodyHtml: string | null };

const leadEmails = async (leadId: string): Promise<HistoryEmail[]> => {
  const response = await t.request({
    method: 'GET',
    url: `/api/leads/${leadId}/emails`,
    token: acme.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const post = async (url: string, payload: object) => {
  const response = await t.request({ method: 'POST', url, token: acme.token, payload });
  expect(response.statusCode, response.body).toBe(200);
};

/** The HTML the SMTP server received in the last message to `address`. */
const receivedHtml = async (address: string) => {
  const [parsed] = (await receivedBy(smtp.messages, address)).slice(-1);
  return String(parsed!.html);
};

describe('GET /api/leads/:id/emails: the body each email was sent with', () => {
  it('keeps a single email and its follow-up as they were sent', async () => {
    const lead = await createLead(t, acme.token, {
      personEmail: 'iris@body.test',
      personFirstName: 'Iris',
    });
    await post(`/api/leads/${lead._id}/send-mail`, {
      subject: 'Our offer',
      body: '<p>Dear Iris,</p><p>Our <strong>offer</strong> for the spring.</p>',
    });
    const [single] = await leadEmails(lead._id);
    expect(single!.bodyHtml).toContain('Our <strong>offer</strong> for the spring.');
    // What was recorded is what the recipient got.
    expect(await receivedHtml('iris@body.test')).toContain(single!.bodyHtml!);

    const original = (await leadEmails(lead._id))[0]! as HistoryEmail & { messageId: string };
    await post('/api/email/follow-up', {
      to: 'iris@body.test',
      subject: 'Re: Our offer',
      message: 'Hello Iris,\n\nDid the offer reach you?',
      inReplyTo: original.messageId,
      references: original.messageId,
    });
    const [followUp, first] = await leadEmails(lead._id);
    expect(followUp).toMatchObject({ kind: 'sent', via: 'followup', subject: 'Re: Our offer' });
    expect(followUp!.bodyHtml).toContain('Hello Iris,');
    expect(followUp!.bodyHtml).toContain('Did the offer reach you?');
    expect(await receivedHtml('iris@body.test')).toContain('Did the offer reach you?');
    expect(first!.bodyHtml).toBe(single!.bodyHtml);
  });

  it('keeps each bulk email personalised, in one statement per batch as before', async () => {
    // Enough leads for several windows: after the first, a window is reserved in one statement.
    const names = Array.from({ length: 40 }, (_, i) => `Lena${i}`);
    const rows = names.map((name) => ({
      personFirstName: name,
      personEmail: `${name.toLowerCase()}@bulk-body.test`,
    }));
    const ids = await insertLeads(t.database.db, acme.organizationId, rows);
    const job = await runBulk(
      t,
      acme.token,
      bulkPayload(ids, { body: '<p>Hi {{firstName}},</p><p>A plan for your team.</p>' }),
    );
    expect(job).toMatchObject({ status: 'completed', sent: 40 });
    const stored = await t.database.db
      .select({ leadId: sentEmails.leadId, bodyHtml: sentEmails.bodyHtml })
      .from(sentEmails)
      .where(inArray(sentEmails.leadId, ids));
    expect(stored).toHaveLength(40);
    for (const [index, id] of ids.entries()) {
      const row = stored.find((entry) => entry.leadId === id)!;
      expect(row.bodyHtml).toContain(`Hi ${names[index]},`);
      // The exact body: the lead's own unsubscribe link included.
      expect(await receivedHtml(rows[index]!.personEmail)).toContain(row.bodyHtml!);
    }
    const [email] = await leadEmails(ids[7]!);
    expect(email).toMatchObject({ kind: 'sent', via: 'bulk', subject: 'Hello Lena7' });
    expect(email!.bodyHtml).toContain('Hi Lena7,');
    expect(email!.bodyHtml).toContain('A plan for your team.');
  });

  it('keeps a meeting invitation as it was sent', async () => {
    const lead = await createLead(t, acme.token, { personEmail: 'milo@body.test' });
    await schedule(t, acme.token, { topic: 'Pricing call', attendees: ['milo@body.test'] });
    const [invitation] = await leadEmails(lead._id);
    expect(invitation).toMatchObject({ kind: 'sent', via: 'invitation' });
    expect(invitation!.bodyHtml).toContain('Pricing call');
    const [parsed] = await receivedBy(smtp.messages, 'milo@body.test');
    expect(String(parsed!.html)).toContain('Pricing call');
  });

  it('answers the body sanitised as the inbox shows mail, and null where none was kept', async () => {
    const lead = await createLead(t, acme.token, { personEmail: 'noor@body.test' });
    await post(`/api/leads/${lead._id}/send-mail`, {
      subject: 'With a picture',
      body: '<p>Our logo, as promised:</p><img src="https://images.example.test/logo.png" alt="Logo">',
    });
    const [sent] = await leadEmails(lead._id);
    // A remote image is held back until the user asks for it.
    expect(sent!.bodyHtml).toContain('data-remote-src="https://images.example.test/logo.png"');
    expect(sent!.bodyHtml).not.toMatch(/\ssrc=/);

    // Whatever a row holds (a body written by an older or another version) is cleaned on the way out.
    await t.database.db
      .update(sentEmails)
      .set({
        bodyHtml:
          '<p onclick="steal()">Hello</p><script>alert(1)</script><style>p{}</style>' +
          '<a href="javascript:alert(1)">link</a><iframe src="https://evil.test"></iframe>' +
          '<p style="background: url(https://evil.test/x)">styled</p>',
      })
      .where(eq(sentEmails.id, sent!._id));
    const [hostile] = await leadEmails(lead._id);
    expect(hostile!.bodyHtml).toContain('Hello');
    expect(hostile!.bodyHtml).toContain('styled');
    for (const bad of ['onclick', '<script', 'alert', '<style', 'javascript:', '<iframe', 'url('])
      expect(hostile!.bodyHtml).not.toContain(bad);

    // An email sent before bodies were kept.
    await t.database.db
      .update(sentEmails)
      .set({ bodyHtml: null })
      .where(eq(sentEmails.id, sent!._id));
    const [older] = await leadEmails(lead._id);
    expect(older).toMatchObject({ _id: sent!._id, subject: 'With a picture', bodyHtml: null });
  });

  it('keeps the body of an email the mail server refused', async () => {
    const address = `${REJECTED_PREFIX}-body@body.test`;
    const lead = await createLead(t, acme.token, { personEmail: address });
    const response = await t.request({
      method: 'POST',
      url: `/api/leads/${lead._id}/send-mail`,
      token: acme.token,
      payload: { subject: 'Refused', body: '<p>This one was refused.</p>' },
    });
    expect(response.statusCode).toBe(502);
    const [failed] = await leadEmails(lead._id);
    expect(failed).toMatchObject({ status: 'failed', subject: 'Refused' });
    expect(failed!.bodyHtml).toContain('This one was refused.');
  });
});
