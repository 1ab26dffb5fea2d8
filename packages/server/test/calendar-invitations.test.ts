import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { mailAccounts, sentEmails } from '../src/db/schema.ts';
import { meetings } from '../src/db/tables/calendar.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, configureSmtp } from './fixtures.ts';
import { REJECTED_PREFIX, freePort, startSmtpServer } from './mail-servers.ts';
import type { ReceivedMessage, TestSmtpServer } from './mail-servers.ts';
import { meetingPayload, schedule } from './calendar-fixtures.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
let rep: { token: string; id: string };

const ORG = 'acme-invitations';

const configure = (token: string, dailyLimit?: number) => configureSmtp(t, token, smtp, dailyLimit);

const calendarRep = async (dailyLimit?: number) => {
  const { user, token } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    name: 'Rita Rep',
    permissions: { calendar: true, sendEmailPage: true, configureEmail: true },
  });
  await configure(token, dailyLimit);
  return { token, id: user._id };
};

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-invite-pass-7Hq2' }),
  ]);
  acme = await adminOf(t, ORG);
  rep = await calendarRep();
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

/** A MIME part: its headers (lower-cased names), content type, parameters, decoded body, parts. */
type Part = {
  headers: Record<string, string>;
  type: string;
  params: Record<string, string>;
  body: Buffer;
  parts: Part[];
};

const decodeBody = (encoding: string, body: string): Buffer => {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'latin1');
};

/** A small MIME reader: enough to see the message's structure as a mail client does. */
const parseMime = (raw: string): Part => {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const [type = 'text/plain', ...rest] = (headers['content-type'] ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const [key, ...value] = param.split('=');
    if (key) params[key.trim().toLowerCase()] = value.join('=').trim().replace(/^"|"$/g, '');
  }
  const part: Part = {
    headers,
    type: type.trim().toLowerCase(),
    params,
    body: Buffer.alloc(0),
    parts: [],
  };
  if (part.type.startsWith('multipart/')) {
    const boundary = `--${params.boundary}`;
    const sections = body.split(boundary).slice(1, -1);
    part.parts = sections.map((section) =>
      parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')),
    );
  } else {
    part.body = decodeBody(headers['content-transfer-encoding'] ?? '7bit', body);
  }
  return part;
};

/** What an invitation email carries, read back from the raw message. */
const readInvitation = async (message: ReceivedMessage) => {
  const parsed = await simpleParser(message.raw);
  const raw = message.raw.toString('latin1');
  const root = parseMime(raw);
  expect(root.type).toBe('multipart/mixed');
  const [alternative, attachment] = root.parts;
  expect(alternative!.type).toBe('multipart/alternative');
  expect(alternative!.parts.map((part) => part.type)).toEqual([
    'text/plain',
    'text/html',
    'text/calendar',
  ]);
  const calendarPart = alternative!.parts[2]!;
  expect(attachment!.type).toBe('application/ics');
  expect(attachment!.headers['content-disposition']).toMatch(/^attachment/);
  expect(attachment!.params.name ?? attachment!.headers['content-disposition']).toMatch(
    /invite\.ics/,
  );
  const text = calendarPart.body.toString('utf8');
  // The same object twice: in the alternative and as invite.ics.
  expect(attachment!.body.toString('utf8')).toBe(text);
  // CRLF line endings only, lines of at most 75 octets.
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
  const instant = (name: string) => {
    const time = vevent.getFirstPropertyValue(name) as ICAL.Time;
    time.zone = zone;
    return new Date(time.toUnixTime() * 1000).toISOString();
  };
  return {
    subject: parsed.subject ?? '',
    from: parsed.from?.value[0]
      ? `${parsed.from.value[0].name} <${parsed.from.value[0].address}>`
      : '',
    html: alternative!.parts[1]!.body.toString('utf8'),
    plain: alternative!.parts[0]!.body.toString('utf8'),
    contentType: calendarPart.headers['content-type']!,
    text,
    calendar,
    vevent,
    zone,
    instant,
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
  };
};

/** The messages received after `from` (an index), waiting for `count` of them. */
const received = async (from: number, count: number) => {
  await smtp.waitForMessages(from + count, 15_000);
  return smtp.messages.slice(from);
};

const to = (message: ReceivedMessage) => message.recipients.join(',');

const storedUid = async (id: string) =>
  (await t.database.db.select({ uid: meetings.uid }).from(meetings).where(eq(meetings.id, id)))[0]!
    .uid;

describe('invitations from the organiser SMTP account', () => {
  let meetingId: string;
  let uid: string;

  it('sends each attendee a REQUEST that calendars read field by field', async () => {
    const before = smtp.messages.length;
    const body = await schedule(t, rep.token, {
      topic: 'Quarterly review; numbers, plans',
      description: 'Agenda:\n1. Numbers\n2. Next steps, owners',
      location: 'Room 4, Building B',
    });
    expect(body.invitationsSent).toBe(2);
    expect(body).not.toHaveProperty('notice');
    meetingId = body.meeting._id;
    uid = await storedUid(meetingId);
    expect(body.meeting.invitations).toEqual([
      expect.objectContaining({ email: 'grace@client.test', status: 'sent' }),
      expect.objectContaining({ email: 'alan@client.test', status: 'sent' }),
    ]);

    const messages = await received(before, 2);
    expect(messages.map(to)).toEqual(['grace@client.test', 'alan@client.test']);
    for (const message of messages) {
      expect(message.from).toBe(smtp.user);
      const invitation = await readInvitation(message);
      expect(invitation.subject).toBe(
        'Invitation: Quarterly review; numbers, plans @ Wed, 12 Mar 2031 10:00 – 11:00 (Europe/Berlin)',
      );
      expect(invitation.from).toBe(`Rita Rep <${smtp.user}>`);
      expect(invitation.contentType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST$/i);
      expect(invitation.plain).toContain('Rita Rep');
      expect(invitation.plain).toContain('Quarterly review; numbers, plans');
      expect(invitation.html).toContain('Room 4, Building B');

      expect(invitation.method).toBe('REQUEST');
      expect(invitation.calendar.getFirstPropertyValue('version')).toBe('2.0');
      expect(invitation.uid).toBe(uid);
      expect(uid).toMatch(/^[0-9a-f-]{36}@example\.com$/);
      expect(invitation.sequence).toBe(0);
      expect(invitation.status).toBe('CONFIRMED');
      expect(invitation.vevent.getFirstPropertyValue('summary')).toBe(
        'Quarterly review; numbers, plans',
      );
      expect(invitation.vevent.getFirstPropertyValue('description')).toBe(
        'Agenda:\n1. Numbers\n2. Next steps, owners',
      );
      expect(invitation.vevent.getFirstPropertyValue('location')).toBe('Room 4, Building B');
      expect(invitation.text).toContain('DTSTART;TZID=Europe/Berlin:20310312T100000\r\n');
      expect(invitation.text).toContain('DTEND;TZID=Europe/Berlin:20310312T110000\r\n');
      expect(invitation.instant('dtstart')).toBe('2031-03-12T09:00:00.000Z');
      expect(invitation.instant('dtend')).toBe('2031-03-12T10:00:00.000Z');
      expect(invitation.text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
      // The organiser's zone with its real 2031 rules (last Sundays of March and October).
      expect(invitation.zone.tzid).toBe('Europe/Berlin');
      expect(invitation.text).toContain(
        'BEGIN:DAYLIGHT\r\nDTSTART:20310330T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n',
      );
      expect(invitation.text).toContain(
        'BEGIN:STANDARD\r\nDTSTART:20311026T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n',
      );
      const organizer = invitation.vevent.getFirstProperty('organizer')!;
      expect(organizer.getFirstValue()).toBe(`mailto:${smtp.user}`);
      expect(organizer.getParameter('cn')).toBe('Rita Rep');
      expect(invitation.attendees).toEqual(['mailto:grace@client.test', 'mailto:alan@client.test']);
      for (const attendee of invitation.vevent.getAllProperties('attendee')) {
        expect(attendee.getParameter('rsvp')).toBe('TRUE');
        expect(attendee.getParameter('partstat')).toBe('NEEDS-ACTION');
      }
    }

    const rows = await t.database.db
      .select()
      .from(sentEmails)
      .where(and(eq(sentEmails.kind, 'invitation'), eq(sentEmails.userId, rep.id)));
    expect(rows.map((row) => [row.to, row.status])).toEqual([
      ['grace@client.test', 'sent'],
      ['alan@client.test', 'sent'],
    ]);
    const activity = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${meetingId}`,
      token: acme.token,
    });
    expect(activity.json().map((entry: { action: string }) => entry.action)).toEqual([
      'invitations sent',
      'scheduled',
    ]);
    expect(activity.json()[0].details).toBe(
      'Invitation for Meeting "Quarterly review; numbers, plans" sent to grace@client.test, alan@client.test',
    );
  });

  it('sends an update with the same UID and a higher SEQUENCE, and cancels removed attendees', async () => {
    const before = smtp.messages.length;
    const response = await t.request({
      method: 'PUT',
      url: `/api/calendar/${meetingId}`,
      token: rep.token,
      payload: meetingPayload({
        topic: 'Quarterly review; numbers, plans',
        startTime: '15:00',
        endTime: '16:30',
        attendees: ['grace@client.test', 'ada@client.test'],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Meeting updated successfully',
      invitationsSent: 3,
      meeting: { sequence: 1, attendees: ['grace@client.test', 'ada@client.test'] },
    });
    const messages = await received(before, 3);
    expect(messages.map(to)).toEqual(['grace@client.test', 'ada@client.test', 'alan@client.test']);
    const [grace, ada, alan] = await Promise.all(messages.map(readInvitation));
    for (const update of [grace!, ada!]) {
      expect(update.method).toBe('REQUEST');
      expect(update.uid).toBe(uid);
      expect(update.sequence).toBe(1);
      expect(update.subject).toMatch(/^Updated invitation: /);
      expect(update.instant('dtstart')).toBe('2031-03-12T14:00:00.000Z');
      expect(update.instant('dtend')).toBe('2031-03-12T15:30:00.000Z');
      expect(update.attendees).toEqual(['mailto:grace@client.test', 'mailto:ada@client.test']);
    }
    expect(alan!.method).toBe('CANCEL');
    expect(alan!.contentType).toMatch(/method=CANCEL$/i);
    expect(alan!.uid).toBe(uid);
    expect(alan!.sequence).toBe(1);
    expect(alan!.status).toBe('CANCELLED');
    expect(alan!.attendees).toEqual(['mailto:alan@client.test']);
    expect(alan!.subject).toMatch(/^Cancelled: /);
  });

  it('resends the current version to every attendee', async () => {
    const before = smtp.messages.length;
    const response = await t.request({
      method: 'POST',
      url: `/api/calendar/${meetingId}/resend`,
      token: rep.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Invitations sent to grace@client.test, ada@client.test',
      invitationsSent: 2,
    });
    const messages = await Promise.all((await received(before, 2)).map(readInvitation));
    expect(messages.map((m) => [m.method, m.uid, m.sequence])).toEqual([
      ['REQUEST', uid, 1],
      ['REQUEST', uid, 1],
    ]);
  });

  it('an administrator changes the meeting: the organiser account still sends it', async () => {
    const before = smtp.messages.length;
    const response = await t.request({
      method: 'PUT',
      url: `/api/calendar/${meetingId}`,
      token: acme.token,
      payload: meetingPayload({
        topic: 'Quarterly review (moved by the admin)',
        startTime: '15:00',
        endTime: '16:30',
        attendees: ['grace@client.test', 'ada@client.test'],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const messages = await Promise.all((await received(before, 2)).map(readInvitation));
    expect(messages.map((m) => m.sequence)).toEqual([2, 2]);
    expect(messages[0]!.from).toBe(`Rita Rep <${smtp.user}>`);
    const rows = await t.database.db
      .select({ userId: sentEmails.userId })
      .from(sentEmails)
      .where(eq(sentEmails.subject, messages[0]!.subject));
    expect(rows.map((row) => row.userId)).toEqual([rep.id, rep.id]);
  });

  it('deleting sends METHOD:CANCEL with a higher SEQUENCE to everyone invited', async () => {
    const before = smtp.messages.length;
    const response = await t.request({
      method: 'DELETE',
      url: `/api/calendar/${meetingId}`,
      token: rep.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Meeting deleted successfully',
      invitationsSent: 2,
    });
    const messages = await Promise.all((await received(before, 2)).map(readInvitation));
    for (const message of messages) {
      expect(message.method).toBe('CANCEL');
      expect(message.status).toBe('CANCELLED');
      expect(message.uid).toBe(uid);
      expect(message.sequence).toBe(3);
    }
    const gone = await t.request({
      method: 'GET',
      url: `/api/calendar/${meetingId}`,
      token: rep.token,
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('limits and failures', () => {
  it('counts invitations against the daily limit: the rest wait, Resend answers 429', async () => {
    const limited = await calendarRep(3);
    const before = smtp.messages.length;
    const attendees = [
      'one@client.test',
      'two@client.test',
      'three@client.test',
      'four@client.test',
      'five@client.test',
    ];
    const body = await schedule(t, limited.token, { topic: 'Big kickoff', attendees });
    expect(body.invitationsSent).toBe(3);
    expect(body.notice).toBe(
      '2 of 5 invitations were not sent: You have reached your daily limit of 3 emails. Try again tomorrow.',
    );
    expect(body.meeting.invitations.map((i) => i.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'pending',
      'pending',
    ]);
    expect(body.meeting.invitations[3]!.error).toMatch(/daily limit/);
    await received(before, 3);

    const resend = await t.request({
      method: 'POST',
      url: `/api/calendar/${body.meeting._id}/resend`,
      token: limited.token,
    });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().message).toMatch(/daily limit/);
    // One limit for every path: a plain email is refused too.
    const email = await t.request({
      method: 'POST',
      url: '/api/email/send',
      token: limited.token,
      payload: { to: 'x@client.test', subject: 'Hello there', body: '<p>Just checking in.</p>' },
    });
    expect(email.statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before + 3);
  });

  it('a refused attendee fails alone; an unreachable server leaves the rest pending', async () => {
    const sender = await calendarRep();
    const before = smtp.messages.length;
    const body = await schedule(t, sender.token, {
      topic: 'Partner sync',
      attendees: [`${REJECTED_PREFIX}@client.test`, 'kate@client.test'],
    });
    expect(body.invitationsSent).toBe(1);
    expect(body.notice).toMatch(/^1 of 2 invitations were not sent: The mail server refused/);
    expect(body.meeting.invitations.map((i) => i.status)).toEqual(['failed', 'sent']);
    expect((await received(before, 1)).map(to)).toEqual(['kate@client.test']);

    await t.database.db
      .update(mailAccounts)
      .set({ smtpPort: await freePort() })
      .where(eq(mailAccounts.userId, sender.id));
    const resend = await t.request({
      method: 'POST',
      url: `/api/calendar/${body.meeting._id}/resend`,
      token: sender.token,
    });
    expect(resend.statusCode).toBe(502);
    expect(resend.json().message).toMatch(
      /^No invitations were sent: Could not reach the mail server/,
    );
    const after = await t.request({
      method: 'GET',
      url: `/api/calendar/${body.meeting._id}`,
      token: sender.token,
    });
    expect(after.json().invitations.map((i: { status: string }) => i.status)).toEqual([
      'failed',
      'pending',
    ]);
  });
});
