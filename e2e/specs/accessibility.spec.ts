// axe-core on every screen of the app (every route of the router, the lead drawer and a modal
// form, the signed-out pages) at 1280 and 375 px, in the light and the dark colour scheme.
// Any serious or critical violation fails, named by screen, width, scheme, rule and element.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeFindings, describeFinding } from '../support/axe.ts';
import { DESKTOP, PHONE, launchBrowser, snap } from '../support/browser.ts';
import { signInDemo } from '../support/leads-pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

type Who = 'admin' | 'superAdmin' | 'anonymous';

type Screen = {
  /** The route's path as packages/web/src/app/router.tsx writes it ('' is the index). */
  route: string;
  /** What is opened: the URL, then (optionally) a step that opens a state on it. */
  url: (ids: Ids) => string;
  who?: Who;
  name?: string;
  open?: (page: Page) => Promise<void>;
};

type Ids = { leadId: string; companyPath: string };

/** Every screen; `route` ties each to the router so a new route cannot be left out. */
const SCREENS: readonly Screen[] = [
  { route: '', url: () => '/' },
  { route: 'activity', url: () => '/activity' },
  { route: 'leads-table', url: () => '/leads-table' },
  {
    route: 'leads-table',
    name: 'lead drawer',
    url: () => '/leads-table',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await page.getByRole('dialog').first().waitFor();
    },
  },
  {
    route: 'leads-table',
    name: 'lead drawer, Conversation tab',
    url: () => '/leads-table',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      await page.getByRole('dialog').first().getByRole('tab', { name: 'Conversation' }).click();
      await page.getByRole('tabpanel', { name: 'Conversation' }).waitFor();
    },
  },
  { route: 'conversations', url: () => '/conversations' },
  { route: 'create-lead', url: () => '/create-lead' },
  { route: 'all-clients', url: () => '/all-clients' },
  { route: 'add-client', url: () => '/add-client' },
  { route: 'inbox', url: () => '/inbox' },
  {
    route: 'inbox',
    name: 'inbox email open',
    url: () => '/inbox',
    open: async (page) => {
      await page.getByRole('list', { name: 'Emails' }).getByRole('button').first().click();
      await page.getByRole('region', { name: 'Email preview' }).getByText('Glad to').waitFor();
    },
  },
  { route: 'send-email-page', url: ({ leadId }) => `/send-email-page?leadId=${leadId}` },
  { route: 'email-form', url: ({ leadId }) => `/email-form?leadId=${leadId}` },
  { route: 'follow-up', url: ({ leadId }) => `/follow-up?leadId=${leadId}` },
  { route: 'send-bulk-email', url: () => '/send-bulk-email' },
  { route: 'calendar', url: () => '/calendar' },
  { route: 'campaigns', url: () => '/campaigns' },
  {
    route: 'campaigns',
    name: 'new campaign modal',
    url: () => '/campaigns',
    open: async (page) => {
      await page.getByRole('button', { name: 'New Campaign' }).click();
      await page.getByRole('dialog').first().waitFor();
    },
  },
  { route: 'pipeline', url: () => '/pipeline' },
  { route: 'reports', url: () => '/reports' },
  { route: 'leaderboard', url: () => '/leaderboard' },
  { route: 'companies', url: () => '/companies' },
  { route: 'companies/:key', url: ({ companyPath }) => companyPath },
  { route: 'email/config', url: () => '/email/config' },
  {
    route: 'email/config',
    name: 'add mailbox form',
    url: () => '/email/config',
    open: async (page) => {
      await page.getByRole('button', { name: 'Add mailbox' }).click();
      await page.getByRole('form', { name: 'SMTP settings' }).waitFor();
    },
  },
  { route: 'teams', url: () => '/teams' },
  { route: 'templates', url: () => '/templates' },
  { route: 'automation', url: () => '/automation' },
  { route: 'suppression', url: () => '/suppression' },
  { route: 'integrations', url: () => '/integrations' },
  { route: 'custom-fields', url: () => '/custom-fields' },
  { route: 'audit', url: () => '/audit' },
  { route: 'single-sign-on', url: () => '/single-sign-on' },
  { route: 'duplicates', url: () => '/duplicates' },
  { route: 'approval-users', url: () => '/approval-users', who: 'superAdmin' },
  { route: 'profile', url: () => '/profile' },
  { route: '*', url: () => '/no-such-page' },
  { route: '/create-user', url: () => '/create-user' },
  { route: '/login', url: () => '/login', who: 'anonymous' },
  { route: '/login/sso', url: () => '/login/sso?ticket=expired', who: 'anonymous' },
  { route: '/signup', url: () => '/signup', who: 'anonymous' },
  { route: '/forgot-password', url: () => '/forgot-password', who: 'anonymous' },
  { route: '/reset-password', url: () => '/reset-password?token=expired', who: 'anonymous' },
];

/**
 * Routes not opened on their own, with the reason. /change-password shows only to a user
 * signed in with a temporary password; it is the sign-in page's layout and form fields.
 */
const NOT_OPENED: Readonly<Record<string, string>> = {
  '/change-password': 'the /login layout and the same password fields',
  '/two-factor-setup':
    'shown only while the organisation requires two-step sign-in; axe at both widths and schemes in two-factor.spec.ts',
};

/** The paths the router declares (its `path: '…'` entries; the index route is ''). */
const routerPaths = (): string[] => {
  const source = readFileSync(
    new URL('../../packages/web/src/app/router.tsx', import.meta.url),
    'utf8',
  );
  const paths = [...source.matchAll(/\bpath: '([^']*)'/g)].map((match) => match[1]!);
  // The signed-in shell's parent ('/') holds the index route, which has no path of its own.
  return [...paths.filter((path) => path !== '/'), ...(/\bindex: true/.test(source) ? [''] : [])];
};

type Pass = { width: typeof DESKTOP; scheme: 'light' | 'dark' };
const PASSES: readonly Pass[] = [
  { width: DESKTOP, scheme: 'light' },
  { width: DESKTOP, scheme: 'dark' },
  { width: PHONE, scheme: 'light' },
  { width: PHONE, scheme: 'dark' },
];

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = {} as Record<Who, Page>;
let ids: Ids;
let imap: ImapServer | undefined;

/** The server tests' Dovecot helpers (packages/server/test/mail-servers.ts), loaded at run time. */
type ImapServer = {
  host: string;
  port: number;
  user: string;
  password: string;
  stop: () => Promise<void>;
};
type MailServers = {
  startImapServer: (options?: { password?: string }) => Promise<ImapServer>;
  appendToInbox: (mailbox: ImapServer, messages: readonly string[]) => Promise<number[]>;
};
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;

const message = (subject: string, from: string, body: string) =>
  [
    `From: ${from}`,
    'To: admin@demo.leadline.test',
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${subject.replace(/\W+/g, '-')}@sender.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\r\n');

/** The demo admin's inbox: a Dovecot mailbox with two emails. */
const fillInbox = async (headers: Record<string, string>) => {
  const { startImapServer, appendToInbox } = (await import(MAIL_SERVERS)) as MailServers;
  imap = await startImapServer({ password: 'a11y-imap-pass-Rt5' });
  await appendToInbox(imap, [
    message('Pricing question', 'Nora Buyer <nora@sender.test>', 'What does the team plan cost?'),
    message('Welcome aboard', 'Ada Lovelace <ada@sender.test>', 'Glad to work with you.'),
  ]);
  const { host, port, user, password: pass } = imap;
  const saved = await fetch(`${server.url}/api/email/config`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ imap: { host, port, secure: false, user, pass } }),
  });
  expect(saved.ok, await saved.text()).toBe(true);
};

/**
 * Waits for the screen's content: the page has a heading, no loader or skeleton is showing,
 * nothing reports itself busy, and every CSS transition or animation (a drawer sliding in,
 * a fade) has finished.
 */
const settled = async (page: Page) => {
  await page.waitForFunction(
    () => {
      const shown = (element: Element) => (element as HTMLElement).offsetParent !== null;
      const heading = Array.from(document.querySelectorAll('h1, h2, h3, [role="heading"]')).some(
        shown,
      );
      const loading = Array.from(
        document.querySelectorAll(
          '.mantine-Loader-root, .mantine-Skeleton-root[data-visible], [aria-busy="true"]',
        ),
      ).some(shown);
      return heading && !loading;
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
};

const open = async (page: Page, screen: Screen, pass: Pass) => {
  await page.goto(screen.url(ids));
  await settled(page);
  if (screen.open) {
    await screen.open(page);
    await settled(page);
  }
  const label = `${screen.name ?? screen.url(ids)}-${pass.width.width}-${pass.scheme}`;
  await snap(page, `a11y-${label.replace(/[^\w-]+/g, '_')}`);
};

const setScheme = async (page: Page, pass: Pass) => {
  await page.setViewportSize(pass.width);
  // The app's colour scheme switch (Profile) stores the choice where Mantine reads it;
  // the system preference covers the pages rendered before the app reads it.
  await page.emulateMedia({ colorScheme: pass.scheme });
  await page.evaluate(
    (scheme) => window.localStorage.setItem('mantine-color-scheme-value', scheme),
    pass.scheme,
  );
};

// Colours and page structure do not depend on the database: the PostgreSQL pass of CI
// (TEST_DATABASE_URL set) skips this spec rather than spend another four passes on it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('accessibility (axe-core)', () => {
  beforeAll(async () => {
    server = await startServer({ args: ['--demo'] });
    browser = await launchBrowser();
    for (const who of ['admin', 'superAdmin', 'anonymous'] as const) {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: DESKTOP,
        // The app's Content Security Policy refuses inline scripts, axe-core's among them.
        bypassCSP: true,
      });
      context.setDefaultTimeout(20_000);
      contexts.push(context);
      pages[who] = await context.newPage();
    }
    await signInDemo(pages.admin);
    await signInDemo(pages.superAdmin, 'superadmin@demo.leadline.test');
    await pages.anonymous.goto('/login');

    const admin = pages.admin;
    const token = await admin.evaluate(() => window.localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };
    const answer = await admin.request.get('/api/leads', { headers });
    expect(answer.ok(), await answer.text()).toBe(true);
    const leads = (await answer.json()) as { leads: { _id: string }[] };
    await fillInbox(headers);
    await admin.goto('/companies');
    const company = admin.locator('a[href^="/companies/"]').first();
    await company.waitFor();
    ids = { leadId: leads.leads[0]!._id, companyPath: (await company.getAttribute('href'))! };
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await imap?.stop();
  });

  it('opens every route of the router (a new route is added to this spec)', () => {
    const listed = new Set([...SCREENS.map((screen) => screen.route), ...Object.keys(NOT_OPENED)]);
    const missing = routerPaths().filter((path) => !listed.has(path));
    expect(missing, 'routes of router.tsx not in accessibility.spec.ts').toEqual([]);
  });

  for (const pass of PASSES) {
    it(`has no serious or critical violation at ${pass.width.width} px, ${pass.scheme}`, async () => {
      for (const page of Object.values(pages)) await setScheme(page, pass);
      const failures: string[] = [];
      for (const screen of SCREENS) {
        const page = pages[screen.who ?? 'admin'];
        const where = `${screen.name ?? screen.url(ids)} · ${pass.width.width} px · ${pass.scheme}`;
        try {
          await open(page, screen, pass);
          for (const finding of await axeFindings(page)) {
            failures.push(describeFinding(where, finding));
          }
        } catch (error) {
          failures.push(`[${where}] could not be checked: ${(error as Error).message}`);
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    }, 600_000);
  }
});
