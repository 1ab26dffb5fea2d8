import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailDeadlineError, MailLoginError, explainSendFailure } from '../src/mail/errors.ts';
import { openInbox, verifyImapLogin, withInboxSession } from '../src/mail/imap.ts';
import {
  createPooledSmtpTransport,
  createSmtpTransport,
  verifySmtpLogin,
} from '../src/mail/smtp.ts';
import type { SmtpAccount } from '../src/mail/smtp.ts';
import { sendRuleWebhook } from '../src/modules/automation/actions.ts';
import type { EventRow } from '../src/modules/events/dispatch.ts';
import { createSystemMailer } from '../src/modules/system-mail/mailer.ts';
import { WEBHOOK_TIMEOUT_MS, postEvent } from '../src/modules/webhooks/post.ts';
import { startImapServer, startSmtpServer } from './mail-servers.ts';
import type { TestImapServer, TestSmtpServer } from './mail-servers.ts';

/**
 * Every exchange with a peer a user chose ends within its deadline, whatever the peer sends
 * meanwhile: peers on 127.0.0.1 that say nothing, or trickle a little now and then (which no
 * idle timer notices), cost at most the deadline, after which the connection is gone. The
 * deadlines are shortened here (each function takes them), except the webhooks' 10 s, which is
 * measured as it is.
 */

/**
 * A TCP server on 127.0.0.1 that runs `behave` for each connection, and notes when each
 * connection was closed (by the client: the server itself never closes one).
 */
const startPeer = async (behave: (socket: net.Socket) => void) => {
  const sockets = new Set<net.Socket>();
  const closedAt: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      closedAt.push(Date.now());
    });
    behave(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    closedAt,
    /** Calls `write` every `ms` while the socket is open. */
    drip: (socket: net.Socket, ms: number, write: () => void) => {
      const timer = setInterval(() => {
        if (socket.destroyed) clearInterval(timer);
        else write();
      }, ms);
      timers.add(timer);
      socket.on('close', () => clearInterval(timer));
    },
    open: () => sockets.size,
    stop: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
};
type Peer = Awaited<ReturnType<typeof startPeer>>;

/** How long `work` took to settle, and how. */
const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  try {
    return { value: await work(), error: undefined, ms: Date.now() - started };
  } catch (error) {
    return { value: undefined, error, ms: Date.now() - started };
  }
};

/** Time for the peer to see the connection closed after a deadline, and for the test's clocks. */
const MARGIN_MS = 1500;

/** The peer had every connection closed within MARGIN_MS of `by` (Date.now() at the deadline). */
const expectHungUp = async (peer: Peer, by: number) => {
  const until = by + MARGIN_MS;
  while (peer.open() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  expect(peer.open()).toBe(0);
  expect(peer.closedAt.length).toBeGreaterThan(0);
};

describe('webhook POSTs: one deadline for the whole exchange', () => {
  let receiver: Peer;
  beforeAll(async () => {
    // Answers 200 with its headers at once, then one byte of a 1000-byte body every second.
    receiver = await startPeer((socket) => {
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n');
        receiver.drip(socket, 1000, () => socket.write('.'));
      });
    });
  });
  afterAll(() => receiver?.stop());

  it('cuts off a receiver that answers 200 and then drips its body (shortened deadline)', async () => {
    const { value, ms } = await timed(() =>
      postEvent({
        url: `http://127.0.0.1:${receiver.port}/hook`,
        body: '{"id":"e1"}',
        eventId: 'e1',
        timeoutMs: 3000,
      }),
    );
    expect(value).toMatchObject({
      ok: false,
      status: null,
      error: 'No complete answer within 3 s',
    });
    expect(ms).toBeGreaterThanOrEqual(2900);
    expect(ms).toBeLessThan(3000 + MARGIN_MS);
    await expectHungUp(receiver, Date.now());
  });

  it('gives webhooks and rule webhooks the user guide’s 10 s, dripping or not', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const url = `http://127.0.0.1:${receiver.port}/rule`;
    const event = {
      id: '00000000-0000-4000-8000-0000000000e2',
      type: 'lead.updated',
      organizationId: '00000000-0000-4000-8000-0000000000a1',
      occurredAt: new Date(),
      data: {},
    } as unknown as EventRow;
    const [webhook, rule] = await Promise.all([
      timed(() => postEvent({ url, body: '{}', eventId: 'e2' })),
      timed(() => sendRuleWebhook(event, { id: 'r1', name: 'Drip rule' }, url)),
    ]);
    expect(webhook.value).toMatchObject({ ok: false, error: 'No complete answer within 10 s' });
    expect(webhook.ms).toBeLessThan(10_000 + MARGIN_MS);
    expect((rule.error as Error).message).toBe(
      `Webhook to ${url} failed: No complete answer within 10 s`,
    );
    expect(rule.ms).toBeLessThan(10_000 + MARGIN_MS);
    await expectHungUp(receiver, Date.now());
  }, 20_000);
});

const DEADLINES = { commandMs: 1500, sessionMs: 60_000 };

const accountOf = (port: number): SmtpAccount => ({
  host: '127.0.0.1',
  port,
  secure: false,
  user: 'rep@mail.test',
  pass: 'deadline-pass-31',
});

const MESSAGE = {
  from: 'rep@mail.test',
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'Hello from the deadline test.',
};

/**
 * A fake SMTP server that answers like a real one (greeting, EHLO, MAIL, RCPT, DATA) but never
 * answers the end of a message's data.
 */
const answerUntilData = (socket: net.Socket) => {
  socket.write('220 stall.test ESMTP\r\n');
  let inData = false;
  socket.on('data', (chunk: Buffer) => {
    if (inData) return;
    for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-stall.test\r\n250 8BITMIME\r\n');
      else if (verb === 'DATA') {
        socket.write('354 go ahead\r\n');
        inData = true;
        return;
      } else socket.write('250 OK\r\n');
    }
  });
};

describe('SMTP: per-step and per-session deadlines', () => {
  let silent: Peer;
  let dripping: Peer;
  let stalling: Peer;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    [silent, dripping, stalling, smtp] = await Promise.all([
      startPeer(() => undefined),
      // A greeting that never ends: a 220- continuation line every half second.
      startPeer((socket) => dripping.drip(socket, 500, () => socket.write('220-still here\r\n'))),
      startPeer(answerUntilData),
      startSmtpServer({ user: 'rep@mail.test', password: 'deadline-pass-31' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([silent?.stop(), dripping?.stop(), stalling?.stop(), smtp?.stop()]);
  });

  it('fails a login check at a silent or dripping server within the step deadline', async () => {
    for (const peer of [silent, dripping]) {
      const { error, ms } = await timed(() => verifySmtpLogin(accountOf(peer.port), DEADLINES));
      expect(error).toBeInstanceOf(MailLoginError);
      expect((error as Error).message).toBe(
        'The SMTP server did not finish the connection and login within 1.5 seconds, so Leadline hung up. Check the SMTP host and port, or try again later.',
      );
      expect(ms).toBeLessThan(1500 + MARGIN_MS);
      await expectHungUp(peer, Date.now());
    }
  });

  it('fails a send to a silent or dripping server, or one that never answers its data', async () => {
    for (const peer of [silent, dripping, stalling]) {
      const transport = createSmtpTransport(accountOf(peer.port), 10, DEADLINES);
      // A single send sets a connection up (one step) and hands the message over (another).
      const { error, ms } = await timed(() => transport.sendMail(MESSAGE));
      transport.close();
      expect(error).toBeInstanceOf(MailDeadlineError);
      const account = { protocol: 'SMTP' as const, ...accountOf(peer.port) };
      expect(explainSendFailure(account, error)).toMatch(
        /^The mail server did not take the message within 3(\.\d)? seconds, so Leadline hung up\. Try again later\.$/,
      );
      expect(ms).toBeLessThan(2 * 1500 + MARGIN_MS);
      await expectHungUp(peer, Date.now());
    }
  });

  it('fails a pooled message the server never answers, and hangs up', async () => {
    const transport = createPooledSmtpTransport(accountOf(stalling.port), 10, DEADLINES);
    const { error, ms } = await timed(() => transport.sendMail(MESSAGE));
    transport.close();
    expect(error).toBeInstanceOf(MailDeadlineError);
    expect(ms).toBeLessThan(2 * 1500 + MARGIN_MS);
    await expectHungUp(stalling, Date.now());
  });

  it('gives the system mail (SYSTEM_SMTP_URL) a deadline too', async () => {
    for (const peer of [silent, dripping, stalling]) {
      const mailer = createSystemMailer(
        { url: `smtp://127.0.0.1:${peer.port}`, from: 'noreply@leadline.test' },
        2000,
      );
      const { error, ms } = await timed(() =>
        mailer.send({ to: 'ada@example.com', subject: 'Reset', text: 'A link' }),
      );
      expect(error).toBeInstanceOf(MailDeadlineError);
      expect((error as Error).message).toBe(
        'The mail server did not take the message within 2 seconds, so Leadline hung up. Try again later.',
      );
      expect(ms).toBeLessThan(2000 + MARGIN_MS);
      await expectHungUp(peer, Date.now());
    }
  });

  it('reconnects a pooled run when its session deadline would pass, rather than failing', async () => {
    const transport = createPooledSmtpTransport(accountOf(smtp.port), 10, {
      commandMs: 2000,
      sessionMs: 6000,
    });
    try {
      const before = smtp.logins.length;
      await transport.sendMail({ ...MESSAGE, subject: 'one' });
      await transport.sendMail({ ...MESSAGE, subject: 'two' });
      // Both on the first connection: one login.
      expect(smtp.logins.length).toBe(before + 1);
      // Less than a message's step (2 s) is left of the session: the next one goes over a new one.
      await new Promise((resolve) => setTimeout(resolve, 4500));
      await transport.sendMail({ ...MESSAGE, subject: 'three' });
      expect(smtp.logins.length).toBe(before + 2);
      const subjects = (await smtp.waitForMessages(3)).map((m) => m.raw.toString('utf8'));
      for (const subject of ['one', 'two', 'three'])
        expect(subjects.some((raw) => raw.includes(`Subject: ${subject}`))).toBe(true);
    } finally {
      transport.close();
    }
  });
});

/** A fake IMAP server: greets, answers CAPABILITY and LOGIN, then drips on `dripOn` commands. */
const fakeImap = (peer: () => Peer, dripOn: readonly string[]) => (socket: net.Socket) => {
  socket.write('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] fake ready\r\n');
  let buffered = '';
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    const lines = buffered.split('\r\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [tag, command = ''] = line.split(' ');
      const verb = command.toUpperCase();
      if (dripOn.includes(verb)) {
        // Busy, busy: an untagged line every half second, never the command's completion.
        peer().drip(socket, 500, () => socket.write('* OK still working\r\n'));
        return;
      }
      if (verb === 'CAPABILITY') socket.write('* CAPABILITY IMAP4rev1 AUTH=PLAIN\r\n');
      if (verb === 'LOGOUT') socket.write('* BYE\r\n');
      socket.write(`${tag} OK done\r\n`);
    }
  });
};

describe('IMAP: per-step and per-session deadlines', () => {
  let silent: Peer;
  let drippingLogin: Peer;
  let drippingInbox: Peer;
  let dovecot: TestImapServer;
  beforeAll(async () => {
    [silent, drippingLogin, drippingInbox, dovecot] = await Promise.all([
      startPeer(() => undefined),
      startPeer(fakeImap(() => drippingLogin, ['LOGIN', 'AUTHENTICATE'])),
      startPeer(fakeImap(() => drippingInbox, ['EXAMINE', 'SELECT'])),
      startImapServer({ user: 'rep@mail.test', password: 'imap-deadline-pass-7' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([
      silent?.stop(),
      drippingLogin?.stop(),
      drippingInbox?.stop(),
      dovecot?.stop(),
    ]);
  });

  const imapAccount = (port: number) => ({ ...accountOf(port), pass: 'imap-deadline-pass-7' });

  it('fails a login check at a silent or dripping server within the step deadline', async () => {
    for (const peer of [silent, drippingLogin]) {
      const { error, ms } = await timed(() => verifyImapLogin(imapAccount(peer.port), DEADLINES));
      expect(error).toBeInstanceOf(MailLoginError);
      expect((error as Error).message).toBe(
        'The IMAP server did not finish the connection and login within 1.5 seconds, so Leadline hung up. Check the IMAP host and port, or try again later.',
      );
      expect(ms).toBeLessThan(1500 + MARGIN_MS);
      await expectHungUp(peer, Date.now());
    }
  });

  it('ends an inbox session whose server stops completing commands', async () => {
    const { error, ms } = await timed(() =>
      withInboxSession(imapAccount(drippingInbox.port), async () => 'read', DEADLINES),
    );
    expect(error).toBeInstanceOf(MailDeadlineError);
    expect((error as Error).message).toBe(
      'The IMAP server did not answer within 1.5 seconds, so Leadline hung up. Try again later.',
    );
    // Logging in is quick here; opening INBOX has its step, logging out (cut short) another.
    expect(ms).toBeLessThan(2 * 1500 + MARGIN_MS);
    await expectHungUp(drippingInbox, Date.now());
  });

  it('ends a session that outlasts its deadline, each command answered in time', async () => {
    const account = { ...accountOf(dovecot.port), user: dovecot.user, pass: dovecot.password };
    let noops = 0;
    const { error, ms } = await timed(() =>
      openInbox(
        account,
        async (client) => {
          for (;;) {
            await client.noop();
            noops += 1;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        },
        { commandMs: 5000, sessionMs: 3000 },
      ),
    );
    expect(noops).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(MailDeadlineError);
    expect((error as Error).message).toBe(
      'The IMAP session did not finish within 3 seconds, so Leadline hung up. Try again later.',
    );
    expect(ms).toBeLessThan(3000 + MARGIN_MS);
  });
});
