import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { companyPagePath } from '@leadline/shared/companies';
import { callApi, configureSmtpApi, postApi, signUpAdmin } from '../support/api.ts';
import { axeFindings } from '../support/axe.ts';
import { DESKTOP, launchBrowser, newPage, snapOnFailure, snapSizes } from '../support/browser.ts';
import { startMailbox, writeMessage } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, toast, visible } from '../support/pages.ts';

/*
 * Open and click tracking (issue 27) in the browser: an Admin switches it on, a rep's email to a
 * lead goes out tracked, its pixel and link are hit by a person, a privacy proxy and a
 * machine, and the lead's drawer shows the three apart with each hit; "Do not track" on the
 * lead, and the checkbox hidden while the organisation's switch is off.
 */

const ROOT = { email: 'root@tracking.test', password: PASSWORD };
const ADMIN = 'admin@tracking.test';
const LINK = 'https://example.com/prices';
const HUMAN_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PROXY_AGENT =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';

let server: RunningServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let leadId: string;

beforeAll(async () => {
  mailbox = await startMailbox('rep@tracking.test', 'e2e-tracking-smtp-3Kq');
  server = await startServer({
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password },
    ownPublicUrl: true,
  });
  token = await signUpAdmin(server, ROOT, {
    name: 'Tara Tracking',
    email: ADMIN,
    password: PASSWORD,
    organizationName: 'tracking-e2e',
  });
  await configureSmtpApi(server, token, mailbox);
  const lead = await postApi(
    server,
    '/api/leads',
    {
      companyName: 'Otto Freight',
      personFirstName: 'Mara',
      personLastName: 'Otto',
      personEmail: 'mara.otto@example.net',
      source: 'Referral',
    },
    token,
  );
  leadId = lead._id as string;
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
});

const snapAll = (name: string) => snapSizes(page, name);

const noAxeFindings = async () => expect(await axeFindings(page)).toEqual([]);
const trackBox = () => page.getByRole('checkbox', { name: 'Track opens and clicks' });

/**
 * The first tracking address of a kind in an email's HTML ('o': the pixel, an image or a CSS
 * background; 'c': a rewritten link), its entities decoded.
 */
const trackingUrl = (html: string, kind: 'o' | 'c'): string | undefined => {
  const prefix = `${server.url}/t/${kind}/`;
  const rest = html.split(prefix)[1];
  if (rest === undefined) return undefined;
  const end = rest.search(/["')\s&]/);
  return `${prefix}${end === -1 ? rest : rest.slice(0, end)}`;
};

/** A hit on a tracking URL from outside, as a mail client or a proxy makes it. */
const hit = (url: string, agent: string, method = 'GET') =>
  fetch(url, { method, headers: { 'user-agent': agent }, redirect: 'manual' });

describe('open and click tracking', () => {
  snapOnFailure(() => page);

  it('is off at first: the composer has no tracking checkbox', async () => {
    await page.goto(`/send-email-page?leadId=${leadId}`);
    await visible(page.getByRole('form', { name: 'Compose email' }));
    expect(await trackBox().count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('is switched on by the Admin in the organisation settings', async () => {
    await page.goto('/teams');
    const settings = page.getByRole('region', { name: 'Organisation settings' });
    const toggle = settings.getByRole('switch', { name: 'Open and click tracking' });
    await visible(toggle);
    expect(await toggle.isChecked()).toBe(false);
    await visible(settings.getByText(/privacy proxy/));
    await toggle.click({ force: true });
    await toast(page, 'Open and click tracking is on');
    expect(await toggle.isChecked()).toBe(true);
    const answer = (await callApi(server, '/api/organizations/settings', { token })) as {
      tracking: boolean;
    };
    expect(answer.tracking).toBe(true);
    await noAxeFindings();
    await snapAll('tracking-settings');
    expect(errors).toEqual([]);
  });

  it('sends a tracked email: its pixel and link carry the hits', async () => {
    await page.goto(`/send-email-page?leadId=${leadId}`);
    const form = page.getByRole('form', { name: 'Compose email' });
    await visible(trackBox());
    expect(await trackBox().isChecked()).toBe(true);
    await form.getByLabel(/^Subject/).fill('Your freight prices');
    await writeMessage(page, `Hi Mara, the prices are at ${LINK} for you.`);
    await noAxeFindings();
    await snapAll('tracking-composer');
    await form.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, /sent/i);
    const [message] = await mailbox.waitFor(1);
    const html = String(message!.html || '');
    const pixel = trackingUrl(html, 'o');
    const link = trackingUrl(html, 'c');
    expect(pixel).toMatch(new RegExp(`^${server.url}/t/o/`));
    expect(link).toMatch(new RegExp(`^${server.url}/t/c/`));
    // Hits in an email's first 10 s are machines' (scanners at delivery): these come after.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    expect((await hit(pixel!, HUMAN_AGENT)).status).toBe(200);
    expect((await hit(pixel!, PROXY_AGENT)).status).toBe(200);
    expect((await hit(pixel!, HUMAN_AGENT, 'HEAD')).status).toBe(200);
    const click = await hit(link!, HUMAN_AGENT);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(LINK);
    expect(errors).toEqual([]);
  }, 60_000);

  it('asks in the follow-up and the bulk composers too, ticked', async () => {
    const [sent] = (await callApi(server, `/api/leads/${leadId}/emails`, { token })) as unknown as {
      _id: string;
    }[];
    await page.goto(`/follow-up?leadId=${leadId}&emailId=${sent!._id}`);
    await visible(page.getByRole('form', { name: 'Follow-up email' }));
    await visible(trackBox());
    expect(await trackBox().isChecked()).toBe(true);
    await page.goto(companyPagePath('name:otto freight'));
    await page.getByRole('checkbox', { name: 'Select all contacts' }).check();
    // Mara was emailed already: her bulk email is a follow-up.
    await page.getByRole('button', { name: /^Send (Bulk|Follow-up) Email/ }).click();
    await page.waitForURL('**/send-bulk-email');
    await visible(trackBox());
    expect(await trackBox().isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it("shows the lead's opens and clicks, people, proxies and machines apart", async () => {
    await page.goto(`/leads-table?lead=${leadId}`);
    const drawer = page.getByRole('dialog');
    const tracking = drawer.getByTestId('email-tracking');
    await expect
      .poll(
        async () => {
          if (await tracking.getByText(/^Opened by a person 1×/).count()) return true;
          // The hits are written in batches: the list is read again.
          await page.reload();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await visible(tracking.getByText('Opened by a person 1× · privacy proxy 1× · machines 1×'));
    await visible(tracking.getByText('Clicked by a person 1× · machines 0×'));
    await tracking.getByRole('button', { name: 'Show opens and clicks' }).click();
    const hits = tracking.getByRole('table', { name: 'Opens and clicks' });
    await visible(hits.getByText('Google image proxy'));
    await visible(hits.getByText('HEAD request'));
    await visible(hits.getByText(`Click: ${LINK}`));
    expect(await hits.locator('tbody tr').count()).toBe(4);
    await tracking.scrollIntoViewIfNeeded();
    await noAxeFindings();
    await snapAll('tracking-drawer');
    expect(errors).toEqual([]);
  });

  it("shows the period's opens and clicks on Reports, under the reply rate", async () => {
    await page.goto('/reports');
    const figures = page.getByRole('region', { name: 'Opens and clicks' });
    await visible(figures.getByText('Opens and clicks of 1 tracked email'));
    await visible(figures.getByText('Opened by people: 1 (100%) · clicked by people: 1 (100%)'));
    await visible(figures.getByText('Opened by a person 1× · privacy proxy 1× · machines 1×'));
    await visible(page.getByTestId('figure-Reply rate'));
    await noAxeFindings();
    await snapAll('tracking-reports');
    await page.goto(`/leads-table?lead=${leadId}`);
    expect(errors).toEqual([]);
  });

  it('marks the lead Do not track from its drawer', async () => {
    const drawer = page.getByRole('dialog');
    const doNotTrack = drawer.getByRole('switch', { name: 'Do not track' });
    expect(await doNotTrack.isChecked()).toBe(false);
    await doNotTrack.click({ force: true });
    await toast(page, "This lead's emails will not be tracked");
    const lead = (await callApi(server, `/api/leads/${leadId}`, { token })) as {
      doNotTrack: boolean;
    };
    expect(lead.doNotTrack).toBe(true);
    expect(await doNotTrack.isChecked()).toBe(true);
    await noAxeFindings();
    expect(errors).toEqual([]);
  });

  it("shows a campaign's opens and clicks in its detail, and asks in its form", async () => {
    const other = await postApi(
      server,
      '/api/leads',
      {
        companyName: 'Otto Freight',
        personFirstName: 'Jan',
        personLastName: 'Otto',
        personEmail: 'jan.otto@example.net',
        source: 'Referral',
      },
      token,
    );
    const name = 'Freight prices in spring';
    const campaign = await postApi(
      server,
      '/api/campaigns',
      {
        name,
        emailSubject: 'Spring prices',
        emailBody: `<p>Hi {{firstName}}, the prices: <a href="${LINK}">here</a>.</p>`,
        leads: [other._id as string],
        sendingWindow: null,
        gapSeconds: { min: 0, max: 0 },
        track: true,
      },
      token,
    );
    expect(campaign.track).toBe(true);
    await postApi(server, `/api/campaigns/${campaign._id as string}/send`, {}, token);
    const messages = await mailbox.waitFor(2, 60_000);
    const pixel = trackingUrl(String(messages[1]!.html || ''), 'o');
    // At once: a machine's (a scanner at delivery), not a person's.
    expect((await hit(pixel!, HUMAN_AGENT)).status).toBe(200);

    await page.goto('/campaigns');
    await page
      .getByRole('article', { name, exact: true })
      .getByRole('button', { name: 'View' })
      .click();
    const drawer = page.getByRole('dialog');
    const figures = drawer.getByRole('region', { name: 'Opens and clicks' });
    await expect
      .poll(
        async () => {
          if (await figures.getByText(/machines 1×/).count()) return true;
          await page.reload();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await visible(figures.getByText('Opens and clicks of 1 tracked email'));
    await visible(figures.getByText('Opened by a person 0× · privacy proxy 0× · machines 1×'));
    await noAxeFindings();
    await snapAll('tracking-campaign');
    await page.keyboard.press('Escape');
    // A new campaign's form asks, ticked.
    await page
      .getByRole('button', { name: /New Campaign|Create Campaign/ })
      .first()
      .click();
    await visible(trackBox());
    expect(await trackBox().isChecked()).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});
