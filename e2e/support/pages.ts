import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export const PASSWORD = 'e2e-password-1';
/** The password field, with or without a required-field asterisk. */
export const PASSWORD_LABEL = /^Password( \*)?$/;

/**
 * Waits for a locator to be visible (Playwright's own wait, vitest's assertion). A list that
 * re-renders right after it appeared (a refetch replacing its items) can hide the element for
 * a moment between the wait and the check: then it is waited for again, twice at most.
 */
export const visible = async (locator: ReturnType<Page['getByText']>, timeout = 15_000) => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await locator.first().waitFor({ state: 'visible', timeout });
    if (await locator.first().isVisible()) return;
  }
  await locator.first().waitFor({ state: 'visible', timeout });
  expect(await locator.first().isVisible()).toBe(true);
};

export const hidden = async (locator: ReturnType<Page['getByText']>, timeout = 15_000) => {
  await locator.first().waitFor({ state: 'hidden', timeout });
};

export const toast = (page: Page, text: string | RegExp) => visible(page.getByText(text));

export const signIn = async (page: Page, email: string, password = PASSWORD) => {
  await page.goto('/login');
  // The page arrives prerendered; type once the live form (an enabled button) has taken over.
  await page
    .getByRole('button', { name: 'Sign in', exact: true })
    .and(page.locator(':enabled'))
    .waitFor();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

export const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await page.waitForURL('**/login');
};

/** The sidebar's entries, once the (lazily loaded) shell shows them. */
export const sidebarLinks = async (page: Page): Promise<string[]> => {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await links.first().waitFor({ state: 'attached' });
  return (await links.allTextContents()).map((text) => text.trim());
};

/** Tomorrow as a date input wants it. */
export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

export type NewUser = { name: string; email: string; role: string; organization?: string };

/** Fills and submits /create-user as the signed-in user. */
export const createUserThroughForm = async (page: Page, user: NewUser) => {
  await page.goto('/create-user');
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel(PASSWORD_LABEL).fill(PASSWORD);
  await page.getByLabel('Role').selectOption(user.role);
  if (user.organization) await page.getByLabel('Organization name').fill(user.organization);
  await page.getByRole('button', { name: 'Create User' }).click();
  await toast(page, 'User created successfully');
};

/**
 * After the leave question was declined, the app puts its guard entry back on top of the
 * history; a test pressing Back again must wait for it, as a person's next click would.
 */
export const guardedAgain = async (page: Page): Promise<void> => {
  await expect
    .poll(() =>
      page.evaluate(
        () => (window.history.state as Record<string, unknown> | null)?.leadlineBackGuard === true,
      ),
    )
    .toBe(true);
};

/** Answers "Discard changes?" (asked when a form with unsaved changes is closed) with Discard. */
export const discardChanges = async (page: Page) => {
  const confirm = page.getByRole('dialog', { name: 'Discard changes?' });
  await visible(confirm);
  await confirm.getByRole('button', { name: 'Discard' }).click();
};

/**
 * Opens the select or autocomplete labelled `label` (inside `scope`: the page, a dialog, a
 * drawer) and picks `option` from its list.
 */
export const pickOption = async (
  scope: Page | Locator,
  label: string,
  option: string | RegExp,
  { exact = true }: { exact?: boolean } = {},
) => {
  await scope.getByLabel(label, { exact: true }).first().click();
  const page = 'page' in scope ? scope.page() : scope;
  await page.getByRole('option', { name: option, exact }).click();
};
