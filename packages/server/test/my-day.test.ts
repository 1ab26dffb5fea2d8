import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MyDay } from '@leadline/shared/dashboard';
import { clients, leads, organizations, sentEmails } from '../src/db/schema.ts';
import { emailReplies } from '../src/db/tables/email-jobs.ts';
import { tasks } from '../src/db/tables/integrations.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { adminOf, insertLeads } from './fixtures.ts';
import { schedule } from './calendar-fixtures.ts';

let t: TestContext;
const ORG = 'myday-acme';
const OTHER = 'myday-globex';
// UTC+14 and UTC-11: 25 hours apart, so "today" is never the same day in both.
const EAST = 'Pacific/Kiritimati';
const WEST = 'Pacific/Pago_Pago';

/** Today (or that many days from it) as YYYY-MM-DD in `timeZone`. */
const dayIn = (timeZone: string, days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + days * 86_400_000));

const myDay = async (token: string, timeZone = 'UTC'): Promise<MyDay> => {
  const response = await t.request({
    method: 'GET',
    url: `/api/dashboard/my-day?timeZone=${encodeURIComponent(timeZone)}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

type Person = { token: string; id: string; email: string };
let admin: Awaited<ReturnType<typeof adminOf>>;
let other: Awaited<ReturnType<typeof adminOf>>;
let rep: Person;
let colleague: Person;

const repOf = async (name: string, organizationName = ORG): Promise<Person> => {
  const { user, token } = await t.createUser({
    role: 'Sales Rep',
    organizationName,
    name,
    permissions: { dashboard: true, calendar: true, leadsTable: true },
  });
  return { token, id: user._id, email: user.email };
};

const addTask = (organizationId: string, ownerId: string, title: string, dueDate: string) =>
  t.database.db.insert(tasks).values({ organizationId, ownerId, title, dueDate });

beforeAll(async () => {
  t = await createTestContext();
  admin = await adminOf(t, ORG);
  other = await adminOf(t, OTHER);
  rep = await repOf('Rita Rep');
  colleague = await repOf('Carl Colleague');
});
afterAll(() => t?.close());

describe('GET /api/dashboard/my-day', () => {
  it("lists only the caller's open tasks due today or before, today in the caller's zone", async () => {
    const db = t.database.db;
    await addTask(admin.organizationId, rep.id, 'Due in the west', dayIn(WEST));
    await addTask(admin.organizationId, rep.id, 'Due in the east', dayIn(EAST));
    await addTask(admin.organizationId, rep.id, 'Long overdue', dayIn(WEST, -10));
    await addTask(admin.organizationId, rep.id, 'Next week', dayIn(EAST, 7));
    await db.insert(tasks).values({
      organizationId: admin.organizationId,
      ownerId: rep.id,
      title: 'Done already',
      dueDate: dayIn(WEST, -1),
      doneAt: new Date(),
    });
    await addTask(admin.organizationId, colleague.id, "Carl's task", dayIn(WEST, -1));
    await addTask(other.organizationId, rep.id, 'Foreign organisation', dayIn(WEST, -1));

    const west = await myDay(rep.token, WEST);
    expect(west.date).toBe(dayIn(WEST));
    // Today's first, then the overdue ones, oldest first.
    expect(west.tasks.items.map((task) => [task.title, task.overdue])).toEqual([
      ['Due in the west', false],
      ['Long overdue', true],
    ]);
    expect(west.tasks).toMatchObject({ overdue: 1, dueToday: 1 });

    // Past midnight in the east, the west's today is overdue and the east's is due.
    const east = await myDay(rep.token, EAST);
    expect(east.date).toBe(dayIn(EAST));
    expect(east.tasks.items.map((task) => [task.title, task.overdue])).toEqual([
      ['Due in the east', false],
      ['Long overdue', true],
      ['Due in the west', true],
    ]);
    expect(east.tasks).toMatchObject({ overdue: 2, dueToday: 1 });

    const carl = await myDay(colleague.token, WEST);
    expect(carl.tasks.items.map((task) => task.title)).toEqual(["Carl's task"]);
  });

  it('ticks a task done through the tasks API, and it leaves the list', async () => {
    const before = await myDay(rep.token, WEST);
    const task = before.tasks.items.find((item) => item.title === 'Due in the west')!;
    const done = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${task._id}`,
      token: rep.token,
      payload: { done: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = await myDay(rep.token, WEST);
    expect(after.tasks.items.map((item) => item.title)).toEqual(['Long overdue']);
    expect(after.tasks.dueToday).toBe(0);
  });

  it("lists the caller's meetings today, organised or invited to, with their lead links", async () => {
    const zone = 'Europe/Berlin';
    const [lead] = await insertLeads(t.database.db, admin.organizationId, [
      { ownerId: rep.id, personFirstName: 'Linda', personLastName: 'Lead' },
    ]);
    const own = await schedule(t, rep.token, {
      topic: 'Demo with Linda',
      date: dayIn(zone),
      startTime: '10:00',
      endTime: '11:00',
      timeZone: zone,
      attendees: [],
      links: [{ kind: 'lead', id: lead! }],
    });
    await schedule(t, rep.token, {
      topic: 'Tomorrow',
      date: dayIn(zone, 1),
      timeZone: zone,
      attendees: [],
    });
    await schedule(t, admin.token, {
      topic: 'Pipeline review',
      date: dayIn(zone),
      startTime: '08:00',
      endTime: '08:30',
      timeZone: zone,
      attendees: [rep.email.toUpperCase()],
    });
    await schedule(t, colleague.token, {
      topic: "Carl's call",
      date: dayIn(zone),
      timeZone: zone,
      attendees: ['someone@client.test'],
    });
    await schedule(t, other.token, {
      topic: 'Other organisation',
      date: dayIn(zone),
      timeZone: zone,
      attendees: [rep.email],
    });

    const day = await myDay(rep.token, zone);
    expect(day.meetings.map((meeting) => [meeting.topic, meeting.organizer])).toEqual([
      ['Pipeline review', false],
      ['Demo with Linda', true],
    ]);
    const demo = day.meetings[1]!;
    expect(demo._id).toBe(own.meeting._id);
    expect(demo.start).toBe(own.meeting.start);
    expect(demo.links).toEqual([
      expect.objectContaining({ kind: 'lead', id: lead, name: 'Linda Lead' }),
    ]);
  });

  it("answers the caller's leads whose latest reply has no email back yet", async () => {
    const db = t.database.db;
    const hour = 3_600_000;
    const [waiting, answered, carls] = await insertLeads(db, admin.organizationId, [
      { ownerId: rep.id, personFirstName: 'Wanda', personLastName: 'Waiting', companyName: 'W Co' },
      { ownerId: rep.id, personFirstName: 'Andy', personLastName: 'Answered' },
      { ownerId: colleague.id, personFirstName: 'Carl', personLastName: 'Lead' },
    ]);
    const [foreign] = await insertLeads(db, other.organizationId, [{ ownerId: rep.id }]);
    const repliedAt = new Date(Date.now() - 2 * hour);
    for (const [index, leadId] of [waiting, answered, carls, foreign].entries()) {
      const organizationId = leadId === foreign ? other.organizationId : admin.organizationId;
      await db.insert(emailReplies).values({
        organizationId,
        leadId: leadId!,
        fromAddress: `lead${index}@client.test`,
        subject: `Re: proposal ${index}`,
        snippet: 'Sounds good, can we talk on Friday?',
        messageId: `<reply-${index}-${Date.now()}@client.test>`,
        receivedAt: repliedAt,
      });
      await db.update(leads).set({ repliedAt }).where(eq(leads.id, leadId!));
    }
    await db.insert(sentEmails).values({
      organizationId: admin.organizationId,
      userId: rep.id,
      leadId: answered!,
      kind: 'followup',
      status: 'sent',
      fromAddress: rep.email,
      to: 'andy@client.test',
      subject: 'Re: proposal 1',
      messageId: `<answer-${Date.now()}@example.com>`,
      sentAt: new Date(Date.now() - hour),
    });

    const day = await myDay(rep.token);
    expect(day.replies.total).toBe(1);
    expect(day.replies.items).toEqual([
      {
        lead: { id: waiting, name: 'Wanda Waiting', company: 'W Co' },
        receivedAt: repliedAt.toISOString(),
        subject: 'Re: proposal 0',
        snippet: 'Sounds good, can we talk on Friday?',
      },
    ]);
  });

  it("sums the caller's open deals in the organisation's currency", async () => {
    const db = t.database.db;
    await db
      .update(organizations)
      .set({ currency: 'EUR' })
      .where(eq(organizations.id, admin.organizationId));
    const [client] = await db
      .insert(clients)
      .values({ organizationId: admin.organizationId, companyName: 'Won Co', email: 'won@co.test' })
      .returning({ id: clients.id });
    await insertLeads(db, admin.organizationId, [
      { ownerId: rep.id, personFirstName: 'Big', personLastName: 'Deal', dealValue: 12_500 },
      { ownerId: rep.id, personFirstName: 'Small', personLastName: 'Deal', dealValue: 4_100.5 },
      { ownerId: rep.id, personFirstName: 'Converted', dealValue: 99_000, clientId: client!.id },
      { ownerId: colleague.id, personFirstName: 'Carls', dealValue: 50_000 },
    ]);
    await insertLeads(db, other.organizationId, [{ ownerId: rep.id, dealValue: 77_000 }]);

    const { deals } = await myDay(rep.token);
    expect(deals).toMatchObject({ count: 2, total: 16_600.5, currency: 'EUR' });
    expect(deals.items.map((deal) => [deal.lead.name, deal.dealValue])).toEqual([
      ['Big Deal', 12_500],
      ['Small Deal', 4_100.5],
    ]);
  });

  it('gives a new user an empty day, and refuses a bad time zone', async () => {
    const fresh = await repOf('Fresh Rep');
    const day = await myDay(fresh.token, 'America/New_York');
    expect(day).toMatchObject({
      tasks: { items: [], overdue: 0, dueToday: 0 },
      replies: { items: [], total: 0 },
      meetings: [],
      deals: { items: [], count: 0, total: 0 },
    });
    const bad = await t.request({
      method: 'GET',
      url: '/api/dashboard/my-day?timeZone=Mars/Olympus',
      token: fresh.token,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('needs the dashboard permission', async () => {
    const { token } = await t.createUser({
      role: 'Sales Rep',
      organizationName: ORG,
      permissions: { dashboard: false },
    });
    const refused = await t.request({ method: 'GET', url: '/api/dashboard/my-day', token });
    expect(refused.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/dashboard/my-day' })).statusCode).toBe(401);
  });
});

describe('the organisation figures', () => {
  it('are for managers: Admins and Lead Management holders, not reps', async () => {
    const refused = await t.request({ method: 'GET', url: '/api/dashboard', token: rep.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Lead Management/);
    const asAdmin = await t.request({ method: 'GET', url: '/api/dashboard', token: admin.token });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().counts.activeLeads).toBeGreaterThan(5);
    const { token: manager } = await t.createUser({
      role: 'Sales Manager',
      organizationName: ORG,
      permissions: { dashboard: true, leadManagement: true },
    });
    const asManager = await t.request({ method: 'GET', url: '/api/dashboard', token: manager });
    expect(asManager.statusCode).toBe(200);
    expect(asManager.json().counts).toEqual(asAdmin.json().counts);
    // A manager's own day is theirs alone.
    expect((await myDay(manager)).tasks.items).toEqual([]);
  });
});
