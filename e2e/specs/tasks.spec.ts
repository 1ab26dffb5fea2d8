import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { snap, snapDark } from '../support/browser.ts';
import { openPhonePage, setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_ADMIN, DEMO_PASSWORD } from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

type DemoLead = { _id: string; personFirstName: string; personLastName: string };
let lead: DemoLead;
let token: string;

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  token = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const answer = await callApi(session.server, '/api/leads?page=1&limit=25', { token });
  lead = (answer.leads as DemoLead[]).find((one) => one.personFirstName && one.personLastName)!;
  // An overdue task of the lead, made through the API: it must lead the lists.
  await postApi(
    session.server,
    '/api/tasks',
    { title: 'Send the signed contract', dueDate: day(-2), leadId: lead._id },
    token,
  );
});

const drawer = () => page.getByRole('dialog');
const openTasks = () => drawer().getByRole('list', { name: 'Open tasks' });

describe('tasks in the browser', () => {
  it('adds a task to a lead in the drawer and ticks it off', async () => {
    await page.goto(`/leads-table?lead=${lead._id}`);
    await visible(drawer().getByRole('region', { name: 'Tasks' }));
    await visible(openTasks().getByText('Send the signed contract'));
    await visible(openTasks().getByText('Overdue'));
    await drawer().getByRole('button', { name: 'Add task' }).click();
    await drawer().getByRole('button', { name: 'Add task' }).click();
    await visible(drawer().getByText('Title is required'));
    await drawer().getByLabel('Task', { exact: true }).fill('Book the demo call');
    await drawer().getByLabel('Due date').fill(day(3));
    await drawer().getByRole('button', { name: 'Add task' }).click();
    await toast(page, 'Task added');
    const items = openTasks().getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    // Overdue first, then by due date.
    expect(await items.first().textContent()).toContain('Send the signed contract');
    expect(await items.nth(1).textContent()).toContain('Book the demo call');
    await snap(page, 'lead-tasks-1280');
    await snapDark(page, 'lead-tasks-1280');

    await drawer().getByRole('checkbox', { name: 'Mark done: Book the demo call' }).click();
    await hidden(openTasks().getByText('Book the demo call'));
    await drawer().getByRole('button', { name: 'Show done tasks (1)' }).click();
    await visible(
      drawer().getByRole('list', { name: 'Done tasks' }).getByText('Book the demo call'),
    );
  });

  it('shows my open tasks on the dashboard, overdue first, each linked to its lead', async () => {
    await page.goto('/');
    const panel = page.getByRole('region', { name: 'My tasks' });
    const list = panel.getByRole('list', { name: 'My open tasks' });
    await visible(list.getByText('Send the signed contract'));
    expect(await list.getByRole('listitem').first().textContent()).toContain('Overdue');
    await snap(page, 'dashboard-my-tasks-1280');
    await snapDark(page, 'dashboard-my-tasks-1280');

    const { phone, small, phoneErrors } = await openPhonePage(session);
    await small.goto('/');
    await visible(
      small.getByRole('region', { name: 'My tasks' }).getByText('Send the signed contract'),
    );
    await snap(small, 'dashboard-my-tasks-375');
    await snapDark(small, 'dashboard-my-tasks-375');
    await small.goto(`/leads-table?lead=${lead._id}`);
    await visible(small.getByRole('dialog').getByRole('region', { name: 'Tasks' }));
    await snap(small, 'lead-tasks-375');
    await snapDark(small, 'lead-tasks-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();

    await list
      .getByRole('link', { name: `${lead.personFirstName} ${lead.personLastName}` })
      .click();
    await page.waitForURL(/\/leads-table\?lead=/);
    await visible(page.getByRole('dialog').getByRole('region', { name: 'Tasks' }));
    await page.goto('/');
    await list.getByRole('checkbox', { name: 'Mark done: Send the signed contract' }).click();
    await hidden(list.getByText('Send the signed contract'));
    await visible(panel.getByText('No open tasks'));
    expect(errors).toEqual([]);
  });
});
