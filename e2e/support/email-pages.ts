import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { visible } from './pages.ts';

export type Mailbox = {
  host: string;
  port: number;
  user: string;
  password: string;
  /** Every message accepted, parsed, with its envelope recipients (bcc included). */
  messages: (ParsedMail & { recipients: string[] })[];
  /** Holds every message open (the SMTP transaction waits) until `release`. */
  hold: () => void;
  release: () => void;
  /** Waits until `count` messages have arrived, polling (no fixed sleeps). */
  waitFor: (count: number, timeoutMs?: number) => Promise<Mailbox['messages']>;
  stop: () => Promise<void>;
};

/**
 * An SMTP server on loopback for the browser tests: one account (PLAIN or LOGIN over the
 * plain connection), every message parsed, and a gate that keeps messages waiting so a bulk
 * run can be watched while it runs.
 */
export const startMailbox = async (user = 'rep@mail.test', password = 'right-password') => {
  const messages: Mailbox['messages'] = [];
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth: (auth, _session, done) =>
      auth.username === user && auth.password === password
        ? done(null, { user })
        : done(Object.assign(new Error('Authentication failed'), { responseCode: 535 })),
    onData: (stream, session, done) => {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      void simpleParser(stream).then(async (mail) => {
        if (gate) await gate.promise;
        messages.push(Object.assign(mail, { recipients }));
        done();
      }, done);
    },
  });
  server.on('error', () => undefined);
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const mailbox: Mailbox = {
    host: '127.0.0.1',
    port,
    user,
    password,
    messages,
    hold: () => {
      let open = () => {};
      const promise = new Promise<void>((resolve) => (open = resolve));
      gate = { promise, open };
    },
    release: () => {
      gate?.open();
      gate = null;
    },
    waitFor: async (count, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return messages;
    },
    stop: () => {
      mailbox.release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return mailbox;
};

/** The composer's rich-text Message field. */
export const messageEditor = (page: Page) => page.getByRole('textbox', { name: 'Message' });

/** Replaces the message with `text` (select all, then type). */
export const writeMessage = async (page: Page, text: string) => {
  const editor = messageEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await editor.pressSequentially(text);
};

/** Fills the mail settings form that is open and saves it. */
export const fillMailSettings = async (
  page: Page,
  settings: { host: string; port: number; user: string; pass: string; secure?: boolean },
) => {
  await page.getByLabel(/^Host/).fill(settings.host);
  await page.getByLabel(/^Port/).fill(String(settings.port));
  await page.getByLabel(/^Username/).fill(settings.user);
  await page.getByLabel(/^Password/).fill(settings.pass);
  await page.getByLabel('Use SSL/TLS').setChecked(settings.secure ?? false);
};

/** The first button whose accessible name matches, once it can be clicked. */
export const clickButton = async (page: Page, name: string | RegExp) => {
  const button = page.getByRole('button', { name, exact: typeof name === 'string' });
  await visible(button);
  await button.first().click();
};
