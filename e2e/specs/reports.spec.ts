import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ReportResponse } from '@leadline/shared/reports';
import { postApi } from '../support/api.ts';
import { PHONE, launchBrowser, newPage, snap } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

/** The server tests' smtp-server helper (packages/server/test/mail-servers.ts), loaded at run time. */
type SmtpServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  stop: () => Promise<void>;
};
type MailServers = { startSmtpServer: () => Promise<SmtpServer> };
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;

const ROOT = { email: 'root@reports.test', password: PASSWORD };
const ANALYST = 'analyst@reports.test';
/** The leads created for the report: status and source. */
const LEADS = [
  ['Hot Lead', 'Referral'],
  ['Hot Lead', 'Website'],
  ['Warm Lead', 'Referral'],
  ['Cold Lead', 'Event'],
  ['Qualified', 'Referral'],
  ['Cold Lead', 'Website'],
] as const;
const EMAILS_SENT = 2;

let server: RunningServer;
let browser: Browser;
let smtp: SmtpServer;

const post = (path: string, data: object, token?: string) => postApi(server, path, data, token);

beforeAll(async () => {
  const { startSmtpServer } = (await import(MAIL_SERVERS)) as MailServers;
  // One after the other: the server's start is the slow part and needs the CPU.
  smtp = await startSmtpServer();
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const signin = async (email: string, password = PASSWORD) =>
    (await post('/api/auth/signin', { email, password })).token as string;
  const admin = { name: 'Ana Lyst', email: ANALYST, password: PASSWORD, role: 'Admin' };
  await post(
    '/api/auth/signup',
    { ...admin, organizationName: 'reports-e2e' },
    await signin(ROOT.email, ROOT.password),
  );
  const token = await signin(ANALYST);
  for (const [index, [status, source]] of LEADS.entries()) {
    const lead = {
      companyName: `Company ${index + 1}`,
      personFirstName: 'Dana',
      personLastName: `Lead${index + 1}`,
      personEmail: `dana.${index + 1}@lead.test`,
      status,
      source,
    };
    await post('/api/leads', lead, token);
  }
  const { host, port, user, password: pass } = smtp;
  await post('/api/email/config', { smtp: { host, port, secure: false, user, pass } }, token);
  for (let index = 1; index <= EMAILS_SENT; index += 1) {
    await post(
      '/api/email/send',
      {
        to: `dana.${index}@lead.test`,
        subject: 'Our proposal',
        body: '<p>Dear Dana, here is our proposal.</p>',
      },
      token,
    );
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
});

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

/** The report the API gives for the dates and bucket the screen shows. */
const apiReport = async (page: Page): Promise<ReportResponse> => {
  // The URL holds the view once it was changed; the inputs show the default before that.
  const params = new URL(page.url()).searchParams;
  const from = params.get('from') ?? (await page.getByLabel('From').inputValue());
  const to = params.get('to') ?? (await page.getByLabel('To').inputValue());
  const bucket = params.get('bucket') ?? 'day';
  const response = await page.request.get(`/api/reports?from=${from}&to=${to}&bucket=${bucket}`, {
    headers: { Authorization: `Bearer ${await token(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ReportResponse;
};

/** Waits until the screen shows the period in the URL, loaded (no report is being fetched). */
const settled = async (page: Page) => {
  const from = new URL(page.url()).searchParams.get('from') ?? '';
  await page
    .getByLabel('From')
    .and(page.locator(`[value="${from}"]`))
    .waitFor();
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
};

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);

/** Waits until the screen shows `expected` for a figure (the report loads after each change). */
const waitForFigure = async (page: Page, label: string, expected: number) => {
  const text = expected.toLocaleString('en-US');
  await figure(page, label)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor({ timeout: 20_000 });
};

describe('reports', () => {
  it('shows the period’s figures and charts, follows a period change, and downloads the figures', async () => {
    const { context, page, errors } = await newPage(browser, server.url);
    await signIn(page, ANALYST);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/reports');
    await visible(page.getByRole('heading', { name: 'Reports', exact: true }));
    await visible(page.getByRole('region', { name: 'Leads by status' }).getByRole('figure'));
    expect(await page.getByLabel('Period').inputValue()).toBe('30d');

    const last30 = await apiReport(page);
    expect(last30.totals).toEqual({
      leads: LEADS.length,
      emailsSent: EMAILS_SENT,
      replies: 0,
      bounces: 0,
    });
    await waitForFigure(page, 'Leads created', last30.totals.leads);
    await waitForFigure(page, 'Emails sent', last30.totals.emailsSent);
    await visible(page.getByRole('region', { name: 'Leads by source' }).getByRole('figure'));
    await visible(page.getByRole('region', { name: 'Campaign results' }));
    await snap(page, 'reports-1280');

    // A longer period, by week: the figures follow, the URL keeps the view.
    await page.getByLabel('Period').selectOption('90d');
    await page.waitForURL(/bucket=week/);
    await settled(page);
    const last90 = await apiReport(page);
    expect(last90.period.bucket).toBe('week');
    expect(last90.totals.leads).toBeGreaterThanOrEqual(last30.totals.leads);
    await waitForFigure(page, 'Leads created', last90.totals.leads);
    expect(await page.getByRole('radio', { name: 'Week' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Period').inputValue()).toBe('90d');

    // The figures behind the status chart, as CSV: their total is the figure shown.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV: Leads by status' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `leads-by-status-${last90.period.from}-to-${last90.period.to}-by-week.csv`,
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    // A byte-order mark first, so that spreadsheets read UTF-8 (trim() would drop it).
    expect(csv.startsWith('\uFEFFPeriod starting,')).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Period starting,Hot Lead,Warm Lead,Cold Lead,Qualified,Total');
    const total = lines.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(total).toBe(last90.totals.leads);
    expect(lines.length - 1).toBe(last90.leadsByStatus.rows.length);

    // A period before any data: honest empty states.
    // From 2001 to today is too long to show by week: said at once, nothing is asked for.
    await page.getByLabel('From').fill('2001-01-01');
    await visible(page.getByText(/^This period is too long to show by week/));
    await page.getByLabel('To').fill('2001-01-31');
    await page.waitForURL(/from=2001-01-01&to=2001-01-31/);
    await visible(page.getByText('No emails were sent and no replies arrived in this period.'));
    expect(await page.getByText('No leads were created in this period.').count()).toBe(2);
    await waitForFigure(page, 'Leads created', 0);
    expect(await page.getByLabel('Period').inputValue()).toBe('custom');
    await snap(page, 'reports-empty-1280');

    // A period that ends before it starts is refused before anything is asked.
    await page.getByLabel('From').fill('2001-02-15');
    await visible(page.getByText('The end date must not be before the start date'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 375 px without sideways scrolling', async () => {
    const { context, page, errors } = await newPage(browser, server.url, PHONE);
    await signIn(page, ANALYST);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/reports?bucket=week');
    await visible(page.getByRole('region', { name: 'Leads by status' }).getByRole('figure'));
    await visible(page.getByRole('region', { name: 'Campaign results' }));
    await snap(page, 'reports-375');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
