import { beforeEach } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pathOf, requirePrerequisites } from '../../scripts/test-prerequisites.mjs';

export const CHROMIUM = pathOf('Chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Chromium, headless. `args` adds switches, e.g. `--host-resolver-rules=MAP crm.lan 127.0.0.1`
 * to reach the local server under another host name.
 */
export const launchBrowser = (options: { args?: readonly string[] } = {}): Promise<Browser> => {
  // Missing Chromium fails the spec at once, saying how to install it.
  requirePrerequisites(['Chromium']);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    headless: true,
  });
};

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

/** A fresh context (its own storage) at a width, failing the test on any page error. */
export const newPage = async (
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  /** `axe`: the page's Content Security Policy let past for axe-core's inline script. */
  { axe = false }: { axe?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({ baseURL, viewport, bypassCSP: axe });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/** Saves a screenshot under SCREENSHOT_DIR when it is set (used to look at the screens). */
export const snap = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

/**
 * In a describe block: a failing test leaves a picture of the screen behind (with
 * SCREENSHOT_DIR set), named after the test.
 */
export const snapOnFailure = (page: () => Page) =>
  beforeEach((test) => {
    const name = test.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
    test.onTestFailed(() => snap(page(), `failed-${name}`));
  });

/** The same screenshot in the dark colour scheme (`<name>-dark`), then back to light. */
export const snapDark = async (page: Page, name: string) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(200); // the scheme's colours settle
  await snap(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
};

/** Screenshots at 1280 and 375 px wide, light and dark (the page goes back to 1280). */
export const snapSizes = async (page: Page, name: string) => {
  await snap(page, `${name}-1280`);
  await snapDark(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // layout settles at the new width
  await snap(page, `${name}-375`);
  await snapDark(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(300);
};
