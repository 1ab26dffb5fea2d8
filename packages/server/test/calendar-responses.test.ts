import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_RESPONSE } from '@leadline/shared/calendar';
import type { AttendeeResponse, Meeting, MeetingConflict } from '@leadline/shared/calendar';
import { meetings } from '../src/db/tables/calendar.ts';
import { applyCalendarReplies } from '../src/modules/calendar/replies.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, adminOf, latestActivity } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { meetingPayload, schedule } from './calendar-fixtures.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
/** A Sales Rep of acme with the calendar permission (not the organiser of acme's meetings). */
let rep: string;
/** A Sales Rep of acme without the calendar permission. */
let noCalendar: string;

const ORG = 'acme-responses';

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, ORG);
  globex = await adminOf(t, 'globex-responses');
  ({ token: rep } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    permissions: { calendar: true },
  }));
  ({ token: noCalendar } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    permissions: { leadsTable: true },
  }));
});
afterAll(() => t?.close());

const respond = (token: string, id: string, email: string, response: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/calendar/${id}/attendees/${encodeURIComponent(email)}/response`,
    token,
    payload: { response },
  });

const responses = (meeting: Meeting): Record<string, AttendeeResponse> =>
  Object.fromEntries(meeting.invitations.map((i) => [i.email, i.response]));

describe('PUT /api/calendar/:id/attendees/:email/response', () => {
  it('starts at needs-action, records an answer by hand and logs it', async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Answer call' });
    expect(responses(meeting)).toEqual({
      'grace@client.test': 'needs-action',
      'alan@client.test': 'needs-action',
    });
    const answered = await respond(acme.token, meeting._id, 'Grace@Client.test', 'accepted');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(responses(answered.json())).toEqual({
      'grace@client.test': 'accepted',
      'alan@client.test': 'needs-action',
    });
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      type: 'Meeting',
      entityId: meeting._id,
      action: 'response',
      details: 'Meeting "Answer call": grace@client.test set to Accepted',
    });
    // The lists answer the same.
    const listed = await t.request({
      method: 'GET',
      url: `/api/calendar?date=2031-03-12&timeZone=Europe/Berlin`,
      token: acme.token,
    });
    const mine = (listed.json() as Meeting[]).find((m) => m._id === meeting._id)!;
    expect(mine.invitations.map((i) => i.response)).toEqual(['accepted', 'needs-action']);
  });

  it('needs the calendar permission and the organiser (or an administrator)', async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Guarded call' });
    const refused = await respond(noCalendar, meeting._id, 'grace@client.test', 'accepted');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to access Calendar.');
    const notOrganiser = await respond(rep, meeting._id, 'grace@client.test', 'accepted');
    expect(notOrganiser.statusCode).toBe(403);
    expect(notOrganiser.json().message).toBe(
      'Only the organiser or an administrator can change this meeting',
    );
    const anonymous = await t.request({
      method: 'PUT',
      url: `/api/calendar/${meeting._id}/attendees/grace%40client.test/response`,
      payload: { response: 'accepted' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another organisation's meeting, a missing one and an unknown attendee", async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Private call' });
    const foreign = await respond(globex.token, meeting._id, 'grace@client.test', 'declined');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Meeting not found');
    const missing = await respond(acme.token, MISSING_ID, 'grace@client.test', 'declined');
    expect(missing.statusCode).toBe(404);
    const stranger = await respond(acme.token, meeting._id, 'nobody@client.test', 'declined');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe('This meeting has no such attendee');
    const unchanged = await t.request({
      method: 'GET',
      url: `/api/calendar/${meeting._id}`,
      token: acme.token,
    });
    expect(responses(unchanged.json())['grace@client.test']).toBe('needs-action');
  });

  it('answers 400 for a bad value or a bad id', async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Picky call' });
    for (const value of ['maybe', 'ACCEPTED', '', 3, null]) {
      const bad = await respond(acme.token, meeting._id, 'grace@client.test', value);
      expect(bad.statusCode, String(value)).toBe(400);
      expect(bad.json().message).toContain(INVALID_RESPONSE);
    }
    const badId = await respond(acme.token, 'not-an-id', 'grace@client.test', 'accepted');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Invalid meeting ID');
  });

  it('keeps the answers when only the title changes and resets them on a reschedule', async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Moving call' });
    await respond(acme.token, meeting._id, 'grace@client.test', 'accepted');
    await respond(acme.token, meeting._id, 'alan@client.test', 'tentative');
    const put = (overrides: Parameters<typeof meetingPayload>[0]) =>
      t.request({
        method: 'PUT',
        url: `/api/calendar/${meeting._id}`,
        token: acme.token,
        payload: meetingPayload(overrides),
      });
    const renamed = await put({ topic: 'Moving call (renamed)' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(responses(renamed.json().meeting)).toEqual({
      'grace@client.test': 'accepted',
      'alan@client.test': 'tentative',
    });
    const moved = await put({
      topic: 'Moving call (renamed)',
      startTime: '14:00',
      endTime: '15:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().meeting.sequence).toBeGreaterThan(renamed.json().meeting.sequence);
    expect(responses(moved.json().meeting)).toEqual({
      'grace@client.test': 'needs-action',
      'alan@client.test': 'needs-action',
    });
  });
});

describe('GET /api/calendar/conflicts', () => {
  const conflicts = async (token: string, query: string) =>
    t.request({ method: 'GET', url: `/api/calendar/conflicts?${query}`, token });

  it("names the organisation's overlapping meetings in the zone asked about", async () => {
    const on = (token: string, topic: string, startTime: string, endTime: string) =>
      schedule(t, token, { topic, date: '2032-05-10', startTime, endTime });
    const { meeting: first } = await on(acme.token, 'Clash A', '10:00', '11:00');
    await on(acme.token, 'Clash B', '10:30', '12:00');
    await on(acme.token, 'Touching', '09:00', '10:00');
    await on(globex.token, 'Other organisation', '10:00', '11:00');
    const berlin = await conflicts(
      acme.token,
      'date=2032-05-10&startTime=10:15&endTime=10:45&timeZone=Europe/Berlin',
    );
    expect(berlin.statusCode, berlin.body).toBe(200);
    expect(
      (berlin.json() as MeetingConflict[]).map((c) => [c.topic, c.startTime, c.endTime]),
    ).toEqual([
      ['Clash A', '10:00', '11:00'],
      ['Clash B', '10:30', '12:00'],
    ]);
    // The same instants asked in London's wall time (one hour behind), the meeting edited left out.
    const london = await conflicts(
      acme.token,
      `date=2032-05-10&startTime=09:15&endTime=09:45&timeZone=Europe/London&exclude=${first._id}`,
    );
    expect((london.json() as MeetingConflict[]).map((c) => [c.topic, c.startTime])).toEqual([
      ['Clash B', '09:30'],
    ]);
  });

  it('answers 400 for bad times and 403 without the permission', async () => {
    const reversed = await conflicts(
      acme.token,
      'date=2032-05-10&startTime=11:00&endTime=10:00&timeZone=Europe/Berlin',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('End time must be after start time');
    const refused = await conflicts(noCalendar, 'date=2032-05-10&startTime=10:00&endTime=11:00');
    expect(refused.statusCode).toBe(403);
  });
});

describe('calendar replies read by the inbox', () => {
  /** An email from `from` with a text/calendar; method=REPLY part, as calendars send it. */
  const replyMail = (from: string, uid: string, attendee: string, partstat: string, sequence = 0) =>
    simpleParser(
      [
        `From: Someone <${from}>`,
        'To: admin@acme.test',
        'Subject: Accepted: Reply call',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary="b1"',
        '',
        '--b1',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Answered.',
        '--b1',
        'Content-Type: text/calendar; charset=utf-8; method=REPLY',
        '',
        'BEGIN:VCALENDAR',
        'METHOD:REPLY',
        'BEGIN:VEVENT',
        `UID:${uid}`,
        `SEQUENCE:${sequence}`,
        `ATTENDEE;PARTSTAT=${partstat};CN="Some: One"`,
        ` :mailto:${attendee}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '--b1--',
        '',
      ].join('\r\n'),
    );

  it("records the sender's own answer to the organisation's meeting, once", async () => {
    const { meeting } = await schedule(t, acme.token, { topic: 'Reply call' });
    const [row] = await t.database.db
      .select({ uid: meetings.uid })
      .from(meetings)
      .where(eq(meetings.id, meeting._id));
    const db = t.database.db;
    const apply = async (mail: Promise<ParsedMail>, organizationId = acme.organizationId) =>
      applyCalendarReplies(db, organizationId, await mail);
    // Another organisation, a stranger answering for Grace, an unknown UID: nothing changes.
    expect(
      await apply(
        replyMail('grace@client.test', row!.uid, 'grace@client.test', 'ACCEPTED'),
        globex.organizationId,
      ),
    ).toBe(0);
    expect(await apply(replyMail('eve@evil.test', row!.uid, 'grace@client.test', 'ACCEPTED'))).toBe(
      0,
    );
    expect(
      await apply(replyMail('grace@client.test', 'nope@x', 'grace@client.test', 'ACCEPTED')),
    ).toBe(0);
    // Grace's own reply (address case and a folded line as calendars write them).
    expect(
      await apply(replyMail('Grace@Client.test', row!.uid, 'GRACE@client.test', 'DECLINED')),
    ).toBe(1);
    expect(
      await apply(replyMail('grace@client.test', row!.uid, 'grace@client.test', 'DECLINED')),
    ).toBe(0);
    const after = await t.request({
      method: 'GET',
      url: `/api/calendar/${meeting._id}`,
      token: acme.token,
    });
    expect(responses(after.json())['grace@client.test']).toBe('declined');
    expect(await latestActivity(db, acme.organizationId)).toMatchObject({
      action: 'response',
      details: 'Meeting "Reply call": grace@client.test answered Declined (calendar reply)',
    });
  });
});
