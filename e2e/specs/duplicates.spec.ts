import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { axeFindings, axeFindingsInBothSchemes } from '../support/axe.ts';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  snap,
  snapDark,
  snapOnFailure,
} from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, toast, visible } from '../support/pages.ts';

/*
 * Duplicates (issue 28, part 3) in the browser: the create form warns before saving; the
 * Duplicates screen lists pairs with why; a merge previews the differing values, moves the
 * notes, and is undone; Keep separate; Merge all same-email pairs; a phone.
 */

const ROOT = { email: 'root@dupes.test', password: PASSWORD };
const ADMIN = { name: 'Dana Admin', email: 'dana@dupes.test' };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let admin: string;

const lead = (body: Record<string, unknown>) =>
  postApi(
    server,
    '/api/leads',
    { source: 'Referral', companyName: 'Nordlicht GmbH', ...body },
    admin,
  );

beforeAll(async () => {
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
  });
  browser = await launchBrowser();
  const root = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: PASSWORD, role: 'Admin', organizationName: 'dupes-e2e' },
    root,
  );
  admin = await signinToken(server, ADMIN.email, PASSWORD);
  await postApi(
    server,
    '/api/custom-fields',
    { entity: 'lead', label: 'Seats', type: 'number' },
    admin,
  );
  // A same-email pair (Gmail ignores dots and +tags), a same-phone pair, one alone.
  await lead({
    personFirstName: 'Jürgen',
    personLastName: 'Weiß',
    personEmail: 'juergen.weiss@gmail.com',
    phone: '',
    custom: { seats: 5 },
  });
  await lead({
    personFirstName: 'Juergen',
    personLastName: 'Weiss',
    personEmail: 'juergenweiss+crm@gmail.com',
    phone: '+49 40 555 0101',
    personCity: 'Hamburg',
    companyName: 'Nordlicht Logistik',
    custom: { seats: 12 },
  });
  await lead({
    personFirstName: 'Ana',
    personLastName: 'Souza',
    personEmail: 'ana@souza.test',
    phone: '+55 11 5555 0202',
  });
  await lead({
    personFirstName: 'Ana Paula',
    personLastName: 'S.',
    personEmail: 'ap@other.test',
    phone: '0055 (11) 5555-0202',
  });
  await lead({ personFirstName: 'Lone', personLastName: 'Rider', personEmail: 'lone@rider.test' });
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signIn(page, ADMIN.email);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const pairCard = (name: RegExp) => page.getByRole('article', { name });

/** axe-core finds nothing serious, in the light and in the dark scheme. */
const accessible = async () => expect(await axeFindingsInBothSchemes(page)).toEqual([]);

describe('duplicates in the browser', () => {
  snapOnFailure(() => page);

  it('warns on the create form, with a link to the lead that may be the same', async () => {
    await page.goto('/create-lead');
    await page.getByLabel(/^Person Email/).fill('Juergen.Weiss@googlemail.com');
    const warning = page.getByRole('status').filter({ hasText: 'This lead may already exist' });
    await visible(warning);
    await visible(warning.getByRole('link', { name: /Jürgen Weiß \(juergen\.weiss@gmail\.com\)/ }));
    await visible(warning.getByText(/same email/));
    await accessible();
  });

  it('lists pairs with why, merges with a preview and undoes the merge', async () => {
    await page.goto('/leads-table');
    await page.getByRole('link', { name: 'Duplicates' }).click();
    await page.waitForURL('**/duplicates');
    await visible(page.getByRole('heading', { name: 'Duplicates' }));
    await visible(page.getByText('2 possible duplicates'));
    const weiss = pairCard(/Jürgen Weiß and Juergen Weiss/);
    await visible(weiss.getByText('Same email'));
    await visible(pairCard(/Ana Souza and Ana Paula S\./).getByText('Same phone'));
    await accessible();
    await snap(page, 'duplicates-1280');
    await snapDark(page, 'duplicates-1280');

    await weiss.getByRole('button', { name: /^Merge / }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge two leads' });
    await visible(dialog);
    // The kept record is the older; its empty phone is filled from the other by default.
    const phone = dialog.getByRole('radiogroup', { name: 'Phone' });
    expect(await phone.getByRole('radio', { name: '+49 40 555 0101' }).isChecked()).toBe(true);
    const company = dialog.getByRole('radiogroup', { name: 'Company Name' });
    expect(await company.getByRole('radio', { name: 'Nordlicht GmbH' }).isChecked()).toBe(true);
    await company.getByRole('radio', { name: 'Nordlicht Logistik' }).check();
    // A custom field's values are chosen the same way.
    const seats = dialog.getByRole('radiogroup', { name: 'Seats' });
    expect(await seats.getByRole('radio', { name: '5' }).isChecked()).toBe(true);
    await seats.getByRole('radio', { name: '12' }).check();
    expect(await axeFindings(page)).toEqual([]);
    await snap(page, 'duplicates-merge-1280');
    await dialog.getByRole('button', { name: 'Merge into Jürgen Weiß' }).click();
    const done = page
      .getByRole('status')
      .filter({ hasText: 'Juergen Weiss merged into Jürgen Weiß.' });
    await visible(done);
    await visible(page.getByText('1 possible duplicate'));
    const merges = page.getByRole('region', { name: 'Recent merges' });
    await visible(merges.getByText(/Juergen Weiss \(juergenweiss\+crm@gmail\.com\) merged into/));

    // The kept lead has the chosen values.
    const kept = (await callApi(server, '/api/leads?search=weiss', { token: admin })) as {
      leads: { personEmail: string; companyName: string; phone: string; custom: object }[];
    };
    expect(kept.leads.map((l) => [l.personEmail, l.companyName, l.phone, l.custom])).toEqual([
      ['juergen.weiss@gmail.com', 'Nordlicht Logistik', '+49 40 555 0101', { seats: 12 }],
    ]);

    await done.getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Merge undone: juergenweiss+crm@gmail.com is back');
    await visible(page.getByText('2 possible duplicates'));
    await visible(merges.getByText('Undone'));
    expect(errors).toEqual([]);
  });

  it('keeps a pair separate, and merges all same-email pairs at once', async () => {
    await pairCard(/Ana Souza and Ana Paula S\./)
      .getByRole('button', { name: /^Keep separate: / })
      .click();
    await toast(page, 'Kept separate: the pair is not offered again');
    await visible(page.getByText('1 possible duplicate'));

    await page.getByRole('button', { name: 'Merge all same-email pairs (1)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Merge all same-email pairs' });
    await confirm.getByRole('button', { name: 'Merge them' }).click();
    await toast(page, '1 pair merged');
    await visible(
      page.getByText('No possible duplicates: every lead looks like a different person.'),
    );
  });

  it('fits a phone', async () => {
    await lead({
      personFirstName: 'Mei',
      personLastName: 'Chen',
      personEmail: 'mei@chen.test',
      phone: '+86 10 5555 0303',
      custom: { seats: 3 },
    });
    await lead({
      personFirstName: 'M.',
      personLastName: 'Chen',
      personEmail: 'm.chen@work.test',
      phone: '0086 10 5555 0303',
      custom: { seats: 30 },
    });
    await page.setViewportSize(PHONE);
    await page.goto('/duplicates');
    await visible(page.getByRole('heading', { name: 'Duplicates' }));
    await visible(page.getByRole('region', { name: 'Recent merges' }));
    const chen = pairCard(/Mei Chen and M\. Chen/);
    await visible(chen.getByText('Same phone'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await accessible();
    await snap(page, 'duplicates-375');
    await snapDark(page, 'duplicates-375');
    await chen.getByRole('button', { name: /^Merge / }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge two leads' });
    await visible(dialog.getByRole('radiogroup', { name: 'Seats' }));
    await accessible();
    await snap(page, 'duplicates-merge-375');
    await snapDark(page, 'duplicates-merge-375');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize(DESKTOP);
    expect(errors).toEqual([]);
  });
});
