import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { NO_SMTP_CONFIG } from '@leadline/shared/email';
import { callApi, signinToken } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, discardChanges, hidden, signIn, toast, visible } from '../support/pages.ts';

/** The server tests' smtp-server helper (packages/server/test/mail-servers.ts), loaded at run time. */
type Received = { recipients: string[]; raw: Buffer };
type SmtpServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  messages: Received[];
  waitForMessages: (count: number, timeoutMs?: number) => Promise<Received[]>;
  stop: () => Promise<void>;
};
type MailServers = { startSmtpServer: (options?: { password?: string }) => Promise<SmtpServer> };
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;

const ROOT = { email: 'root@calendar.test', password: PASSWORD };
const ORGANISER = 'olivia@calendar.test';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpServer;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const api = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
  callApi(server, path, init);

const apiToken = (email: string, password = PASSWORD) => signinToken(server, email, password);

/** A day of next month (the 15th), as the date input and the API write it. */
const nextMonth15 = () => {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth() + 1, 15);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    key: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    long: day.toLocaleDateString('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }),
  };
};

const modal = () => page.getByRole('dialog');
const field = (label: string) => modal().getByLabel(label, { exact: false });

type MeetingForm = {
  title: string;
  date: string;
  start: string;
  end: string;
  location?: string;
  attendees?: string;
  description?: string;
};

const fillMeeting = async (form: MeetingForm) => {
  await modal()
    .getByLabel(/^Meeting Title/)
    .fill(form.title);
  await modal().getByLabel(/^Date/).fill(form.date);
  await modal()
    .getByLabel(/^Start Time/)
    .fill(form.start);
  await modal()
    .getByLabel(/^End Time/)
    .fill(form.end);
  if (form.location !== undefined) await field('Location').fill(form.location);
  if (form.attendees !== undefined)
    await modal()
      .getByLabel(/^Other attendees/)
      .fill(form.attendees);
  if (form.description !== undefined) await field('Description & Agenda').fill(form.description);
};

const submitButton = () =>
  modal().getByRole('button', { name: /Schedule & Send Invites|Scheduling.../ });

const card = (topic: string) => page.getByRole('article', { name: topic });
const endTime = (on: Page = page) => on.getByRole('dialog').getByLabel(/^End Time/);

/** `below` sits under `above`, within 80 px, and before the Location field (the next one). */
const expectUnder = async (below: Locator, above: Locator) => {
  const [low, high] = [await below.boundingBox(), await above.boundingBox()];
  const location = await below.page().getByRole('dialog').getByLabel('Location').boundingBox();
  expect(low && high && location).toBeTruthy();
  expect(low!.y).toBeGreaterThanOrEqual(high!.y + high!.height - 1);
  expect(low!.y).toBeLessThan(high!.y + high!.height + 80);
  expect(low!.y + low!.height).toBeLessThanOrEqual(location!.y);
};

/** The screen in light and dark, at the page's width (back to light afterwards). */
const snapLightDark = async (on: Page, name: string) => {
  await snap(on, `${name}-light`);
  await on.emulateMedia({ colorScheme: 'dark' });
  await snap(on, `${name}-dark`);
  await on.emulateMedia({ colorScheme: 'light' });
};

beforeAll(async () => {
  const { startSmtpServer } = (await import(MAIL_SERVERS)) as MailServers;
  [smtp, server, browser] = await Promise.all([
    startSmtpServer({ password: 'e2e-smtp-pass-Kd4' }),
    startServer({ env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password } }),
    launchBrowser(),
  ]);
  await api('/api/auth/signup', {
    method: 'POST',
    token: await apiToken(ROOT.email, ROOT.password),
    body: {
      name: 'Olivia Organiser',
      email: ORGANISER,
      password: PASSWORD,
      role: 'Admin',
      organizationName: 'calendar-e2e',
    },
  });
  token = await apiToken(ORGANISER);
  ({ context, page, errors } = await newPage(browser, server.url));
  await signIn(page, ORGANISER);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

describe('the meeting calendar in the browser', () => {
  const day = nextMonth15();

  it('checks the Schedule Meeting form with its texts and defaults', async () => {
    await page.goto('/calendar');
    await visible(page.getByRole('heading', { name: 'Meeting Calendar' }));
    await visible(page.getByText('0 meeting(s) today'));
    await visible(page.getByText('No meetings scheduled for this date.'));
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    await visible(modal().getByText('Schedule Meeting'));

    // Defaults: now rounded up to 15 minutes, one hour long.
    const expected = await page.evaluate(() => {
      const now = new Date();
      const minutes = now.getHours() * 60 + now.getMinutes() + (now.getSeconds() > 0 ? 1 : 0);
      const start = Math.min(Math.ceil(minutes / 15) * 15, 24 * 60 - 15);
      const end = Math.min(start + 60, 24 * 60 - 1);
      const hhmm = (m: number) =>
        `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return [hhmm(start), hhmm(end)];
    });
    expect(
      await modal()
        .getByLabel(/^Start Time/)
        .inputValue(),
    ).toBe(expected[0]);
    expect(
      await modal()
        .getByLabel(/^End Time/)
        .inputValue(),
    ).toBe(expected[1]);

    // Submit stays disabled while the title is empty.
    expect(await submitButton().isDisabled()).toBe(true);
    await modal()
      .getByLabel(/^Meeting Title/)
      .fill('   ');
    await submitButton().click();
    await visible(modal().getByText('Please enter a meeting title'));

    await fillMeeting({ title: 'Kickoff', date: day.key, start: '10:00', end: '09:00' });
    await visible(modal().getByText('7/100'));
    await submitButton().click();
    // Said once, right under the End Time field.
    await visible(modal().getByText('End time must be after start time'));
    expect(await modal().getByText('End time must be after start time').count()).toBe(1);
    expect(await modal().getByRole('alert').count()).toBe(0);
    await expectUnder(modal().getByText('End time must be after start time'), endTime());

    await modal()
      .getByLabel(/^End Time/)
      .fill('');
    await submitButton().click();
    await visible(modal().getByText('Please set both start and end times'));

    await modal()
      .getByLabel(/^End Time/)
      .fill('11:30');
    await modal()
      .getByLabel(/^Other attendees/)
      .fill('ada@client.test, not-an-address');
    await submitButton().click();
    await visible(modal().getByText('Invalid email format: not-an-address'));
    const summary = modal().getByTestId('meeting-summary');
    await visible(summary.getByText('1h 30m'));
    await visible(summary.getByText('1 attendee(s)'));
    await snap(page, 'calendar-modal-errors-1280');
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await discardChanges(page);
    await hidden(modal());
  });

  it('saves a meeting without mail settings and says that no invitation went out', async () => {
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    await fillMeeting({
      title: 'Draft planning',
      date: day.key,
      start: '08:00',
      end: '08:30',
      attendees: 'grace@client.test',
    });
    await submitButton().click();
    await toast(page, "Meeting 'Draft planning' scheduled successfully!");
    await toast(page, `No invitations were sent: ${NO_SMTP_CONFIG}`);
    await visible(page.getByText(`Meetings for ${day.long}`));
    await visible(card('Draft planning').getByText('Invitations not sent'));
    expect(smtp.messages.length).toBe(0);
  });

  it('schedules a meeting that sends invitations and shows it on the grid', async () => {
    await api('/api/email/config', {
      method: 'POST',
      token,
      body: {
        smtp: {
          host: smtp.host,
          port: smtp.port,
          secure: false,
          user: smtp.user,
          pass: smtp.password,
        },
      },
    });
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    await fillMeeting({
      title: 'Quarterly review',
      date: day.key,
      start: '10:00',
      end: '11:30',
      location: 'Room 4',
      attendees: 'ada@client.test, alan@client.test',
      description: 'Numbers and next steps',
    });
    await visible(modal().getByTestId('meeting-summary').getByText('2 attendee(s)'));
    await submitButton().click();
    await toast(
      page,
      "Meeting 'Quarterly review' scheduled successfully! Invitations will be sent to 2 attendee(s).",
    );
    const received = await smtp.waitForMessages(2, 15_000);
    expect(received.map((m) => m.recipients.join(','))).toEqual([
      'ada@client.test',
      'alan@client.test',
    ]);
    expect(received[0]!.raw.toString()).toContain('method=REQUEST');

    // The month of the meeting, its chip with the 12-hour start time, and its card.
    const cell = page.locator(`[data-date="${day.key}"]`).first();
    await visible(cell.getByText('10:00 AM'));
    await visible(cell.getByText('Quarterly review'));
    const meeting = card('Quarterly review');
    await visible(meeting.getByText('10:00 AM – 11:30 AM'));
    await visible(meeting.getByText('Room 4'));
    await visible(meeting.getByText('2 attendee(s)'));
    await visible(meeting.getByText('Invitations sent (2/2)'));
    await visible(
      page.getByLabel('Mini calendar').locator(`[data-date="${day.key}"][data-marked]`),
    );
    await visible(
      page.getByLabel('Recent Activity').getByText(/Invitation for Meeting "Quarterly review"/),
    );
    await snap(page, 'calendar-month-1280');
  });

  it("records the attendees' answers by hand and marks the meeting confirmed", async () => {
    const meeting = card('Quarterly review');
    const attendees = meeting.getByRole('list', { name: 'Attendees of Quarterly review' });
    await visible(attendees.getByText('ada@client.test'));
    expect(await attendees.getByText('Invitation sent').count()).toBe(2);
    await meeting.getByLabel('Response of ada@client.test').selectOption('accepted');
    await visible(page.getByLabel('Recent Activity').getByText(/ada@client.test set to Accepted/));
    expect(await meeting.getByText('Confirmed', { exact: true }).count()).toBe(0);
    await meeting.getByLabel('Response of alan@client.test').selectOption('accepted');
    await visible(meeting.getByText('Confirmed', { exact: true }));
    const cell = page.locator(`[data-date="${day.key}"]`).first();
    await visible(cell.getByRole('img', { name: 'Confirmed' }));
    await snapLightDark(page, 'calendar-confirmed-1280');
    // The API answers the same.
    const listed = (await api(`/api/calendar?date=${day.key}`, { token })) as unknown as {
      topic: string;
      invitations: { response: string }[];
    }[];
    expect(
      listed.find((m) => m.topic === 'Quarterly review')!.invitations.map((i) => i.response),
    ).toEqual(['accepted', 'accepted']);
    await meeting.getByLabel('Response of alan@client.test').selectOption('declined');
    await hidden(meeting.getByText('Confirmed', { exact: true }));
    expect(await meeting.getByLabel('Response of alan@client.test').inputValue()).toBe('declined');
  });

  it('asks about a conflict, then schedules anyway', async () => {
    await page.getByRole('button', { name: 'Schedule Meeting' }).click();
    await fillMeeting({ title: 'Overlapping call', date: day.key, start: '11:00', end: '12:00' });
    // Before sending: the clash, named, right under the time fields.
    const warning = modal().getByTestId('meeting-conflict');
    await visible(warning.getByText('Overlaps “Quarterly review” (10:00–11:30)'));
    await expectUnder(warning, endTime());
    await snapLightDark(page, 'calendar-conflict-1280');
    // Moved clear of it, the warning goes; back, it returns.
    for (const [start, end, clash] of [
      ['12:00', '12:30', false],
      ['11:00', '12:00', true],
    ] as const) {
      await modal()
        .getByLabel(/^Start Time/)
        .fill(start);
      await endTime().fill(end);
      if (!clash) await hidden(warning);
    }
    await visible(warning.getByText('Overlaps “Quarterly review” (10:00–11:30)'));
    await submitButton().click();
    await visible(
      modal().getByText(
        'There appears to be a scheduling conflict with another meeting. Do you want to proceed anyway?',
      ),
    );
    await modal().getByRole('button', { name: 'Proceed anyway' }).click();
    await toast(page, "Meeting 'Overlapping call' scheduled successfully!");
    await visible(card('Overlapping call'));

    // Editing keeps the organiser's times; the conflict is asked about again.
    await card('Overlapping call').getByRole('button', { name: 'Edit' }).click();
    await visible(modal().getByText('Edit Meeting'));
    expect(
      await modal()
        .getByLabel(/^Start Time/)
        .inputValue(),
    ).toBe('11:00');
    await modal()
      .getByLabel(/^Meeting Title/)
      .fill('Overlapping call (renamed)');
    await modal().getByRole('button', { name: 'Save & Send Updates' }).click();
    await modal().getByRole('button', { name: 'Proceed anyway' }).click();
    await toast(page, 'Meeting updated successfully');
    await visible(card('Overlapping call (renamed)'));
  });

  it('resends, shows the week, day and year views, and deletes with a cancellation', async () => {
    const before = smtp.messages.length;
    await card('Quarterly review').getByRole('button', { name: 'Resend' }).click();
    await toast(page, 'Invitations sent to ada@client.test, alan@client.test');
    await smtp.waitForMessages(before + 2, 15_000);

    await page.getByText('Week', { exact: true }).click();
    await visible(page.getByRole('group', { name: 'Week' }).getByText('Quarterly review'));
    await snap(page, 'calendar-week-1280');
    await page.getByText('Day', { exact: true }).click();
    await visible(page.getByRole('group', { name: 'Day' }).getByText('Quarterly review'));
    await page.getByText('Year', { exact: true }).click();
    await visible(
      page
        .getByRole('group', { name: 'Year' })
        .locator(`[data-date="${day.key}"][data-marked]`)
        .first(),
    );
    await page.getByText('Month', { exact: true }).click();

    await card('Quarterly review').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Meeting deleted successfully. Cancellations sent: 2.');
    await hidden(card('Quarterly review'));
    const cancels = (await smtp.waitForMessages(before + 4, 15_000)).slice(before + 2);
    for (const message of cancels) expect(message.raw.toString()).toContain('method=CANCEL');
  });

  it('lists the upcoming meetings on the dashboard', async () => {
    await page.goto('/');
    const upcoming = page.getByRole('region', { name: 'Upcoming Meetings' });
    await visible(upcoming.getByText('Overlapping call (renamed)'));
    await visible(upcoming.getByText('Draft planning'));
    expect(errors).toEqual([]);
  });

  it('works at 375 px', async () => {
    const phone = await newPage(browser, server.url, PHONE);
    try {
      await signIn(phone.page, ORGANISER);
      await phone.page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await phone.page.goto(`/calendar?date=${day.key}`);
      await visible(phone.page.getByRole('article', { name: 'Overlapping call (renamed)' }));
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await snapLightDark(phone.page, 'calendar-month-375');
      await phone.page.getByRole('button', { name: 'Schedule Meeting' }).click();
      const dialog = phone.page.getByRole('dialog');
      await visible(dialog.getByText('Schedule Meeting'));
      await dialog.getByLabel(/^Meeting Title/).fill('Phone clash');
      await dialog.getByLabel(/^Date/).fill(day.key);
      await dialog.getByLabel(/^Start Time/).fill('11:15');
      await dialog.getByLabel(/^End Time/).fill('11:45');
      const warning = dialog.getByTestId('meeting-conflict');
      await visible(warning.getByText('Overlaps “Overlapping call (renamed)” (11:00–12:00)'));
      await expectUnder(warning, endTime(phone.page));
      await snapLightDark(phone.page, 'calendar-conflict-375');
      await dialog.getByLabel(/^End Time/).fill('11:00');
      await dialog.getByRole('button', { name: 'Schedule & Send Invites' }).click();
      expect(await dialog.getByText('End time must be after start time').count()).toBe(1);
      await expectUnder(dialog.getByText('End time must be after start time'), endTime(phone.page));
      await snapLightDark(phone.page, 'calendar-modal-375');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
