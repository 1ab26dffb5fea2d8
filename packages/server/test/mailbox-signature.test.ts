import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { sentEmails } from '../src/db/schema.ts';
import type { TestContext } from './context.ts';
import { receivedBy } from './email-bulk-support.ts';
import { configureSmtp } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { bulkToNewLeads, listMailboxes, openMailboxes } from './mailboxes-support.ts';
import type { MailboxesWorld } from './mailboxes-support.ts';
import { smtpSettingsOf } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';

/*
 * A mailbox's own signature (issue 26): saved and cleared through the mailbox routes, and
 * added to every email the mailbox sends, in the text part after "-- " and in the HTML as a
 * <div class="signature">, before the unsubscribe footer of a bulk email. Merge fields are not
 * filled in it; HTML in it is shown as text.
 */

let world: MailboxesWorld;
let t: TestContext;
let office: TestSmtpServer;
let outreach: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
/** acme's default mailbox (no signature) and the one with a signature. */
let plainId: string;
let signedId: string;

const SIGNATURE = 'Rita Ray <Sales> & Co\nCall me, {{firstName}}: +1 555 0100';
const SIGNATURE_HTML =
  '<div class="signature">Rita Ray &lt;Sales&gt; &amp; Co<br>Call me, {{firstName}}: +1 555 0100</div>';
const SIGNATURE_TEXT = `-- \n${SIGNATURE}`;

beforeAll(async () => {
  world = await openMailboxes('signature');
  ({ t, office, outreach, acme, globex } = world);
  await configureSmtp(t, acme.token, office);
});
afterAll(async () => {
  await world?.close();
});

const list = (token: string): Promise<Mailbox[]> => listMailboxes(t, token);

const edit = (id: string, payload: object, token = acme.token) =>
  t.request({ method: 'PUT', url: `/api/email/mailboxes/${id}`, token, payload });

const signatureOf = async (id: string) =>
  (await list(acme.token)).find((mailbox) => mailbox._id === id)?.signature;

const received = async (server: TestSmtpServer, to: string, subject: string) => {
  const messages = await receivedBy(server.messages, to);
  const found = messages.filter((message: ParsedMail) => message.subject === subject);
  expect(found, subject).toHaveLength(1);
  return found[0]!;
};

const storedBody = async (to: string, subject: string) => {
  const [row] = await t.database.db
    .select({ bodyHtml: sentEmails.bodyHtml })
    .from(sentEmails)
    .where(and(eq(sentEmails.to, to), eq(sentEmails.subject, subject)));
  return row?.bodyHtml;
};

describe('saving a mailbox signature', () => {
  it('adds a mailbox with its signature, shown with the mailbox', async () => {
    const added = await t.request({
      method: 'POST',
      url: '/api/email/mailboxes',
      token: acme.token,
      payload: { smtp: smtpSettingsOf(outreach), signature: SIGNATURE },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().mailbox).toMatchObject({ signature: SIGNATURE });
    const [plain, signed] = await list(acme.token);
    expect([plain!.signature, signed!.signature]).toEqual([null, SIGNATURE]);
    [plainId, signedId] = [plain!._id, signed!._id];
  });

  it('changes the signature alone (trimmed, line breaks as \\n), and clears it', async () => {
    const changed = await edit(plainId, { signature: '  Rita\r\nAcme office \r\n' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Mailbox saved',
      mailbox: { signature: 'Rita\nAcme office' },
    });
    // The from-name alone keeps it.
    expect((await edit(plainId, { fromName: 'Rita at Acme' })).statusCode).toBe(200);
    expect(await signatureOf(plainId)).toBe('Rita\nAcme office');

    for (const cleared of ['', '   ', null]) {
      expect((await edit(plainId, { signature: 'Again' })).statusCode).toBe(200);
      const response = await edit(plainId, { signature: cleared });
      expect(response.statusCode, response.body).toBe(200);
      expect(await signatureOf(plainId), String(cleared)).toBeNull();
    }
  });

  it('refuses a signature over 2,000 characters, or not text, with a 400 saying so', async () => {
    const exact = await edit(signedId, { signature: 'x'.repeat(2000) });
    expect(exact.statusCode, exact.body).toBe(200);
    const long = await edit(signedId, { signature: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Signature must be at most 2,000 characters');
    const number = await edit(signedId, { signature: 42 });
    expect(number.statusCode).toBe(400);
    expect(number.json().message).toBe('Signature must be text');
    expect(await signatureOf(signedId)).toBe('x'.repeat(2000));
    expect((await edit(signedId, { signature: SIGNATURE })).statusCode).toBe(200);
  });

  it("answers another organisation's mailbox as unknown, and leaves it as it was", async () => {
    await configureSmtp(t, globex.token, office);
    const [theirs] = await list(globex.token);
    const response = await edit(theirs!._id, { signature: 'Mine now' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Mailbox not found');
    expect((await list(globex.token))[0]!.signature).toBeNull();
  });
});

describe('sending with a signature', () => {
  const send = (to: string, subject: string, mailboxId: string) =>
    t.request({
      method: 'POST',
      url: '/api/email/send',
      token: acme.token,
      payload: { to, subject, body: '<p>About the offer.</p><p>Best</p>', mailboxId },
    });

  it('a single send carries it at the end of the text and HTML parts, and in its record', async () => {
    const response = await send('pat@customer.test', 'Signed single', signedId);
    expect(response.statusCode, response.body).toBe(200);
    const message = await received(outreach, 'pat@customer.test', 'Signed single');
    expect(message.text).toBe(`About the offer.\nBest\n\n${SIGNATURE_TEXT}`);
    expect(message.html).toBe(`<p>About the offer.</p><p>Best</p>${SIGNATURE_HTML}`);
    expect(await storedBody('pat@customer.test', 'Signed single')).toBe(message.html);
  });

  it('a mailbox without one sends the body unchanged', async () => {
    expect(await signatureOf(plainId)).toBeNull();
    const response = await send('pat@customer.test', 'Plain single', plainId);
    expect(response.statusCode, response.body).toBe(200);
    const message = await received(office, 'pat@customer.test', 'Plain single');
    expect(message.text).toBe('About the offer.\nBest');
    expect(message.html).toBe('<p>About the offer.</p><p>Best</p>');
  });

  it('a bulk send signs each email before its unsubscribe footer, merge fields left alone', async () => {
    const job = await bulkToNewLeads(t, acme.token, ['Ana', 'Bo'], 'signed-bulk.test', {
      subject: 'Signed bulk',
      mailboxId: signedId,
    });
    expect(job).toMatchObject({ status: 'completed', sent: 2 });
    for (const name of ['Ana', 'Bo']) {
      const to = `${name.toLowerCase()}@signed-bulk.test`;
      const message = await received(outreach, to, 'Signed bulk');
      const text = message.text!;
      expect(text).toMatch(
        new RegExp(`^Hi ${name},\\nHere is what we can do for your team\\.\\n\\n-- \\n`),
      );
      expect(text).toContain(`${SIGNATURE_TEXT}\n\nDon't want these emails? Unsubscribe: `);
      const html = message.html as string;
      expect(html).toContain(`<p>Hi ${name},</p>`);
      expect(html).toContain(`your team.</p>${SIGNATURE_HTML}<p style=`);
      expect(html.indexOf(SIGNATURE_HTML)).toBeLessThan(html.indexOf("Don't want these emails?"));
      // Inside the body's wrapper, as the footer is.
      expect(html.endsWith('</a></p></div>')).toBe(true);
      expect(await storedBody(to, 'Signed bulk')).toBe(html);
    }
  });

  it('a bulk send from a mailbox without one is unchanged', async () => {
    const job = await bulkToNewLeads(t, acme.token, ['Cy'], 'plain-bulk.test', {
      subject: 'Plain bulk',
      mailboxId: plainId,
    });
    expect(job).toMatchObject({ status: 'completed', sent: 1 });
    const message = await received(office, 'cy@plain-bulk.test', 'Plain bulk');
    expect(message.text).toMatch(
      /^Hi Cy,\nHere is what we can do for your team\.\n\nDon't want these emails\? Unsubscribe: \S+$/,
    );
    expect(message.html).not.toContain('signature');
    expect(message.html).toContain('your team.</p><p style=');
  });
});
