import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { PHONE, newPage, snap, snapDark } from '../support/browser.ts';
import { setUpDemoSession } from '../support/demo-session.ts';
import { DEMO_ADMIN, DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';

let page: Page;
let errors: string[];
const session = setUpDemoSession((opened) => {
  ({ page, errors } = opened);
});

const REP = 'rep@demo.leadline.test';
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A local day (the browser runs in the same zone), `offset` days from today. */
const day = (offset: number) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

type User = { _id: string; email: string; permissions: Record<string, boolean> };
let rep: Page;
let repErrors: string[];
let lead: { _id: string };
let adminToken: string;

beforeAll(async () => {
  adminToken = await signinToken(session.server, DEMO_ADMIN, DEMO_PASSWORD);
  const team = await callApi(session.server, '/api/users', { token: adminToken });
  const users = (team.users ?? Object.values(team.organizations ?? {}).flat()) as User[];
  const rita = users.find((user) => user.email === REP)!;
  // Rita gets the dashboard, the calendar and the leads, whatever the role's defaults are.
  await callApi(session.server, `/api/users/${rita._id}/permissions`, {
    method: 'PUT',
    token: adminToken,
    body: {
      permissions: { ...rita.permissions, dashboard: true, calendar: true, leadsTable: true },
    },
  });
  lead = (await postApi(
    session.server,
    '/api/leads',
    {
      companyName: 'Northwind Traders',
      personFirstName: 'Greta',
      personLastName: 'Gardner',
      personEmail: 'greta.gardner@northwind.test',
      source: 'Referral',
      status: 'Warm Lead',
      ownerId: rita._id,
      dealValue: 950_000,
    },
    adminToken,
  )) as { _id: string };
  const token = await signinToken(session.server, REP, DEMO_PASSWORD);
  const task = (title: string, dueDate: string) =>
    postApi(session.server, '/api/tasks', { title, dueDate, leadId: lead._id }, token);
  await task('Call Greta back', day(0));
  await task('Send the pricing sheet', day(-3));
  await postApi(
    session.server,
    '/api/calendar',
    {
      topic: 'Northwind demo',
      date: day(0),
      startTime: '23:00',
      endTime: '23:30',
      timeZone: zone,
      attendees: [],
      links: [{ kind: 'lead', id: lead._id }],
    },
    token,
  );
  ({ page: rep, errors: repErrors } = await newPage(session.browser, session.server.url));
  await signInDemo(rep, REP);
});

const region = (on: Page, name: string) => on.getByRole('region', { name });

describe('My day', () => {
  it("shows a rep's tasks, meetings and deals; ticks a task done; opens the lead from a meeting", async () => {
    await rep.goto('/');
    await visible(rep.getByRole('heading', { name: 'My day' }));
    const tasks = region(rep, 'Tasks due');
    // The demo's own tasks may fill Tasks due (today's first, eight shown, how many depends on
    // the hour the demo was seeded): the rep's two are looked for in My tasks, which lists all.
    const myTasks = region(rep, 'My tasks');
    await visible(myTasks.getByText('Call Greta back'));
    await visible(myTasks.getByText('Send the pricing sheet'));
    await visible(myTasks.getByText('Overdue').first());
    await visible(tasks.getByText(/^\d+ due today · \d+ overdue$/));
    const meetings = region(rep, 'Meetings today');
    await visible(meetings.getByRole('link', { name: 'Northwind demo' }));
    const deals = region(rep, 'My open deals');
    await visible(deals.getByRole('link', { name: 'Greta Gardner' }));
    await visible(deals.getByText(/950,000/).first());
    await visible(region(rep, 'Replies waiting'));
    // A rep sees their own day, not the organisation's figures.
    expect(await rep.getByRole('heading', { name: 'Organisation' }).count()).toBe(0);
    expect(await rep.getByText('Active Leads').count()).toBe(0);
    await snap(rep, 'my-day-rep-1280');
    await snapDark(rep, 'my-day-rep-1280');

    await myTasks.getByRole('checkbox', { name: 'Mark done: Call Greta back' }).click();
    await hidden(myTasks.getByText('Call Greta back'));

    await meetings.getByRole('link', { name: 'Greta Gardner' }).click();
    await rep.waitForURL(/\/leads-table\?lead=/);
    const drawer = rep.getByRole('dialog');
    await visible(drawer.getByRole('region', { name: 'Meetings' }).getByText('Northwind demo'));
    expect(repErrors).toEqual([]);
  });

  it('fits a phone, light and dark', async () => {
    const phone = await session.browser.newContext({
      baseURL: session.server.url,
      viewport: PHONE,
      storageState: await rep.context().storageState(),
    });
    const small = await phone.newPage();
    const phoneErrors: string[] = [];
    small.on('pageerror', (error) => phoneErrors.push(error.message));
    await small.goto('/');
    await visible(region(small, 'Meetings today').getByText('Northwind demo'));
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await snap(small, 'my-day-rep-375');
    await snapDark(small, 'my-day-rep-375');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it('shows a manager My day above the organisation figures', async () => {
    await page.goto('/');
    await visible(page.getByRole('heading', { name: 'My day' }));
    await visible(page.getByRole('heading', { name: 'Organisation' }));
    await visible(page.getByText('Active Leads'));
    await snap(page, 'my-day-admin-1280');
    await snapDark(page, 'my-day-admin-1280');
  });

  it("schedules a meeting by picking a lead from the attendee search; it shows in the lead's drawer", async () => {
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    const modal = page.getByRole('dialog', { name: 'Schedule Meeting' });
    await modal.getByLabel('Meeting Title').fill('Gardner contract review');
    await modal.getByLabel('Date').fill(day(9));
    await modal.getByLabel('Start Time').fill('07:15');
    await modal.getByLabel('End Time').fill('07:45');
    await modal.getByLabel('Search leads and clients').fill('gardner');
    const option = page.getByRole('option', { name: /Greta Gardner/ });
    await visible(option);
    await snap(page, 'meeting-attendee-search-1280');
    await option.click();
    await visible(modal.getByText('Greta Gardner (lead)'));
    await visible(modal.getByTestId('meeting-summary').getByText('1 attendee(s)'));
    await modal.getByRole('button', { name: 'Schedule & Send Invites' }).click();
    const proceed = modal.getByRole('button', { name: 'Proceed anyway' });
    await Promise.race([
      toast(page, /scheduled successfully/),
      proceed.waitFor({ timeout: 15_000 }).then(() => proceed.click()),
    ]);
    await toast(page, /Meeting 'Gardner contract review' scheduled successfully/);

    await page.goto(`/leads-table?lead=${lead._id}`);
    const meetings = page.getByRole('dialog').getByRole('region', { name: 'Meetings' });
    await visible(
      meetings.getByRole('list', { name: 'Upcoming' }).getByText('Gardner contract review'),
    );
    await visible(meetings.getByText('Northwind demo'));
    await meetings.scrollIntoViewIfNeeded();
    await snap(page, 'lead-meetings-1280');
    await snapDark(page, 'lead-meetings-1280');

    // "Schedule meeting" in the drawer starts with the lead picked.
    await meetings.getByRole('button', { name: 'Schedule meeting' }).click();
    const fromLead = page.getByRole('dialog', { name: 'Schedule Meeting' });
    await visible(fromLead.getByText('Greta Gardner (lead)'));
    await fromLead.getByRole('button', { name: 'Cancel' }).click();
    await hidden(page.getByRole('dialog', { name: 'Schedule Meeting' }));
    expect(errors).toEqual([]);
  });

  it("schedules a meeting from a client's drawer; it shows there under Meetings", async () => {
    const client = await postApi(
      session.server,
      '/api/clients',
      {
        companyName: 'Kestrel Freight',
        email: 'ops@kestrel-freight.test',
        companyCategory: 'Logistics',
        contact: 'Ines Kestrel',
      },
      adminToken,
    );
    await page.goto(`/all-clients?client=${client._id as string}`);
    const meetings = page.getByRole('dialog').getByRole('region', { name: 'Meetings' });
    await visible(meetings.getByText(/No meetings yet/));
    await meetings.getByRole('button', { name: 'Schedule meeting' }).click();
    const modal = page.getByRole('dialog', { name: 'Schedule Meeting' });
    await visible(modal.getByText('Kestrel Freight (client)'));
    await modal.getByLabel('Meeting Title').fill('Kestrel renewal');
    await modal.getByLabel('Date').fill(day(10));
    await modal.getByLabel('Start Time').fill('06:15');
    await modal.getByLabel('End Time').fill('06:45');
    await modal.getByRole('button', { name: 'Schedule & Send Invites' }).click();
    const proceed = modal.getByRole('button', { name: 'Proceed anyway' });
    await Promise.race([
      toast(page, /scheduled successfully/),
      proceed.waitFor({ timeout: 15_000 }).then(() => proceed.click()),
    ]);
    await toast(page, /Meeting 'Kestrel renewal' scheduled successfully/);
    await visible(meetings.getByRole('list', { name: 'Upcoming' }).getByText('Kestrel renewal'));
    await meetings.scrollIntoViewIfNeeded();
    await snap(page, 'client-meetings-1280');
    expect(errors).toEqual([]);
  });
});
