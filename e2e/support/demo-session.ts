import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPage } from './browser.ts';
import { signInDemo } from './leads-pages.ts';
import { startServer } from './server.ts';
import type { RunningServer } from './server.ts';

/** A server with the demo data, a browser, and a desktop page signed in as the demo admin. */
export type DemoSession = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The page's uncaught errors. */
  errors: string[];
};

/**
 * Opens a demo session before all of a spec's tests and closes what was opened after them.
 * `opened` receives the page (and its errors) before signing in; the returned session is filled
 * in by then too.
 */
export const setUpDemoSession = (opened: (session: DemoSession) => void): DemoSession => {
  const session: Partial<DemoSession> = {};
  beforeAll(async () => {
    session.server = await startServer({ args: ['--demo'] });
    session.browser = await launchBrowser();
    Object.assign(session, await newPage(session.browser, session.server.url));
    opened(session as DemoSession);
    await signInDemo(session.page!);
  });
  afterAll(async () => {
    await session.context?.close();
    await session.browser?.close();
    await session.server?.stop();
  });
  return session as DemoSession;
};

/** A page at phone width signed in as the session is, with its own uncaught errors. */
export const openPhonePage = async ({ browser, server, context }: DemoSession) => {
  const phone = await browser.newContext({
    baseURL: server.url,
    viewport: PHONE,
    storageState: await context.storageState(),
  });
  const small = await phone.newPage();
  const phoneErrors: string[] = [];
  small.on('pageerror', (error) => phoneErrors.push(error.message));
  return { phone, small, phoneErrors };
};
