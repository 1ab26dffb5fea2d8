import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ImapFlow } from 'imapflow';
import { companyPagePath } from '@leadline/shared/companies';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { axeFindings } from '../support/axe.ts';
import { DESKTOP, launchBrowser, newPage, snapOnFailure, snapSizes } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, toast, visible } from '../support/pages.ts';

/** The server tests' mail servers (packages/server/test/mail-servers.ts), loaded at run time. */
type MailServer = { host: string; port: number; user: string; password: string };
type SmtpServer = MailServer & {
  messages: { recipients: string[]; raw: Buffer }[];
  waitForMessages: (count: number, timeoutMs?: number) => Promise<{ raw: Buffer }[]>;
  stop: () => Promise<void>;
};
type ImapServer = MailServer & { stop: () => Promise<void> };
type MailServers = {
  startImapServer: (options?: { password?: string }) => Promise<ImapServer>;
  startSmtpServer: (options?: { password?: string }) => Promise<SmtpServer>;
  appendToInbox: (mailbox: MailServer, messages: readonly string[]) => Promise<number[]>;
  asMailboxOwner: <T>(mailbox: MailServer, work: (client: ImapFlow) => Promise<T>) => Promise<T>;
};
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;

const ROOT = { email: 'root@conversations.test', password: PASSWORD };
const ADMIN = 'admin@conversations.test';
const LENA = { first: 'Lena', last: 'Fischer', email: 'lena.fischer@example.net' };
const SUBJECT = 'Shorter delivery routes';
const ANSWER = 'Yes, a call on Tuesday suits me. Could you send the price list first?';
const ANSWER_ID = '<answer-1@example.net>';
const SECOND = 'One more thing: could we move the call to Monday?';
const SECOND_ID = '<answer-2@example.net>';
const NEWSLETTER = 'Spring newsletter';
const NOT_A_LEAD = /^Not part of a lead's conversation/;

let server: RunningServer;
let imap: ImapServer;
let smtp: SmtpServer;
let servers: MailServers;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let leadId: string;
let sentMessageId: string;

type ConversationJson = { messages: { direction: string; subject: string }[] };

/** A header of a raw message (unfolded), or '' when it has none. */
const headerOf = (raw: Buffer | string, name: string): string => {
  const head = raw
    .toString()
    .split(/\r?\n\r?\n/)[0]!
    .replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((entry) => entry.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
};

/** A plain-text email as a mail client sends it. */
const mailFrom = (from: string, subject: string, id: string, text: string, parent?: string) =>
  [
    `From: ${from}`,
    `To: ${imap.user}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${id}`,
    ...(parent ? [`In-Reply-To: ${parent}`, `References: ${parent}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');

const LENA_FROM = `${LENA.first} ${LENA.last} <${LENA.email}>`;

/** The lead's answer as its mail client sends it: threaded under the email it answers. */
const answerTo = (messageId: string) =>
  mailFrom(LENA_FROM, `Re: ${SUBJECT}`, ANSWER_ID, ANSWER, messageId);

beforeAll(async () => {
  servers = (await import(MAIL_SERVERS)) as MailServers;
  [imap, smtp] = await Promise.all([
    servers.startImapServer({ password: 'e2e-conversation-imap-4Rt' }),
    servers.startSmtpServer({ password: 'e2e-conversation-smtp-8Wz' }),
  ]);
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  const rootToken = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    {
      name: 'Cora Conversation',
      email: ADMIN,
      password: PASSWORD,
      role: 'Admin',
      organizationName: 'conversations-e2e',
    },
    rootToken,
  );
  token = await signinToken(server, ADMIN, PASSWORD);
  const settings = (mail: MailServer) => ({
    host: mail.host,
    port: mail.port,
    secure: false,
    user: mail.user,
    pass: mail.password,
  });
  await postApi(server, '/api/email/config', { smtp: settings(smtp), imap: settings(imap) }, token);
  const created = await postApi(
    server,
    '/api/leads',
    {
      companyName: 'Fischer Logistics',
      personFirstName: LENA.first,
      personLastName: LENA.last,
      personEmail: LENA.email,
      source: 'Referral',
    },
    token,
  );
  leadId = created._id as string;

  // The first email, sent from the app; the lead answers it from her mail client.
  await postApi(
    server,
    `/api/leads/${leadId}/send-mail`,
    { subject: SUBJECT, body: '<p>Hi Lena, would a short call about your routes suit you?</p>' },
    token,
  );
  const [first] = await smtp.waitForMessages(1);
  sentMessageId = headerOf(first!.raw, 'message-id');
  expect(sentMessageId).toMatch(/^<.+@.+>$/);
  // Dates in mail have whole seconds: the answer comes a second later, as a person's would.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await servers.appendToInbox(imap, [answerTo(sentMessageId)]);
  // Reading the inbox checks it for replies.
  await callApi(server, '/api/email/inbox', { token });
  const answers = async () => {
    const conversation = (await callApi(server, `/api/leads/${leadId}/conversation`, {
      token,
    })) as unknown as ConversationJson;
    return conversation.messages.filter((message) => message.direction === 'in').length;
  };
  const deadline = Date.now() + 30_000;
  while ((await answers()) === 0) {
    if (Date.now() > deadline) throw new Error('the answer was not read');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await imap?.stop();
  await smtp?.stop();
});

const snapAll = (name: string) => snapSizes(page, name);

/** What each email in the mailbox's Sent folder answers, as the rep's mail client shows it. */
const sentInReplyTo = () =>
  servers.asMailboxOwner(imap, async (client) => {
    const lock = await client.getMailboxLock('Sent', { readOnly: true });
    try {
      const found = await client.fetchAll('1:*', { envelope: true });
      return found.map((message) => message.envelope?.inReplyTo ?? '');
    } finally {
      lock.release();
    }
  });

/** axe-core finds nothing serious on the page as it is. */
const noAxeFindings = async () => expect(await axeFindings(page)).toEqual([]);

const nav = () => page.getByRole('navigation', { name: 'Main' });
const count = () => nav().getByTestId('needs-reply-count');

describe('conversations in the browser', () => {
  snapOnFailure(() => page);

  it('counts the answer in the navigation and lists it under Needs reply', async () => {
    await visible(count());
    expect(await count().textContent()).toBe('1');
    await nav()
      .getByRole('link', { name: /^Needs reply/ })
      .click();
    await page.waitForURL('**/conversations');
    const row = page.getByTestId('needs-reply-row').filter({ hasText: 'Lena Fischer' });
    await visible(row);
    await visible(row.getByText('Fischer Logistics'));
    await visible(row.getByText(`Re: ${SUBJECT}`));
    await visible(row.getByText(/^Replied /));
    await visible(row.getByText('1 unread'));
    // An Admin with the Inbox permission may look at the team's too.
    const scope = page.getByRole('radiogroup', { name: 'Whose conversations' });
    await visible(scope);
    await scope.getByText('Team', { exact: true }).click();
    await visible(page.getByTestId('needs-reply-row').filter({ hasText: 'Lena Fischer' }));
    await scope.getByText('Mine', { exact: true }).click();
    await noAxeFindings();
    await snapAll('conversations-needs-reply');
    expect(errors).toEqual([]);
  });

  it('opens the lead on its Conversation tab, the answer marked New and open', async () => {
    await page.getByTestId('needs-reply-row').filter({ hasText: 'Lena Fischer' }).click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByRole('tab', { name: 'Conversation', selected: true }));
    const thread = drawer.getByRole('region', { name: `Thread: ${SUBJECT}` });
    await visible(thread.getByText('2 messages'));
    const messages = thread.getByTestId('conversation-message');
    expect(await messages.count()).toBe(2);
    const answer = messages.nth(1);
    await visible(answer.getByText(`${LENA.first} ${LENA.last} <${LENA.email}>`));
    await visible(answer.getByText('New', { exact: true }));
    await visible(answer.getByText('Reply', { exact: true }));
    // The newest message is open: its whole text.
    await visible(answer.getByTestId('message-text').getByText(ANSWER));
    // The email sent opens in the sandboxed frame.
    const sent = messages.nth(0);
    await visible(sent.getByText('Sent by us'));
    await sent.getByRole('button', { expanded: false }).first().click();
    const frame = sent.frameLocator('iframe[data-testid="email-frame"]');
    await visible(frame.getByText(/would a short call about your routes suit you/));
    // Opening the tab read the answer (the list behind the drawer says so); it still waits.
    const row = page.getByTestId('needs-reply-row').filter({ hasText: 'Lena Fischer' });
    await expect.poll(() => row.getByText('1 unread').count(), { timeout: 10_000 }).toBe(0);
    expect(await count().textContent()).toBe('1');
    await noAxeFindings();
    await snapAll('conversations-tab');
    expect(errors).toEqual([]);
  });

  it('replies with a merge field: sent threaded, kept in Sent, nothing waits any more', async () => {
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Reply', exact: true }).click();
    const composer = drawer.getByRole('form', { name: 'Reply' });
    await visible(composer);
    expect(await composer.getByLabel('Subject').inputValue()).toBe(`Re: ${SUBJECT}`);
    await visible(
      composer.getByText(`Replying to ${LENA.first} ${LENA.last} <${LENA.email}>`, {
        exact: false,
      }),
    );
    // Checked before sending: each problem under its field.
    await composer.getByLabel('CC').fill('not-an-address');
    await composer.getByRole('button', { name: 'Send reply' }).click();
    await visible(composer.getByText(/^Message must be at least/));
    await visible(composer.getByText(/not-an-address/));
    expect(smtp.messages).toHaveLength(1);
    await composer.getByLabel('CC').fill('');
    await composer.getByLabel('Attachments').setInputFiles({
      name: 'price-list.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Route A: 120 EUR\nRoute B: 90 EUR\n'),
    });
    await visible(composer.getByText(/^price-list\.txt/));
    await composer.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Thanks {{firstName}}, the price list follows today.');
    await noAxeFindings();
    await snapAll('conversations-reply');
    await composer.getByRole('button', { name: 'Send reply' }).click();
    await toast(page, 'Reply sent');
    expect(errors).toEqual([]);

    const [, reply] = await smtp.waitForMessages(2);
    const raw = reply!.raw.toString();
    expect(headerOf(raw, 'in-reply-to')).toBe(ANSWER_ID);
    expect(headerOf(raw, 'references')).toContain(ANSWER_ID);
    expect(headerOf(raw, 'subject')).toBe(`Re: ${SUBJECT}`);
    expect(raw).toContain('Thanks Lena, the price list follows today.');
    expect(raw).not.toContain('{{firstName}}');
    // Sent as multipart with its attachment.
    expect(raw).toMatch(/filename="?price-list\.txt/);

    // The mailbox's Sent folder holds it, as the rep's own mail client shows it.
    const inSent = await sentInReplyTo();
    expect(inSent).toEqual([ANSWER_ID]);

    // The conversation shows the reply; nothing waits for an answer any more.
    const thread = drawer.getByRole('region', { name: `Thread: ${SUBJECT}` });
    await visible(thread.getByText('3 messages'));
    await expect.poll(() => count().count(), { timeout: 10_000 }).toBe(0);
    await page.keyboard.press('Escape');
    await visible(page.getByText('You are all caught up: no lead is waiting for your answer.'));
    await snapAll('conversations-replied');
    expect(errors).toEqual([]);
  });

  it('answers the lead from the Inbox: sent threaded, kept in Sent, in the conversation', async () => {
    // Lena writes again; a newsletter comes too (no lead's: nothing to answer here).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await servers.appendToInbox(imap, [
      mailFrom(LENA_FROM, `Re: ${SUBJECT}`, SECOND_ID, SECOND, ANSWER_ID),
      mailFrom('News <news@letters.example>', NEWSLETTER, '<news-1@letters.example>', 'Hello.'),
    ]);
    await nav().getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.waitForURL('**/inbox');
    const row = (subject: string) =>
      page.getByRole('list', { name: 'Emails' }).getByRole('button').filter({ hasText: subject });
    const preview = page.getByRole('region', { name: 'Email preview' });
    // Reading the inbox checks it for replies: Lena's second answer joins her conversation.
    await visible(row(NEWSLETTER));
    await row(NEWSLETTER).click();
    await visible(preview.getByText(NOT_A_LEAD));
    expect(await preview.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(0);
    const reply = preview.getByRole('button', { name: 'Reply', exact: true });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          await row(SECOND.slice(0, 20)).click();
          await visible(preview.getByText(SECOND));
          return reply.count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    await reply.click();
    const composer = preview.getByRole('form', { name: 'Reply' });
    await visible(composer);
    expect(await composer.getByLabel('Subject').inputValue()).toBe(`Re: ${SUBJECT}`);
    await composer.getByRole('textbox', { name: 'Message' }).click();
    await page.keyboard.type('Monday works, {{firstName}}. Talk then.');
    await noAxeFindings();
    await snapAll('conversations-inbox-reply');
    await composer.getByRole('button', { name: 'Send reply' }).click();
    await toast(page, 'Reply sent');
    await visible(preview.getByText("Reply sent: it is in the lead's conversation."));
    expect(errors).toEqual([]);

    const [, , sent] = await smtp.waitForMessages(3);
    const raw = sent!.raw.toString();
    expect(headerOf(raw, 'in-reply-to')).toBe(SECOND_ID);
    expect(headerOf(raw, 'references')).toContain(SECOND_ID);
    expect(raw).toContain('Monday works, Lena. Talk then.');
    const inSent = await sentInReplyTo();
    expect(inSent).toEqual([ANSWER_ID, SECOND_ID]);

    // The conversation, opened from the Inbox, ends with the reply.
    await preview.getByRole('button', { name: 'Open conversation' }).click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByRole('tab', { name: 'Conversation', selected: true }));
    const thread = drawer.getByRole('region', { name: `Thread: ${SUBJECT}` });
    await visible(thread.getByText('5 messages'));
    await visible(thread.getByTestId('conversation-message').last().getByText('Sent by us'));
    await noAxeFindings();
    await snapAll('conversations-inbox-replied');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it("shows the company's conversations, each message with its lead, opening the lead's", async () => {
    // Jonas, Lena's colleague at the same company, gets an email too.
    const jonas = await postApi(
      server,
      '/api/leads',
      {
        companyName: 'Fischer Logistics',
        personFirstName: 'Jonas',
        personLastName: 'Weber',
        personEmail: 'jonas.weber@example.net',
        source: 'Referral',
      },
      token,
    );
    await postApi(
      server,
      `/api/leads/${jonas._id as string}/send-mail`,
      { subject: 'Warehouse slots', body: '<p>Hi Jonas, shall we plan the spring slots?</p>' },
      token,
    );
    await page.goto(companyPagePath('name:fischer logistics'));
    const section = page.getByRole('region', { name: 'Conversations' });
    const items = section.getByTestId('company-conversation-message');
    await visible(items.last().getByText('Warehouse slots'));
    // Oldest first: Lena's thread, then the email to Jonas, each named with its lead.
    expect(await items.count()).toBe(6);
    await visible(items.first().getByRole('button', { name: 'Lena Fischer' }));
    await visible(items.nth(1).getByText(`From ${LENA.first} ${LENA.last}`, { exact: false }));
    await visible(items.nth(1).getByText(ANSWER));
    await visible(items.last().getByRole('button', { name: 'Jonas Weber' }));
    await visible(items.last().getByText(/^Sent by us/));
    await noAxeFindings();
    await snapAll('conversations-company');
    await items.nth(1).getByRole('button', { name: 'Lena Fischer' }).click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByRole('tab', { name: 'Conversation', selected: true }));
    await visible(
      drawer.getByRole('region', { name: `Thread: ${SUBJECT}` }).getByText('5 messages'),
    );
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });
});
