import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@leadline/shared/calendar';
import type { DashboardResponse } from '@leadline/shared/dashboard';
import { NO_SMTP_CONFIG } from '@leadline/shared/email';
import { seedDemoMeetings } from '../src/seed/demo-meetings.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, adminOf, countActivity, insertLeads } from './fixtures.ts';
import { countMeetings, invitationEmails, meetingPayload, schedule } from './calendar-fixtures.ts';

let t: TestContext;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;
/** A Sales Rep of acme who may use the calendar. */
let rep: string;
/** A Sales Rep of acme without the calendar permission. */
let noCalendar: string;

const ORG = 'acme-calendar';

beforeAll(async () => {
  t = await createTestContext();
  acme = await adminOf(t, ORG);
  globex = await adminOf(t, 'globex-calendar');
  ({ token: rep } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    permissions: { calendar: true, dashboard: true },
  }));
  ({ token: noCalendar } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    permissions: { leadsTable: true },
  }));
});
afterAll(() => t?.close());

const list = async (token: string, query: string): Promise<Meeting[]> => {
  const response = await t.request({ method: 'GET', url: `/api/calendar?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('access', () => {
  it('needs a token, the calendar permission and an organisation', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/calendar?date=2031-03-12' });
    expect(anonymous.statusCode).toBe(401);
    const post = await t.request({
      method: 'POST',
      url: '/api/calendar',
      payload: meetingPayload(),
    });
    expect(post.statusCode).toBe(401);

    for (const [method, url] of [
      ['GET', '/api/calendar?date=2031-03-12'],
      ['POST', '/api/calendar'],
      ['GET', '/api/calendar/activity'],
      ['PUT', `/api/calendar/${MISSING_ID}`],
      ['DELETE', `/api/calendar/${MISSING_ID}`],
      ['POST', `/api/calendar/${MISSING_ID}/resend`],
    ] as const) {
      const response = await t.request({
        method,
        url,
        token: noCalendar,
        payload: meetingPayload(),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        message: 'You do not have permission to access Calendar.',
      });
    }

    const root = await t.request({
      method: 'GET',
      url: '/api/calendar?date=2031-03-12',
      token: await t.rootToken(),
    });
    expect(root.statusCode).toBe(400);
    expect(root.json().message).toBe('Choose an organisation in the header to use the calendar');
  });
});

describe('POST /api/calendar without mail settings', () => {
  it('saves the meeting in the organiser zone and says why no invitation went out', async () => {
    const before = await countActivity(t.database.db);
    const body = await schedule(t, rep, {
      topic: '  Quarterly review  ',
      attendees: 'Grace@Client.test, alan@client.test; grace@client.test',
    });
    expect(body.topic).toBe('Quarterly review');
    expect(body.invitationsSent).toBe(0);
    expect(body.notice).toBe(`No invitations were sent: ${NO_SMTP_CONFIG}`);
    expect(body.meeting).toMatchObject({
      topic: 'Quarterly review',
      date: '2031-03-12',
      startTime: '10:00',
      endTime: '11:00',
      timeZone: 'Europe/Berlin',
      start: '2031-03-12T09:00:00.000Z',
      end: '2031-03-12T10:00:00.000Z',
      location: 'Room 4',
      description: 'Numbers and next steps',
      attendees: ['grace@client.test', 'alan@client.test'],
      organizer: { name: 'Test User' },
      sequence: 0,
      color: 'blue',
    });
    expect(body.meeting.invitations).toEqual([
      {
        email: 'grace@client.test',
        status: 'pending',
        sentAt: null,
        error: NO_SMTP_CONFIG,
        response: 'needs-action',
      },
      {
        email: 'alan@client.test',
        status: 'pending',
        sentAt: null,
        error: NO_SMTP_CONFIG,
        response: 'needs-action',
      },
    ]);
    expect(await invitationEmails(t.database.db)).toEqual([]);
    // One entry: scheduled (no invitations went out).
    expect(await countActivity(t.database.db)).toBe(before + 1);
    const activity = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${body.meeting._id}`,
      token: acme.token,
    });
    expect(activity.json()).toEqual([
      expect.objectContaining({
        type: 'Meeting',
        action: 'scheduled',
        details:
          'Meeting "Quarterly review" scheduled for Wed, 12 Mar 2031 10:00 – 11:00 (Europe/Berlin) with 2 attendees',
      }),
    ]);
    // Resend says the same, with its status, and changes nothing.
    const resend = await t.request({
      method: 'POST',
      url: `/api/calendar/${body.meeting._id}/resend`,
      token: rep,
    });
    expect(resend.statusCode).toBe(400);
    expect(resend.json()).toEqual({ message: `No invitations were sent: ${NO_SMTP_CONFIG}` });
  });

  it('saves a meeting without attendees with no notice', async () => {
    const body = await schedule(t, rep, { attendees: [], topic: 'Planning alone' });
    expect(body).toMatchObject({ topic: 'Planning alone', invitationsSent: 0 });
    expect(body).not.toHaveProperty('notice');
    const resend = await t.request({
      method: 'POST',
      url: `/api/calendar/${body.meeting._id}/resend`,
      token: rep,
    });
    expect(resend.statusCode).toBe(400);
    expect(resend.json().message).toBe('This meeting has no attendees to invite');
  });
});

describe('validation', () => {
  const long = (n: number) => 'x'.repeat(n);
  const cases: [Record<string, unknown>, string, string][] = [
    [{ topic: undefined }, 'topic', 'Meeting title is required'],
    [{ topic: '   ' }, 'topic', 'Meeting title is required'],
    [{ topic: 42 }, 'topic', 'Meeting title is required'],
    [{ topic: long(101) }, 'topic', 'Meeting title must be at most 100 characters'],
    [{ startTime: undefined }, 'startTime', 'Start time is required'],
    [{ startTime: '' }, 'startTime', 'Start time is required'],
    [{ startTime: '25:00' }, 'startTime', 'Start time must be a time (HH:MM)'],
    [{ endTime: undefined }, 'endTime', 'End time is required'],
    [{ endTime: '9am' }, 'endTime', 'End time must be a time (HH:MM)'],
    [{ endTime: '10:00' }, 'endTime', 'End time must be after start time'],
    [{ endTime: '09:30' }, 'endTime', 'End time must be after start time'],
    [{ date: undefined }, 'date', 'Please select a date first'],
    [{ date: '12/03/2031' }, 'date', 'Date must be a date (YYYY-MM-DD)'],
    [{ date: '2031-02-30' }, 'date', 'Date must be a date (YYYY-MM-DD)'],
    [{ location: long(151) }, 'location', 'Location must be at most 150 characters'],
    [{ description: long(501) }, 'description', 'Description must be at most 500 characters'],
    [
      { attendees: 'a@b.test, nope, also bad' },
      'attendees',
      'Invalid email format: nope, also bad',
    ],
    [{ attendees: 5 }, 'attendees', 'Attendees must be a list of email addresses'],
    [
      { attendees: Array.from({ length: 51 }, (_, i) => `guest${i}@client.test`) },
      'attendees',
      'A meeting may have at most 50 attendees',
    ],
    [{ attendees: long(20_000) }, 'attendees', 'A meeting may have at most 50 attendees'],
    [
      { attendees: [`${long(300)}@client.test`] },
      'attendees',
      `Invalid email format: ${long(57)}...`,
    ],
    [
      { timeZone: 'Mars/Olympus_Mons' },
      'timeZone',
      'Time zone must be an IANA time zone such as Europe/Berlin',
    ],
    [{ timeZone: 7 }, 'timeZone', 'Time zone must be an IANA time zone such as Europe/Berlin'],
    [{ topic: long(200_000) }, 'topic', 'Meeting title must be at most 100 characters'],
  ];

  it('answers each rule with its message and saves nothing', async () => {
    const before = await countMeetings(t.database.db);
    for (const [change, field, message] of cases) {
      const response = await t.request({
        method: 'POST',
        url: '/api/calendar',
        token: rep,
        payload: { ...meetingPayload(), ...change },
      });
      expect(response.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      const body = response.json();
      expect(body.errors?.[field], JSON.stringify(change).slice(0, 80)).toBe(message);
      expect(body.message).toBeTruthy();
    }
    for (const payload of ['not json', [], null]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/calendar',
        token: rep,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await countMeetings(t.database.db)).toBe(before);
  });
});

describe('GET /api/calendar', () => {
  let morning: Meeting;
  let lateBerlin: Meeting;
  beforeAll(async () => {
    ({ meeting: morning } = await schedule(t, rep, {
      topic: 'Morning sync',
      date: '2031-05-06',
      startTime: '09:00',
      endTime: '09:30',
      attendees: [],
    }));
    // 23:30 in Berlin is still the 6th in New York, and already the 7th in Tokyo.
    ({ meeting: lateBerlin } = await schedule(t, rep, {
      topic: 'Late call',
      date: '2031-05-06',
      startTime: '23:00',
      endTime: '23:45',
      attendees: [],
    }));
    await schedule(t, globex.token, { topic: 'Globex only', date: '2031-05-06', attendees: [] });
  });

  it("lists the organisation's meetings of a day in the viewer's zone, by start", async () => {
    const berlin = await list(rep, 'date=2031-05-06&timeZone=Europe/Berlin');
    expect(berlin.map((m) => m.topic)).toEqual(['Morning sync', 'Late call']);
    const tokyo = await list(rep, 'date=2031-05-06&timeZone=Asia/Tokyo');
    expect(tokyo.map((m) => m.topic)).toEqual(['Morning sync']);
    const tokyoNext = await list(rep, 'date=2031-05-07&timeZone=Asia/Tokyo');
    expect(tokyoNext.map((m) => m.topic)).toEqual(['Late call']);
    const utc = await list(acme.token, 'date=2031-05-06');
    expect(utc.map((m) => m._id)).toEqual([morning._id, lateBerlin._id]);
    const globexDay = await list(globex.token, 'date=2031-05-06&timeZone=Europe/Berlin');
    expect(globexDay.map((m) => m.topic)).toEqual(['Globex only']);
  });

  it('lists a range and refuses bad queries', async () => {
    const month = await list(rep, 'from=2031-05-01&to=2031-05-31&timeZone=Europe/Berlin');
    expect(month.map((m) => m.topic)).toEqual(['Morning sync', 'Late call']);
    expect(await list(rep, 'from=2031-05-07&to=2031-05-31&timeZone=Europe/Berlin')).toEqual([]);
    for (const [query, message] of [
      ['', 'Give a date, or from and to (YYYY-MM-DD)'],
      ['from=2031-05-01', 'Give a date, or from and to (YYYY-MM-DD)'],
      ['date=2031-13-01', 'date is not a valid date'],
      ['date=31-05-06', 'date must be a date (YYYY-MM-DD)'],
      ['date=2031-02-29', 'date is not a valid date'],
      ['from=2031-05-10&to=2031-05-01', 'to must not be before from'],
      ['from=2031-01-01&to=2032-12-31', 'A range may span at most 400 days'],
      [
        'date=2031-05-06&timeZone=Nowhere/City',
        'Time zone must be an IANA time zone such as Europe/Berlin',
      ],
      [`date=${'9'.repeat(5000)}`, 'date must be a date (YYYY-MM-DD)'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: `/api/calendar?${query}`,
        token: rep,
      });
      expect(response.statusCode, query.slice(0, 60)).toBe(400);
      expect(response.json().message, query.slice(0, 60)).toBe(message);
    }
  });

  it('answers one meeting by id; another organisation gets 404', async () => {
    const own = await t.request({ method: 'GET', url: `/api/calendar/${morning._id}`, token: rep });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual(morning);
    const foreign = await t.request({
      method: 'GET',
      url: `/api/calendar/${morning._id}`,
      token: globex.token,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Meeting not found' });
    const bad = await t.request({ method: 'GET', url: '/api/calendar/not-an-id', token: rep });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid meeting ID' });
  });
});

describe('PUT and DELETE /api/calendar/:id', () => {
  it('changes a meeting: SEQUENCE rises, UID stays, the activity log says what changed', async () => {
    const { meeting } = await schedule(t, rep, { topic: 'Pricing call', attendees: [] });
    const uid = (await t.database.db.query.meetings.findFirst({
      where: (m, { eq }) => eq(m.id, meeting._id),
    }))!.uid;
    const moved = meetingPayload({
      topic: 'Pricing call (moved)',
      startTime: '14:00',
      endTime: '15:30',
      timeZone: 'America/New_York',
      attendees: [],
    });
    const put = () =>
      t.request({ method: 'PUT', url: `/api/calendar/${meeting._id}`, token: rep, payload: moved });
    const response = await put();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      message: 'Meeting updated successfully',
      invitationsSent: 0,
      meeting: {
        topic: 'Pricing call (moved)',
        startTime: '14:00',
        endTime: '15:30',
        timeZone: 'America/New_York',
        start: '2031-03-12T18:00:00.000Z',
        end: '2031-03-12T19:30:00.000Z',
        sequence: 1,
      },
    });
    const stored = await t.database.db.query.meetings.findFirst({
      where: (m, { eq }) => eq(m.id, meeting._id),
    });
    expect(stored!.uid).toBe(uid);
    const activity = await t.request({
      method: 'GET',
      url: `/api/activity?entityId=${meeting._id}&limit=1`,
      token: acme.token,
    });
    expect(activity.json()[0]).toMatchObject({
      type: 'Meeting',
      action: 'updated',
      details: 'Meeting "Pricing call (moved)" updated (title, time)',
    });

    // The same again changes nothing and sends nothing.
    const same = await put();
    expect(same.json()).toMatchObject({ message: 'Nothing changed', meeting: { sequence: 1 } });
  });

  it('lets the organiser and an administrator change a meeting, no other member', async () => {
    const { meeting } = await schedule(t, rep, { topic: 'Rep meeting', attendees: [] });
    const { token: otherRep } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { calendar: true },
    });
    const payload = meetingPayload({ topic: 'Hijacked', attendees: [] });
    for (const [method, url] of [
      ['PUT', `/api/calendar/${meeting._id}`],
      ['DELETE', `/api/calendar/${meeting._id}`],
      ['POST', `/api/calendar/${meeting._id}/resend`],
    ] as const) {
      const response = await t.request({ method, url, token: otherRep, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(
        'Only the organiser or an administrator can change this meeting',
      );
    }
    const byAdmin = await t.request({
      method: 'PUT',
      url: `/api/calendar/${meeting._id}`,
      token: acme.token,
      payload: meetingPayload({ topic: 'Renamed by the admin', attendees: [] }),
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().meeting.organizer.name).toBe('Test User');
  });

  it('refuses foreign, unknown and malformed ids and bad bodies, changing nothing', async () => {
    const { meeting } = await schedule(t, rep, { topic: 'Stays as it is', attendees: [] });
    const activity = await countActivity(t.database.db);
    for (const [method, url, payload, status, message] of [
      ['PUT', `/api/calendar/${meeting._id}`, meetingPayload(), 404, 'Meeting not found'],
      ['DELETE', `/api/calendar/${meeting._id}`, undefined, 404, 'Meeting not found'],
      ['POST', `/api/calendar/${meeting._id}/resend`, undefined, 404, 'Meeting not found'],
      ['PUT', `/api/calendar/${MISSING_ID}`, meetingPayload(), 404, 'Meeting not found'],
      ['DELETE', `/api/calendar/${MISSING_ID}`, undefined, 404, 'Meeting not found'],
      ['PUT', '/api/calendar/1234', meetingPayload(), 400, 'Invalid meeting ID'],
      ['DELETE', `/api/calendar/${'x'.repeat(90)}`, undefined, 400, 'Invalid meeting ID'],
      // Fastify refuses a path parameter over 100 characters before any handler.
      ['DELETE', `/api/calendar/${'x'.repeat(3000)}`, undefined, 414, null],
    ] as const) {
      const response = await t.request({ method, url, token: globex.token, payload });
      expect(response.statusCode, `${method} ${url.slice(0, 60)}`).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    const badBody = await t.request({
      method: 'PUT',
      url: `/api/calendar/${meeting._id}`,
      token: rep,
      payload: { ...meetingPayload(), endTime: '08:00' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors.endTime).toBe('End time must be after start time');
    const after = await list(rep, 'date=2031-03-12&timeZone=Europe/Berlin');
    expect(after.find((m) => m._id === meeting._id)).toMatchObject({
      topic: 'Stays as it is',
      sequence: 0,
    });
    expect(await countActivity(t.database.db)).toBe(activity);
  });

  it('deletes a meeting and logs it', async () => {
    const { meeting } = await schedule(t, rep, { topic: 'Short-lived', attendees: [] });
    const response = await t.request({
      method: 'DELETE',
      url: `/api/calendar/${meeting._id}`,
      token: rep,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Meeting deleted successfully',
      invitationsSent: 0,
    });
    const again = await t.request({
      method: 'DELETE',
      url: `/api/calendar/${meeting._id}`,
      token: rep,
    });
    expect(again.statusCode).toBe(404);
    const feed = await t.request({
      method: 'GET',
      url: '/api/calendar/activity?limit=1',
      token: rep,
    });
    expect(feed.json()).toEqual([
      expect.objectContaining({
        type: 'Meeting',
        action: 'deleted',
        details: 'Meeting "Short-lived" on Wed, 12 Mar 2031 10:00 – 11:00 (Europe/Berlin) deleted',
      }),
    ]);
  });
});

describe('GET /api/calendar/activity and the dashboard', () => {
  it('lists only meeting entries of the organisation', async () => {
    const entries = (await (
      await t.request({ method: 'GET', url: '/api/calendar/activity?limit=50', token: rep })
    ).json()) as { type: string }[];
    expect(entries.length).toBeGreaterThan(3);
    expect(new Set(entries.map((entry) => entry.type))).toEqual(new Set(['Meeting']));
    const globexEntries = (
      await t.request({
        method: 'GET',
        url: '/api/calendar/activity',
        token: globex.token,
      })
    ).json() as { details: string }[];
    expect(globexEntries.map((entry) => entry.details)).toEqual([
      expect.stringContaining('Globex only'),
    ]);
    const bad = await t.request({
      method: 'GET',
      url: '/api/calendar/activity?limit=500',
      token: rep,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts meetings and lists the upcoming ones with their invitation state', async () => {
    const { token } = await adminOf(t, 'dash-calendar');
    const now = new Date();
    const day = (offset: number) =>
      new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await schedule(t, token, { topic: 'Past', date: day(-3), timeZone: 'UTC', attendees: [] });
    await schedule(t, token, { topic: 'Later', date: day(9), timeZone: 'UTC', attendees: [] });
    await schedule(t, token, { topic: 'Sooner', date: day(2), timeZone: 'UTC' });
    const response = await t.request({ method: 'GET', url: '/api/dashboard', token });
    const body = response.json() as DashboardResponse;
    expect(body.counts.meetings).toBe(3);
    expect(body.trends.meetings).toBeNull();
    expect(body.upcomingMeetings).toEqual([
      {
        _id: expect.any(String),
        title: 'Sooner',
        date: `${day(2)}T10:00:00.000Z`,
        status: 'pending',
      },
      {
        _id: expect.any(String),
        title: 'Later',
        date: `${day(9)}T10:00:00.000Z`,
        status: 'scheduled',
      },
    ]);
    expect(body.recentActivities[0]).toMatchObject({ type: 'Meeting', action: 'scheduled' });
  });
});

describe('demo meetings', () => {
  it('adds past and upcoming meetings with several attendees and sends nothing', async () => {
    const demo = await adminOf(t, 'demo-calendar');
    await insertLeads(
      t.database.db,
      demo.organizationId,
      Array.from({ length: 30 }, () => ({})),
    );
    const emailsBefore = (await invitationEmails(t.database.db)).length;
    await seedDemoMeetings(t.database.db, demo.organizationId, demo.user._id);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const all = await list(demo.token, `from=${day(-20)}&to=${day(20)}`);
    expect(all).toHaveLength(12);
    const now = Date.now();
    expect(all.filter((m) => Date.parse(m.end) < now).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((m) => Date.parse(m.start) > now).length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...all.map((m) => m.attendees.length))).toBeGreaterThanOrEqual(3);
    for (const meeting of all) expect(meeting.organizer._id).toBe(demo.user._id);
    // Marked sent as if they went out when planned, the last two left pending for Resend; no
    // email actually leaves.
    const statuses = all.flatMap((meeting) => meeting.invitations.map((i) => i.status));
    expect(statuses.filter((status) => status === 'sent').length).toBeGreaterThan(
      statuses.filter((status) => status === 'pending').length,
    );
    expect(statuses).toContain('pending');
    expect((await invitationEmails(t.database.db)).length).toBe(emailsBefore);
    const dashboard = (
      await t.request({ method: 'GET', url: '/api/dashboard', token: demo.token })
    ).json();
    expect(dashboard.counts.meetings).toBe(12);
    expect(dashboard.upcomingMeetings.length).toBeGreaterThan(0);
  });
});
