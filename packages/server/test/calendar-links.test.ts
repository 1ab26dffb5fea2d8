import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { AttendeeOption, LinkedMeetings } from '@leadline/shared/calendar';
import { meetingAttendees } from '../src/db/tables/calendar.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { MISSING_ID, adminOf, clientPayload, configureSmtp, createLead } from './fixtures.ts';
import type { LeadBody } from './fixtures.ts';
import { startSmtpServer } from './mail-servers.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { meetingPayload, schedule } from './calendar-fixtures.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: Awaited<ReturnType<typeof adminOf>>;
let globex: Awaited<ReturnType<typeof adminOf>>;
let rep: { token: string; id: string };
let lead: LeadBody;
let foreignLead: LeadBody;
let clientId: string;

const ORG = 'acme-links';

const linked = async (token: string, query: string): Promise<LinkedMeetings> => {
  const response = await t.request({ method: 'GET', url: `/api/calendar/linked?${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  [t, smtp] = await Promise.all([
    createTestContext(),
    startSmtpServer({ password: 'smtp-links-pass-9Kd3' }),
  ]);
  acme = await adminOf(t, ORG);
  globex = await adminOf(t, 'globex-links');
  const { user, token } = await t.createUser({
    role: 'Sales Rep',
    organizationName: ORG,
    name: 'Rita Rep',
    permissions: { calendar: true, leadsTable: true, configureEmail: true, sendEmailPage: true },
  });
  rep = { token, id: user._id };
  await configureSmtp(t, token, smtp);
  lead = await createLead(t, acme.token, {
    personFirstName: 'Linnea',
    personLastName: 'Lindqvist',
    companyName: 'Fjord AB',
    personEmail: 'Linnea.Lindqvist@fjord.test',
  });
  foreignLead = await createLead(t, globex.token, {
    personFirstName: 'Linnea',
    personLastName: 'Foreign',
    personEmail: 'linnea@globex.test',
  });
  const client = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: acme.token,
    payload: clientPayload({ companyName: 'Lindqvist Holdings', email: 'office@lindqvist.test' }),
  });
  expect(client.statusCode, client.body).toBe(201);
  clientId = client.json().client?._id ?? client.json()._id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

describe('leads and clients as meeting attendees', () => {
  it("offers the organisation's leads and clients by name or email, as the caller may see them", async () => {
    const search = async (token: string, q: string): Promise<AttendeeOption[]> => {
      const response = await t.request({
        method: 'GET',
        url: `/api/calendar/attendee-options?q=${encodeURIComponent(q)}`,
        token,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await search(acme.token, 'lindq')).toEqual([
      {
        kind: 'lead',
        id: lead._id,
        name: 'Linnea Lindqvist',
        email: 'linnea.lindqvist@fjord.test',
        company: 'Fjord AB',
      },
      expect.objectContaining({ kind: 'client', id: clientId, name: 'Lindqvist Holdings' }),
    ]);
    // The rep may open leads but not clients; nobody sees another organisation's.
    expect((await search(rep.token, 'linnea')).map((option) => option.id)).toEqual([lead._id]);
    expect(await search(globex.token, 'lindqvist')).toEqual([]);
    const short = await t.request({
      method: 'GET',
      url: '/api/calendar/attendee-options?q=l',
      token: rep.token,
    });
    expect(short.statusCode).toBe(400);
  });

  it("links a picked lead and invites it at its email over SMTP; the lead's meetings list it", async () => {
    const before = smtp.messages.length;
    const body = await schedule(t, rep.token, {
      topic: 'Fjord kick-off',
      attendees: ['grace@client.test'],
      links: [{ kind: 'lead', id: lead._id.toUpperCase() }],
    });
    expect(body.invitationsSent).toBe(2);
    expect(body.meeting.attendees).toEqual(['linnea.lindqvist@fjord.test', 'grace@client.test']);
    expect(body.meeting.links).toEqual([
      {
        kind: 'lead',
        id: lead._id,
        name: 'Linnea Lindqvist',
        email: 'linnea.lindqvist@fjord.test',
      },
    ]);
    await smtp.waitForMessages(before + 2, 15_000);
    const recipients = smtp.messages.slice(before).map((message) => message.recipients.join(','));
    expect(recipients.sort()).toEqual(['grace@client.test', 'linnea.lindqvist@fjord.test']);
    const invitation = smtp.messages
      .slice(before)
      .find((message) => message.recipients.includes('linnea.lindqvist@fjord.test'))!;
    expect((await simpleParser(invitation.raw)).subject).toMatch(/^Invitation: Fjord kick-off @/);

    const past = await schedule(t, rep.token, {
      topic: 'Intro call',
      date: '2024-02-01',
      attendees: [],
      links: [{ kind: 'lead', id: lead._id }],
    });
    await schedule(t, rep.token, { topic: 'Unlinked', attendees: ['linnea@other.test'] });

    const meetings = await linked(rep.token, `leadId=${lead._id}`);
    expect(meetings.upcoming.map((meeting) => meeting.topic)).toEqual(['Fjord kick-off']);
    expect(meetings.past.map((meeting) => meeting._id)).toEqual([past.meeting._id]);
  });

  it('keeps the link through an edit, and drops it when the lead is taken off', async () => {
    const body = await schedule(t, acme.token, {
      topic: 'Holdings review',
      attendees: [],
      links: [
        { kind: 'client', id: clientId },
        { kind: 'lead', id: lead._id },
      ],
    });
    const id = body.meeting._id;
    expect(body.meeting.links.map((link) => link.kind)).toEqual(['client', 'lead']);
    expect((await linked(acme.token, `clientId=${clientId}`)).upcoming[0]!._id).toBe(id);

    const edited = await t.request({
      method: 'PUT',
      url: `/api/calendar/${id}`,
      token: acme.token,
      payload: meetingPayload({
        topic: 'Holdings review',
        attendees: ['linnea.lindqvist@fjord.test'],
        links: [{ kind: 'client', id: clientId }],
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().meeting.links.map((link: { kind: string }) => link.kind)).toEqual([
      'client',
    ]);
    expect(edited.json().meeting.attendees).toContain('linnea.lindqvist@fjord.test');
    const rows = await t.database.db
      .select()
      .from(meetingAttendees)
      .where(eq(meetingAttendees.meetingId, id));
    expect(rows.find((row) => row.email === 'linnea.lindqvist@fjord.test')?.leadId).toBeNull();
    expect(
      (await linked(acme.token, `leadId=${lead._id}`)).upcoming.some((m) => m._id === id),
    ).toBe(false);
  });

  it("refuses another organisation's lead, an unknown one, and clients without the permission", async () => {
    const post = (token: string, links: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/calendar',
        token,
        payload: { ...meetingPayload({ attendees: [] }), links },
      });
    const foreign = await post(rep.token, [{ kind: 'lead', id: foreignLead._id }]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Attendee lead not found');
    expect((await post(rep.token, [{ kind: 'lead', id: MISSING_ID }])).statusCode).toBe(404);
    const noClients = await post(rep.token, [{ kind: 'client', id: clientId }]);
    expect(noClients.statusCode).toBe(403);
    const malformed = await post(rep.token, [{ kind: 'company', id: 'x' }]);
    expect(malformed.statusCode).toBe(400);
    const foreignList = await t.request({
      method: 'GET',
      url: `/api/calendar/linked?leadId=${foreignLead._id}`,
      token: rep.token,
    });
    expect(foreignList.statusCode).toBe(404);
    const neither = await t.request({
      method: 'GET',
      url: '/api/calendar/linked',
      token: rep.token,
    });
    expect(neither.statusCode).toBe(400);
  });

  it('keeps the meeting when a linked lead is deleted, without the link', async () => {
    const doomed = await createLead(t, acme.token, { personEmail: 'doomed@fjord.test' });
    const body = await schedule(t, acme.token, {
      topic: 'Soon gone',
      attendees: [],
      links: [{ kind: 'lead', id: doomed._id }],
    });
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/leads/${doomed._id}`,
      token: acme.token,
    });
    expect(deleted.statusCode).toBe(200);
    const meeting = await t.request({
      method: 'GET',
      url: `/api/calendar/${body.meeting._id}`,
      token: acme.token,
    });
    expect(meeting.json()).toMatchObject({ attendees: ['doomed@fjord.test'], links: [] });
  });
});
