import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import type { TestContext } from './context.ts';
import { openWithSmtp } from './email-bulk-support.ts';
import { configureSmtp, createLead } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/*
 * A new email to a lead at any time (issue 25): a lead already emailed takes a second new
 * email (not a follow-up) through the real loopback SMTP server, counted and listed; the
 * daily limit and the suppression list still hold, and the drawer's send check says why.
 */

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;

const ORG = 'acme-send-again';

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-again-pass-Zt42', [
    ORG,
    'globex-send-again',
  ]));
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const sendToLead = (token: string, leadId: string, subject: string, body?: string) =>
  t.request({
    method: 'POST',
    url: `/api/leads/${leadId}/send-mail`,
    token,
    payload: { subject, body: body ?? `<p>Hello, this is about ${subject}.</p>` },
  });

const sendCheck = (token: string, leadId: string) =>
  t.request({ method: 'GET', url: `/api/leads/${leadId}/send-check`, token });

const delivered = (subject: string) =>
  smtp.messages.filter((message) => message.raw.toString('utf8').includes(`Subject: ${subject}`));

describe('a new email to a lead already emailed', () => {
  it('sends a second new email with a template, counted and listed as single', async () => {
    const lead = await createLead(t, acme.token, {
      personEmail: 'again@lead.test',
      personFirstName: 'Greta',
      companyName: 'Againworks',
    });
    const first = await sendToLead(acme.token, lead._id, 'First contact');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().lead).toMatchObject({ mailSent: true, sentCount: 1 });

    // The second one starts from a template filled in for the lead, as the composer does.
    const template = await t.request({
      method: 'POST',
      url: '/api/templates',
      token: acme.token,
      payload: {
        name: 'Second touch',
        subject: 'News for {{companyName}}',
        body: '<p>Hi {{firstName}}, we have news for {{companyName}}.</p>',
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const filled = await t.request({
      method: 'POST',
      url: `/api/templates/${template.json()._id}/preview`,
      token: acme.token,
      payload: { leadId: lead._id },
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const { subject, body } = filled.json() as { subject: string; body: string };
    expect(subject).toBe('News for Againworks');

    const second = await sendToLead(acme.token, lead._id, subject, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      message: 'Email sent successfully!',
      lead: { _id: lead._id, mailSent: true, sentCount: 2 },
    });

    const [message] = delivered('News for Againworks');
    expect(message).toBeDefined();
    expect(message!.recipients).toEqual(['again@lead.test']);
    const parsed = await simpleParser(message!.raw);
    // A new email, not a reply in the first one's thread.
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.html).toContain('Hi Greta, we have news for Againworks.');

    const history = await t.request({
      method: 'GET',
      url: `/api/leads/${lead._id}/emails`,
      token: acme.token,
    });
    expect(history.statusCode).toBe(200);
    const sent = (history.json() as { subject: string; via: string; status: string }[]).map(
      ({ subject: s, via, status }) => ({ subject: s, via, status }),
    );
    expect(sent).toEqual([
      { subject: 'News for Againworks', via: 'single', status: 'sent' },
      { subject: 'First contact', via: 'single', status: 'sent' },
    ]);
  });

  it('keeps the daily limit: a second new email past the limit is refused with 429', async () => {
    const { token } = await t.createUser({ role: 'Sales Rep', organizationName: ORG });
    await configureSmtp(t, token, smtp, 1);
    const lead = await createLead(t, acme.token, { personEmail: 'limited@lead.test' });
    expect((await sendToLead(token, lead._id, 'Limited one')).statusCode).toBe(200);
    const again = await sendToLead(token, lead._id, 'Limited two');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toContain('daily limit of 1');
    expect(delivered('Limited two')).toHaveLength(0);
  });

  it('keeps the suppression list: the check says why and the send is refused', async () => {
    const lead = await createLead(t, acme.token, { personEmail: 'stop@blocked.test' });
    expect((await sendToLead(acme.token, lead._id, 'Before blocking')).statusCode).toBe(200);
    expect((await sendCheck(acme.token, lead._id)).json()).toEqual({ suppressed: null });

    const added = await t.request({
      method: 'POST',
      url: '/api/suppression',
      token: acme.token,
      payload: { entries: ['@blocked.test'] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const check = await sendCheck(acme.token, lead._id);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      suppressed:
        'stop@blocked.test is on the suppression list (its domain @blocked.test): it cannot be emailed',
    });
    const refused = await sendToLead(acme.token, lead._id, 'After blocking');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(check.json().suppressed);
    expect(delivered('After blocking')).toHaveLength(0);
  });

  it('answers the check only for a lead of the organisation, to those who may send', async () => {
    const lead = await createLead(t, acme.token, { personEmail: 'checked@lead.test' });
    expect((await sendCheck(globex.token, lead._id)).statusCode).toBe(404);
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { leadsTable: true, sendEmailPage: false },
    });
    expect((await sendCheck(token, lead._id)).statusCode).toBe(403);
    const malformed = await sendCheck(acme.token, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
  });
});
