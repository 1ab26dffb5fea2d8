import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicUser } from '@leadline/shared/auth';
import {
  TASK_NOT_FOUND,
  TASK_OTHERS_NEED_PERMISSION,
  TASK_OWNER_INVALID,
  dayAfter,
} from '@leadline/shared/tasks';
import type { Task } from '@leadline/shared/tasks';
import type { TestContext } from './context.ts';
import { MISSING_ID, createLead, openTwoOrganisations } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import { createCampaign, sendCampaign } from './campaigns-support.ts';

let t: TestContext;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
type Member = { user: PublicUser; token: string };
let rep: Member;
let rep2: Member;
let manager: Member;

beforeAll(async () => {
  ({ t, acme, globex } = await openTwoOrganisations());
  rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Rita Rep' });
  rep2 = await t.createUser({ role: 'Sales Rep', organizationName: 'acme', name: 'Sam Rep' });
  manager = await t.createUser({
    role: 'Sales Manager',
    organizationName: 'acme',
    name: 'Mona Manager',
  });
});
afterAll(() => t.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => t.request({ method, url, token, ...(payload ? { payload } : {}) });

const addTask = async (token: string, body: object): Promise<Task> => {
  const response = await call(token, 'POST', '/api/tasks', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().task;
};

const listTasks = async (token: string, query: string): Promise<Task[]> => {
  const response = await call(token, 'GET', `/api/tasks${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().tasks;
};

describe('tasks', () => {
  it('creates, lists open ones overdue first, edits, ticks off and deletes', async () => {
    const lead = await createLead(t, rep.token, { personFirstName: 'Jane', personLastName: 'Doe' });
    const later = await addTask(rep.token, { title: 'Send the offer', dueDate: dayAfter(3) });
    const overdue = await addTask(rep.token, {
      title: 'Call back',
      dueDate: dayAfter(-2),
      leadId: lead._id,
    });
    const today = await addTask(rep.token, { title: 'Check the reply', dueDate: dayAfter(0) });
    expect(overdue).toMatchObject({
      title: 'Call back',
      done: false,
      overdue: true,
      owner: { id: rep.user._id, name: 'Rita Rep' },
      lead: { id: lead._id, name: 'Jane Doe' },
      campaignId: null,
    });
    expect(today.overdue).toBe(false);

    const open = await listTasks(rep.token, '?mine&open');
    expect(open.map((task) => task._id)).toEqual([overdue._id, today._id, later._id]);
    expect((await listTasks(rep.token, `?leadId=${lead._id}`)).map((task) => task._id)).toEqual([
      overdue._id,
    ]);

    const done = await call(rep.token, 'PATCH', `/api/tasks/${overdue._id}`, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().task).toMatchObject({ done: true, overdue: false });
    expect(done.json().task.doneAt).toEqual(expect.any(String));
    expect((await listTasks(rep.token, '?mine&open')).map((task) => task._id)).toEqual([
      today._id,
      later._id,
    ]);
    // Without `open` the done ones follow the open ones.
    expect((await listTasks(rep.token, '?mine')).at(-1)!._id).toBe(overdue._id);

    const edited = await call(rep.token, 'PATCH', `/api/tasks/${later._id}`, {
      title: 'Send the new offer',
      dueDate: dayAfter(-1),
    });
    expect(edited.json().task).toMatchObject({ title: 'Send the new offer', overdue: true });
    const reopened = await call(rep.token, 'PATCH', `/api/tasks/${overdue._id}`, { done: false });
    expect(reopened.json().task).toMatchObject({ done: false, doneAt: null });

    const deleted = await call(rep.token, 'DELETE', `/api/tasks/${today._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call(rep.token, 'PATCH', `/api/tasks/${today._id}`, { done: true })).json(),
    ).toEqual({
      message: TASK_NOT_FOUND,
    });
  });

  it('refuses bad input with a clear message', async () => {
    for (const [body, status, message] of [
      [{ dueDate: dayAfter(1) }, 400, 'Title is required'],
      [{ title: '  ', dueDate: dayAfter(1) }, 400, 'Title is required'],
      [{ title: 'x' }, 400, 'Due date is required'],
      [{ title: 'x', dueDate: '2026-02-30' }, 400, 'Due date is not a valid date'],
      [{ title: 'x', dueDate: 'tomorrow' }, 400, 'Due date must be a date (YYYY-MM-DD)'],
      [{ title: 'x', dueDate: dayAfter(1), leadId: 'nope' }, 400, 'Invalid lead ID'],
      [{ title: 'x', dueDate: dayAfter(1), leadId: MISSING_ID }, 404, 'Lead not found'],
      [{ title: 'x', dueDate: dayAfter(1), ownerId: MISSING_ID }, 400, TASK_OWNER_INVALID],
      [{ title: 'x', dueDate: dayAfter(1), ownerId: globex.user._id }, 400, TASK_OWNER_INVALID],
    ] as const) {
      const response = await call(acme.token, 'POST', '/api/tasks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const task = await addTask(acme.token, { title: 'x', dueDate: dayAfter(1) });
    const empty = await call(acme.token, 'PATCH', `/api/tasks/${task._id}`, {});
    expect(empty.statusCode).toBe(400);
    expect((await call(acme.token, 'PATCH', '/api/tasks/nope', { done: true })).statusCode).toBe(
      404,
    );
  });

  it('gives and changes others’ tasks only with Lead Management', async () => {
    const refused = await call(rep.token, 'POST', '/api/tasks', {
      title: 'For Sam',
      dueDate: dayAfter(1),
      ownerId: rep2.user._id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TASK_OTHERS_NEED_PERMISSION);

    const given = await addTask(manager.token, {
      title: 'For Sam',
      dueDate: dayAfter(1),
      ownerId: rep2.user._id,
    });
    expect(given.owner).toEqual({ id: rep2.user._id, name: 'Sam Rep' });
    expect((await listTasks(rep2.token, '?mine&open')).map((task) => task._id)).toContain(
      given._id,
    );
    // Rita sees only her own tasks, whatever she asks for.
    expect((await listTasks(rep.token, '')).every((task) => task.owner?.id === rep.user._id)).toBe(
      true,
    );
    expect(
      (await call(rep.token, 'PATCH', `/api/tasks/${given._id}`, { done: true })).statusCode,
    ).toBe(403);
    expect((await call(rep.token, 'DELETE', `/api/tasks/${given._id}`)).statusCode).toBe(403);
    expect(
      (await call(rep2.token, 'PATCH', `/api/tasks/${given._id}`, { done: true })).statusCode,
    ).toBe(200);
    expect(
      (await call(manager.token, 'PATCH', `/api/tasks/${given._id}`, { done: false })).statusCode,
    ).toBe(200);
    // The Admin sees the organisation's tasks.
    expect((await listTasks(acme.token, '')).map((task) => task._id)).toContain(given._id);
  });

  it('answers 404 for other organisations’ tasks and leads', async () => {
    const lead = await createLead(t, acme.token);
    const task = await addTask(acme.token, {
      title: 'Ours',
      dueDate: dayAfter(1),
      leadId: lead._id,
    });
    for (const [method, url, body] of [
      ['PATCH', `/api/tasks/${task._id}`, { done: true }],
      ['DELETE', `/api/tasks/${task._id}`, undefined],
      ['GET', `/api/tasks?leadId=${lead._id}`, undefined],
      ['POST', '/api/tasks', { title: 'x', dueDate: dayAfter(1), leadId: lead._id }],
    ] as const) {
      const response = await call(globex.token, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await listTasks(globex.token, '')).map((row) => row._id)).not.toContain(task._id);
  });

  it('hands a deleted user’s tasks to the successor', async () => {
    const leaving = await t.createUser({
      role: 'Sales Rep',
      organizationName: 'acme',
      name: 'Lee',
    });
    const task = await addTask(leaving.token, { title: 'Pending work', dueDate: dayAfter(2) });
    const response = await call(
      acme.token,
      'DELETE',
      `/api/users/${leaving.user._id}?successorId=${rep.user._id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const mine = await listTasks(rep.token, '?mine&open');
    expect(mine.find((row) => row._id === task._id)?.owner).toEqual({
      id: rep.user._id,
      name: 'Rita Rep',
    });
  });
});

describe('campaign call and LinkedIn steps', () => {
  it('are tasks of the leads’ owners, and ticking either one ticks the other', async () => {
    const owned = await createLead(t, rep.token, {
      personFirstName: 'Jane',
      personLastName: 'Doe',
    });
    const other = await createLead(t, acme.token, {
      personFirstName: 'Max',
      personLastName: 'Roe',
    });
    const campaign = await createCampaign(t, acme.token, {
      type: 'call',
      name: 'Spring calls',
      emailSubject: '',
      emailBody: '',
      leads: [owned._id, other._id],
    });
    expect((await sendCampaign(t, acme.token, campaign._id)).statusCode).toBe(200);
    // Sending again (after a pause) adds no second task.
    const byCampaign = async () =>
      (await listTasks(acme.token, '')).filter((task) => task.campaignId === campaign._id);
    const tasks = await byCampaign();
    expect(tasks.map((task) => [task.title, task.owner?.name]).sort()).toEqual([
      ['Call Jane Doe (Spring calls)', 'Rita Rep'],
      ['Call Max Roe (Spring calls)', 'Test User'],
    ]);
    const janes = tasks.find((task) => task.lead?.id === owned._id)!;
    expect(janes.dueDate).toBe(dayAfter(0));

    // Done in the task list: the campaign's step is done too.
    const done = await call(rep.token, 'PATCH', `/api/tasks/${janes._id}`, { done: true });
    expect(done.statusCode, done.body).toBe(200);
    const recipients = async () =>
      (await call(acme.token, 'GET', `/api/campaigns/${campaign._id}/recipients`)).json();
    expect((await recipients()).counts).toMatchObject({ done: 1, queued: 1 });

    // Done on the campaign screen: the task is done too, and the campaign completes.
    const maxs = tasks.find((task) => task.lead?.id === other._id)!;
    const ticked = await call(
      acme.token,
      'PATCH',
      `/api/campaigns/${campaign._id}/tasks/${other._id}`,
      {
        done: true,
      },
    );
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json().campaign.status).toBe('completed');
    expect((await byCampaign()).find((task) => task._id === maxs._id)!.done).toBe(true);

    // Reopened from the task list: the step is open and the campaign active again.
    await call(acme.token, 'PATCH', `/api/tasks/${maxs._id}`, { done: false });
    expect((await recipients()).counts).toMatchObject({ done: 1, queued: 1 });
    const detail = await call(acme.token, 'GET', `/api/campaigns/${campaign._id}`);
    expect(detail.json().status).toBe('active');
  });
});
