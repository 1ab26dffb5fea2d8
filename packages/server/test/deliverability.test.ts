import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { readAutoReply } from '../src/modules/deliverability/auto-reply.ts';
import { readBounce } from '../src/modules/deliverability/bounce.ts';
import { classifyIncoming } from '../src/modules/deliverability/incoming.ts';
import { htmlToText } from '../src/mail/message.ts';

const raw = (name: string) => readFileSync(new URL(`./fixtures/mail/${name}.eml`, import.meta.url));

/** A sample as the inbox check parses it (mailparser's defaults). */
const sample = (name: string) => simpleParser(raw(name));

/** The same sample with the delivery-status part kept apart, as an attachment. */
const keptApart = (name: string) => simpleParser(raw(name), { keepDeliveryStatus: true });

/** Only the notice's words: no delivery-status fields, no returned message. */
const wordsOnly = async (name: string): Promise<ParsedMail> => ({
  ...(await keptApart(name)),
  attachments: [],
});

/** A plain-text message with the given headers (Date and Subject have defaults). */
const mail = (headers: Record<string, string>, body = 'Thanks for your email.') =>
  simpleParser(
    [
      ...Object.entries({
        Date: 'Thu, 25 Feb 2027 10:14:31 +0100',
        From: 'Ines Vogt <ines.vogt@example.net>',
        To: 'Anna Berg <anna.berg@acme.example.com>',
        Subject: 'Re: Shorter delivery routes for Keller Logistik',
        ...headers,
      }).map(([name, value]) => `${name}: ${value}`),
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ].join('\r\n'),
  );

/** An out-of-office note sent at `date` saying `body`. */
const outOfOffice = (body: string, date = 'Thu, 25 Feb 2027 10:14:31 +0100') =>
  mail({ Date: date, Subject: 'Out of Office: Shorter delivery routes' }, body);

describe('readBounce: delivery reports', () => {
  it('reads a failed recipient, its status and the returned Message-ID, skipping delivered ones', async () => {
    const expected = {
      kind: 'hard',
      recipients: ['tom.keller@example.net'],
      status: '5.1.1',
      diagnostic: '550 5.1.1 <tom.keller@example.net>... User unknown',
      originalMessageIds: ['<3b1f6c2e-8a47-4d0b-9c1e-5f2a7d9e0b13@acme.example.com>'],
    };
    expect(readBounce(await sample('rfc3464-hard'))).toEqual(expected);
    expect(readBounce(await keptApart('rfc3464-hard'))).toEqual(expected);
  });

  it('reads a delayed report as soft, with the Message-ID from the returned headers only', async () => {
    const expected = {
      kind: 'soft',
      recipients: ['paul.meyer@example.net'],
      status: '4.4.1',
      diagnostic: 'connect to mx.example.net[203.0.113.40]:25: Connection timed out',
      originalMessageIds: ['<a7d2e0f4-1c39-4b8e-8f61-0d4c2b9a7e55@acme.example.com>'],
    };
    expect(readBounce(await sample('rfc3464-delayed'))).toEqual(expected);
    expect(readBounce(await keptApart('rfc3464-delayed'))).toEqual(expected);
  });

  it('is no bounce when every recipient was delivered', async () => {
    const delivered = raw('rfc3464-hard')
      .toString('utf8')
      .replace('Action: failed', 'Action: delivered');
    expect(readBounce(await simpleParser(delivered))).toBeNull();
  });

  it('reads a Gmail report, the diagnostic folded onto one line', async () => {
    const bounce = readBounce(await sample('gmail'));
    expect(bounce).toMatchObject({
      kind: 'hard',
      recipients: ['lena.fischer@example.org'],
      status: '5.1.1',
      originalMessageIds: ['<c41e9b07-2d6a-4f35-b8e0-77a1d3f5e2c9@acme.example.com>'],
    });
    expect(bounce?.diagnostic).toMatch(
      /^550-5\.1\.1 The email account that you tried to reach does not exist\. Please try 550-5\.1\.1 double-checking/,
    );
    expect(bounce?.diagnostic?.length).toBeLessThanOrEqual(300);
  });

  it('reads a Postfix report', async () => {
    expect(readBounce(await sample('postfix'))).toEqual({
      kind: 'hard',
      recipients: ['jan.novak@example.org'],
      status: '5.1.1',
      diagnostic:
        '550 5.1.1 <jan.novak@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      originalMessageIds: ['<9d3c7b21-0e5a-4f8c-b6d2-18a4e7f3c650@acme.example.com>'],
    });
  });
});

describe('readBounce: notices in words', () => {
  it('reads the notices of reports without their delivery-status fields', async () => {
    expect(readBounce(await wordsOnly('rfc3464-hard'))).toMatchObject({
      kind: 'hard',
      recipients: ['tom.keller@example.net'],
      status: '5.1.1',
      diagnostic: '(reason: 550 5.1.1 <tom.keller@example.net>... User unknown)',
    });
    expect(readBounce(await wordsOnly('rfc3464-delayed'))).toMatchObject({
      kind: 'soft',
      recipients: ['paul.meyer@example.net'],
      status: null,
    });
    expect(readBounce(await wordsOnly('postfix'))).toEqual({
      kind: 'hard',
      recipients: ['jan.novak@example.org'],
      status: '5.1.1',
      diagnostic:
        '<jan.novak@example.org>: host mx2.example.org[192.0.2.77] said: 550 5.1.1 <jan.novak@example.org>: Recipient address rejected: User unknown in virtual mailbox table (in reply to RCPT TO command)',
      originalMessageIds: [],
    });
  });

  it('reads a Gmail notice, the original Message-ID from In-Reply-To', async () => {
    expect(readBounce(await wordsOnly('gmail'))).toMatchObject({
      kind: 'hard',
      recipients: ['lena.fischer@example.org'],
      status: '5.1.1',
      originalMessageIds: ['<c41e9b07-2d6a-4f35-b8e0-77a1d3f5e2c9@acme.example.com>'],
    });
  });

  it('reads an Outlook / Exchange "Undeliverable:" notice and its copied headers', async () => {
    expect(readBounce(await sample('outlook'))).toEqual({
      kind: 'hard',
      recipients: ['marta.ruiz@example.org'],
      status: '5.1.10',
      diagnostic:
        "Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'",
      originalMessageIds: ['<0e8d5b3a-6f21-4c7d-a9e4-3b2c1d0f9a88@acme.example.com>'],
    });
  });

  it('reads an Exim notice; a full mailbox is soft even with a 5.x.x code', async () => {
    expect(readBounce(await sample('exim'))).toEqual({
      kind: 'soft',
      recipients: ['sofia.marino@example.net'],
      status: '5.2.2',
      diagnostic: '552 5.2.2 <sofia.marino@example.net>: Mailbox full, quota exceeded',
      originalMessageIds: ['<71b0c9e4-5a3d-4e2f-8c17-6d9a0b3e4f21@acme.example.com>'],
    });
  });

  it('reads a qmail "failure notice"', async () => {
    expect(readBounce(await sample('qmail'))).toEqual({
      kind: 'hard',
      recipients: ['oskar.lind@example.com'],
      status: '5.1.1',
      diagnostic: 'Sorry, no mailbox here by that name. (#5.1.1)',
      originalMessageIds: ['<e25a8f03-4b7c-4d19-9e6a-0c3f1b2d8a47@acme.example.com>'],
    });
  });

  it('tells hard from soft by the words when a notice gives no code', async () => {
    const notice = (body: string) =>
      mail(
        { From: 'MAILER-DAEMON@mail.example.net', Subject: 'Undelivered Mail Returned to Sender' },
        body,
      );
    const unknown = await notice('<kim.ito@example.org>: Host or domain name not found (NXDOMAIN)');
    expect(readBounce(unknown)).toMatchObject({
      kind: 'hard',
      recipients: ['kim.ito@example.org'],
    });
    const full = await notice('<kim.ito@example.org>: the recipient is over quota');
    expect(readBounce(full)).toMatchObject({ kind: 'soft', status: null });
  });
});

describe('readBounce: not bounces', () => {
  it('is null for a person quoting a bounce, however bounce-like the words', async () => {
    expect(readBounce(await sample('human-reply'))).toBeNull();
    const forwarded = await mail(
      { Subject: 'Fwd: Undeliverable: Shorter delivery routes' },
      "Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound'",
    );
    expect(readBounce(forwarded)).toBeNull();
  });

  it('is null for auto-replies, even with an empty Return-Path', async () => {
    for (const name of ['ooo-en', 'ooo-de', 'auto-submitted', 'x-autoreply']) {
      expect(readBounce(await sample(name)), name).toBeNull();
    }
  });

  it('is null for a mail system message that reports no failure', async () => {
    const notice = await mail(
      { From: 'postmaster@example.org', Subject: 'Your mailbox settings were updated' },
      'Your forwarding rule is now active.',
    );
    expect(readBounce(notice)).toBeNull();
  });
});

describe('readAutoReply', () => {
  it('reads out-of-office notes in four languages and the day their writer is back', async () => {
    const expected: Record<string, string> = {
      'ooo-en': '2027-03-08',
      'ooo-de': '2027-03-14',
      'ooo-fr': '2027-03-15',
      'ooo-es': '2027-03-16',
      'ooo-weekday': '2027-03-08',
      'x-autoreply': '2027-04-30',
    };
    for (const [name, returnsOn] of Object.entries(expected)) {
      expect(readAutoReply(await sample(name)), name).toEqual({ autoReply: true, returnsOn });
    }
  });

  it('reads the auto headers alone', async () => {
    expect(readAutoReply(await sample('auto-submitted'))).toEqual({
      autoReply: true,
      returnsOn: null,
    });
    const headerSets: Record<string, string>[] = [
      { 'Auto-Submitted': 'auto-generated' },
      { 'Auto-Submitted': 'auto-replied; owner-email="ines.vogt@example.net"' },
      { 'X-Autoreply': 'yes' },
      { 'X-Autorespond': 'Vacation' },
      { Precedence: 'auto_reply' },
      { Precedence: 'bulk' },
      { Precedence: 'junk' },
    ];
    for (const headers of headerSets) {
      expect(readAutoReply(await mail(headers)).autoReply, JSON.stringify(headers)).toBe(true);
    }
  });

  it('takes a person for a person', async () => {
    expect(readAutoReply(await sample('human-reply'))).toEqual({
      autoReply: false,
      returnsOn: null,
    });
    const headerSets: Record<string, string>[] = [
      { 'Auto-Submitted': 'no' },
      { 'X-Auto-Response-Suppress': 'All' },
      { Precedence: 'list' },
      { Subject: 'Re: Out of office cover for the spring season' },
    ];
    for (const headers of headerSets) {
      expect(readAutoReply(await mail(headers)).autoReply, JSON.stringify(headers)).toBe(false);
    }
  });

  it('knows the out-of-office subjects of the four languages', async () => {
    for (const subject of [
      'Automatic reply: Shorter delivery routes',
      'Auto: Shorter delivery routes',
      'Out of Office AutoReply: Shorter delivery routes',
      '[EXTERNAL] Out of the office',
      'Automatische Antwort: Kürzere Touren',
      'Abwesenheitsnotiz: Kürzere Touren',
      'Réponse automatique : Des tournées plus courtes',
      'Absence du bureau',
      'Respuesta automática: Rutas más cortas',
      'Fuera de la oficina',
    ]) {
      expect(readAutoReply(await mail({ Subject: subject })).autoReply, subject).toBe(true);
    }
  });

  it('reads return dates in the common forms', async () => {
    const cases: [string, string | null][] = [
      ['I am away until 12/03/2027.', '2027-03-12'],
      // Day-first would be 3 December, too far ahead: the month-first reading is meant.
      ['I am away until 03/12/2027.', '2027-03-12'],
      ['Ich bin ab dem 15. März wieder im Büro.', '2027-03-15'],
      ['Je suis de retour le lundi 8 mars.', '2027-03-08'],
      ['Estaré de vacaciones hasta el 16 de marzo de 2027.', '2027-03-16'],
      ['Volveré a partir del 1 de abril.', '2027-04-01'],
      ["I'll be back March 10th, 2027.", '2027-03-10'],
      ['Back on 2027-03-09.', '2027-03-09'],
      // Past, too far ahead, not a return, a time of day: no return date.
      ['I was away until 20.02.2027.', null],
      ['I am on leave until 20 February.', null],
      ['Back on 2027-07-01.', null],
      ['I was at the trade fair on 1 March.', null],
      ['Ich bin heute bis 11.30 Uhr in einem Termin.', null],
    ];
    for (const [body, returnsOn] of cases) {
      expect(readAutoReply(await outOfOffice(body)).returnsOn, body).toBe(returnsOn);
    }
  });

  it('reads a weekday as the next one after the day the note was written there', async () => {
    const note = 'I am travelling and back on Monday.';
    // Sunday evening in California is Monday morning in UTC: Monday is the next day.
    expect(
      readAutoReply(await outOfOffice(note, 'Sun, 28 Feb 2027 23:30:00 -0800')).returnsOn,
    ).toBe('2027-03-01');
    // Written on a Monday, "Monday" is a week later.
    expect(readAutoReply(await outOfOffice(note, 'Mon, 1 Mar 2027 09:00:00 +0100')).returnsOn).toBe(
      '2027-03-08',
    );
    // The form the issue gives, in a year where 3 March is a Monday.
    const early = 'I am out of the office and back on Monday 3 March.';
    expect(
      readAutoReply(await outOfOffice(early, 'Thu, 27 Feb 2025 10:00:00 +0100')).returnsOn,
    ).toBe('2025-03-03');
  });

  it('ignores dates in the quoted original', async () => {
    const note =
      'I am out of the office.\n\n> Would a call on 15 April, back to back with\n> the demo, suit you?';
    expect(readAutoReply(await outOfOffice(note)).returnsOn).toBeNull();
  });
});

describe('hostile text', () => {
  /** 256 KB of one fragment repeated: the shapes that made the old patterns backtrack. */
  const KB_256 = 256 * 1024;
  const fill = (fragment: string) => fragment.repeat(Math.ceil(KB_256 / fragment.length));
  const SHAPES: Record<string, string> = {
    'letters without @': fill('a'),
    'word characters without @': fill('tom.keller-'),
    'a@a. fragments': fill('a@a.'),
    spaces: fill(' '),
    dashes: fill('-'),
    newlines: fill('\n'),
    'spaces and newlines': fill(' \n'),
    '"original message" without newlines': fill('--- original message '),
    digits: fill('4'),
    'status codes': fill('5.1.'),
    'dates and return words': fill('back 12/03/2027 until 14.03. Monday '),
    'quote starts': fill('On Monday wrote '),
  };
  const notice = (body: string) =>
    mail(
      { From: 'MAILER-DAEMON@mx.example.net', Subject: 'Undelivered Mail Returned to Sender' },
      body,
    );

  it('reads a 256 KB bounce notice of every shape to the end', async () => {
    for (const [shape, body] of Object.entries(SHAPES)) {
      const message = await notice(body);
      const bounce = readBounce(message);
      expect(bounce, shape).toMatchObject({ kind: expect.stringMatching(/^(hard|soft)$/) });
      expect(bounce!.recipients.length, shape).toBeLessThanOrEqual(KB_256 / 4);
      expect(classifyIncoming(message).kind, shape).toBe('bounce');
    }
    // The failed address after a long run of name characters is still found.
    const tail = readBounce(await notice(`${fill('a')} <kim.ito@example.org>: 550 5.1.1 unknown`));
    expect(tail?.recipients).toEqual([]);
    const found = readBounce(await notice(`${'a'.repeat(60_000)} kim.ito@example.org 550 5.1.1`));
    expect(found?.recipients).toEqual(['kim.ito@example.org']);
  });

  it('reads a 256 KB out-of-office answer of every shape to the end', async () => {
    for (const [shape, body] of Object.entries(SHAPES)) {
      const message = await outOfOffice(`I am away.\n${body}`);
      const auto = readAutoReply(message);
      expect(auto.autoReply, shape).toBe(true);
      expect(classifyIncoming(message), shape).toEqual({
        kind: 'auto-reply',
        returnsOn: auto.returnsOn,
      });
    }
    const dated = await outOfOffice(`${fill(' ')}\nI am back on 8 March.`);
    expect(readAutoReply(dated).returnsOn).toBeNull();
    expect(readAutoReply(await outOfOffice(`I am back on 8 March.${fill('-')}`)).returnsOn).toBe(
      '2027-03-08',
    );
  });

  it('turns 256 KB of hostile HTML into text', () => {
    expect(htmlToText(fill('<li'))).toBe(fill('<li'));
    expect(htmlToText(fill('<head '))).toBe(fill('<head ').trim());
    expect(htmlToText(fill('<script>'))).toBe('');
    // As before: list items become dashes first, then an unclosed `<` is kept as text.
    expect(htmlToText(`<p>Hello</p>${fill('<style')}<li>Bye`)).toBe(
      `Hello\n${fill('<style')}- Bye`,
    );
    expect(htmlToText(`<ul><li>One</li>${fill('<li')}`)).toBe(`- One\n${fill('<li')}`);
  });
});
