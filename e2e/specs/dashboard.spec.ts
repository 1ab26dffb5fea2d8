import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, hidden, signIn, toast, visible } from '../support/pages.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ADMIN = 'admin@demo.leadline.test';
const SUPER_ADMIN = 'superadmin@demo.leadline.test';
const DEMO_PASSWORD = 'demo-password';
/** The activity page asks for this many entries at a time. */
const ACTIVITY_PAGE = 25;

const signInDemo = async (page: Page, email = ADMIN) => {
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL(`${server.url}/`);
};

/** The stored token, as the app sends it. */
const authHeaders = async (page: Page) => {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
};

let leadNumber = 0;
const createLead = async (page: Page, companyName: string) => {
  leadNumber += 1;
  const response = await page.request.post('/api/leads', {
    headers: await authHeaders(page),
    data: {
      companyName,
      personFirstName: 'Dana',
      personLastName: `Tester${leadNumber}`,
      personEmail: `dana.tester.${Date.now()}.${leadNumber}@example.test`,
      source: 'Referral',
    },
  });
  expect(response.status()).toBe(201);
};

/** A stat card that links on (its name is its visible text: label, figure and trend). */
const statCard = (page: Page, label: string) => page.locator(`a[data-stat="${label}"]`);

const statValue = async (page: Page, label: string) => {
  const text = await statCard(page, label).getByTestId('stat-value').textContent();
  return Number((text ?? '').replace(/\D/g, ''));
};

const dashboardLoaded = (page: Page) => visible(statCard(page, 'Active Leads'));

describe('dashboard', () => {
  it('shows the organisation’s real figures, the source chart and honest empty states', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    await visible(page.getByRole('heading', { name: 'Dashboard Overview' }));
    await visible(
      page.getByText("Welcome back! Here's what's happening with your business today."),
    );
    await dashboardLoaded(page);

    const leads = await page.request.get('/api/leads?limit=10', {
      headers: await authHeaders(page),
    });
    expect(leads.ok()).toBe(true);
    const { total } = (await leads.json()) as { total: number };
    expect(total).toBeGreaterThan(0);
    expect(await statValue(page, 'Active Leads')).toBe(total);
    // The demo's campaigns and meetings, as the API counts them.
    const dashboard = await page.request.get('/api/dashboard', {
      headers: await authHeaders(page),
    });
    const { counts, upcomingMeetings } = (await dashboard.json()) as {
      counts: { campaigns: number };
      upcomingMeetings: { title: string }[];
    };
    expect(counts.campaigns).toBeGreaterThan(0);
    expect(await statValue(page, 'Campaigns')).toBe(counts.campaigns);

    const sourceChart = page.getByRole('figure', { name: 'Leads by source bar chart' });
    await visible(sourceChart.locator('.recharts-bar-rectangle'));
    expect(await sourceChart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(1);
    // One link per source for keyboard users, same numbers as the bars.
    const sourceLinks = page.getByRole('list', { name: 'Leads by source' }).getByRole('link');
    expect(await sourceLinks.count()).toBe(
      await sourceChart.locator('.recharts-bar-rectangle').count(),
    );

    await visible(page.getByRole('figure', { name: 'Campaign performance pie chart' }));
    expect(upcomingMeetings.length).toBeGreaterThan(0);
    await visible(page.getByText(upcomingMeetings[0]!.title).first());
    await visible(page.getByText('Leads by Status'));
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    await visible(recent.getByText('Demo organisation loaded'));
    await snap(page, 'dashboard-1280');

    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'dashboard-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });

    await statCard(page, 'Active Leads').click();
    await page.waitForURL('**/leads-table');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a bar opens the leads of that source; View all opens the activity log', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    await dashboardLoaded(page);
    const bar = page
      .getByRole('figure', { name: 'Leads by source bar chart' })
      .locator('.recharts-bar-rectangle')
      .first();
    await visible(bar);
    await bar.click();
    await page.waitForURL(/\/leads-table\?source=/);
    expect(new URL(page.url()).searchParams.get('source')).toBeTruthy();

    await page.goto('/');
    await dashboardLoaded(page);
    await page.getByRole('link', { name: 'View all activity' }).click();
    await page.waitForURL('**/activity');
    await visible(page.getByRole('heading', { name: 'Activity Log' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a lead created elsewhere shows up in recent activity after Refresh', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    await dashboardLoaded(page);
    const before = await statValue(page, 'Active Leads');
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    const company = `Refresh Check ${Date.now()}`;

    await createLead(page, company);
    expect(await recent.getByText(company, { exact: false }).count()).toBe(0);
    // The lead's creation refetches the dashboard first: Refresh is busy until that answers
    // (seconds on a loaded machine, over the demo's 5,000 leads).
    await page.getByRole('button', { name: 'Refresh' }).click({ timeout: 60_000 });
    await visible(recent.getByText(company, { exact: false }));
    // Newest first: the new entry leads the list.
    expect(await recent.getByRole('listitem').first().textContent()).toContain(company);
    expect(await statValue(page, 'Active Leads')).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the error card, then loads with Try Again', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    await dashboardLoaded(page);

    // The server's message when it sends one.
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The database is not answering' }),
      }),
    );
    await page.reload();
    await visible(page.getByText('The database is not answering'), 20_000);
    await visible(page.getByRole('button', { name: 'Try Again' }));
    await snap(page, 'dashboard-error-1280');

    // Otherwise the fixed fallback text.
    await page.unroute('**/api/dashboard');
    await page.route('**/api/dashboard', (route) => route.fulfill({ status: 502, body: '' }));
    await page.reload();
    await visible(page.getByText('Failed to load dashboard data. Please try again.'), 20_000);

    await page.unroute('**/api/dashboard');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await dashboardLoaded(page);
    await hidden(page.getByRole('button', { name: 'Try Again' }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws campaign performance: zero-lead campaigns left out, small shares unlabelled, long names cut', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    await dashboardLoaded(page);
    const campaigns = [
      { _id: 'c1', name: 'Spring outreach to fintech founders', leads: 60 },
      { _id: 'c2', name: 'Webinar follow-up', leads: 37 },
      { _id: 'c3', name: 'Tiny test', leads: 3 },
      { _id: 'c4', name: 'Not started', leads: 0 },
    ];
    await page.route('**/api/dashboard', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: {
          ...body,
          counts: { ...(body.counts as object), campaigns: 4 },
          campaignPerformance: campaigns,
        },
      });
    });
    await page.reload();
    const pie = page.getByRole('figure', { name: 'Campaign performance pie chart' });
    await visible(pie.locator('.recharts-pie-sector'));
    expect(await pie.locator('.recharts-pie-sector').count()).toBe(3);
    const labels = await pie.locator('text').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['60%', '37%']));
    expect(labels).not.toContain('3%');
    const panel = page.getByRole('region', { name: 'Campaign Performance' });
    await visible(panel.getByText('Spring outreach…'));
    expect(await panel.getByText('Not started').count()).toBe(0);
    await snap(page, 'dashboard-campaigns-1280');

    await pie.locator('.recharts-pie-sector').first().click();
    await page.waitForURL('**/campaigns');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an organisation without data gets honest empty states', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page, SUPER_ADMIN);
    const email = 'owner@empty.test';
    const created = await page.request.post('/api/auth/signup', {
      headers: await authHeaders(page),
      data: {
        name: 'Olive Owner',
        email,
        password: PASSWORD,
        role: 'Admin',
        organizationName: 'Empty Co',
      },
    });
    expect(created.status()).toBe(201);
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, email);
    await page.waitForURL(`${server.url}/`);
    await dashboardLoaded(page);
    expect(await statValue(page, 'Active Leads')).toBe(0);
    await visible(statCard(page, 'Active Leads').getByText('No previous data'));
    await visible(page.getByText('No leads yet'));
    await visible(page.getByText('No campaigns yet'));
    await visible(page.getByText('No upcoming meetings'));
    await visible(page.getByText('0 leads in total'));
    expect(await page.locator('.recharts-bar-rectangle').count()).toBe(0);
    await snap(page, 'dashboard-empty-1280');
    await page.setViewportSize(PHONE);
    // The phone layout is in place once the menu button shows and the shell's slide is over.
    await visible(page.getByRole('button', { name: 'Open navigation' }));
    await page.waitForTimeout(400);
    await snap(page, 'dashboard-empty-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 375 px: cards stack, charts take the full width', async () => {
    const { context, page, errors } = await newPage(browser, server.url, PHONE);
    await signInDemo(page);
    await dashboardLoaded(page);
    await visible(page.locator('.recharts-bar-rectangle'));
    const leadsBox = await statCard(page, 'Active Leads').boundingBox();
    const campaignsBox = await statCard(page, 'Campaigns').boundingBox();
    expect(leadsBox && campaignsBox).toBeTruthy();
    expect(campaignsBox!.y).toBeGreaterThan(leadsBox!.y + leadsBox!.height - 1);
    const chart = await page.getByRole('region', { name: 'Leads by Source' }).boundingBox();
    expect(chart!.width).toBeGreaterThan(PHONE.width - 60);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, 'dashboard-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'dashboard-dark-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('activity log', () => {
  it('lists entries newest first and loads older ones with Load more', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    // Enough entries for more than one page.
    for (let i = 0; i < ACTIVITY_PAGE; i += 1) await createLead(page, `Paging Co ${i}`);

    await page.goto('/activity');
    await visible(page.getByRole('heading', { name: 'Activity Log' }));
    const cards = page.getByRole('article');
    await visible(cards);
    expect(await cards.count()).toBe(ACTIVITY_PAGE);
    // The newest entry (the last lead created) comes first, with its type and a date.
    const first = cards.first();
    expect(await first.textContent()).toContain(`Paging Co ${ACTIVITY_PAGE - 1}`);
    expect(await first.getAttribute('data-type')).toBe('Lead');
    expect(await first.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await page.getByText('Demo organisation loaded').count()).toBe(0);
    await snap(page, 'activity-1280');

    // The demo's campaigns and meetings add older entries: load pages until the oldest.
    const loadMore = page.getByRole('button', { name: 'Load more' });
    for (let pages = 0; pages < 20 && (await loadMore.count()) > 0; pages += 1) {
      const before = await cards.count();
      await loadMore.click();
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(before);
    }
    await visible(page.getByText('That is the oldest entry.'));
    await visible(page.getByText('Demo organisation loaded'));
    expect(await cards.count()).toBeGreaterThan(ACTIVITY_PAGE);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // Each entry once, in time order.
    const times = await cards
      .locator('time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''));
    expect([...times].sort().reverse()).toEqual(times);

    await page.setViewportSize(PHONE);
    // The phone layout is in place once the menu button shows and the shell's slide is over.
    await visible(page.getByRole('button', { name: 'Open navigation' }));
    await page.waitForTimeout(400);
    await snap(page, 'activity-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    await snap(page, 'activity-dark-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when there is no activity, and shows a failure with Try Again', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page, SUPER_ADMIN);
    await page.route('**/api/activity?*', (route) => route.fulfill({ json: [] }));
    await page.goto('/activity');
    await visible(page.getByText('No activity yet'));
    await snap(page, 'activity-empty-1280');

    await page.unroute('**/api/activity?*');
    await page.route('**/api/activity?*', (route) =>
      route.fulfill({ status: 403, json: { message: 'You do not have permission to do that' } }),
    );
    await page.reload();
    await visible(page.getByText('You do not have permission to do that'));
    await page.unroute('**/api/activity?*');
    await page.route('**/api/activity?*', (route) => route.fulfill({ status: 400, body: '' }));
    await page.getByRole('button', { name: 'Try Again' }).click();
    await visible(page.getByText('Failed to fetch activities.'));
    await snap(page, 'activity-error-1280');

    await page.unroute('**/api/activity?*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await visible(page.getByRole('article'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed Load more keeps the entries and says why', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signInDemo(page);
    // The leads created above make the log longer than one page.
    await page.goto('/activity');
    await visible(page.getByRole('button', { name: 'Load more' }));
    await page.route('**/api/activity?*before=*', (route) =>
      route.fulfill({ status: 404, json: { message: 'Activity entry not found' } }),
    );
    await page.getByRole('button', { name: 'Load more' }).click();
    await toast(page, 'Activity entry not found');
    expect(await page.getByRole('article').count()).toBe(ACTIVITY_PAGE);
    await visible(page.getByRole('button', { name: 'Load more' }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
