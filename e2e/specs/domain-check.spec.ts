import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { postApi, signinToken } from '../support/api.ts';
import { axeFindingsInBothSchemes } from '../support/axe.ts';
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
import { visible } from '../support/pages.ts';
import { DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { clickButton, startMailbox } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';

/** The server tests' DNS server (packages/server/test/dns-server.ts), loaded at run time. */
type DnsRecords = { txt?: string[]; mx?: { priority: number; exchange: string }[]; a?: string[] };
type DnsServer = { address: string; zone: Map<string, DnsRecords>; stop: () => Promise<void> };
const DNS_SERVER = new URL('../../packages/server/test/dns-server.ts', import.meta.url).href;

const TAG = 'domaincheck';
const ROOT = { email: `root.${TAG}@org.test`, password: 'root-password-1' };
const ADMIN = { name: 'Dana Domain', email: `admin.${TAG}@org.test` };
const DOMAIN = 'sender.test';

let server: RunningServer;
let dns: DnsServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  const { startDnsServer } = (await import(DNS_SERVER)) as {
    startDnsServer: () => Promise<DnsServer>;
  };
  dns = await startDnsServer();
  dns.zone.set(DOMAIN, {
    txt: ['v=spf1 ip4:127.0.0.1 -all'],
    mx: [{ priority: 10, exchange: 'mx.sender.test' }],
  });
  dns.zone.set(`_dmarc.${DOMAIN}`, { txt: ['v=DMARC1; p=none'] });
  dns.zone.set(`corp._domainkey.${DOMAIN}`, { txt: ['v=DKIM1; k=rsa; p=MIIBIjANBgkq'] });
  mailbox = await startMailbox(`rep@${DOMAIN}`);
  server = await startServer({
    env: {
      SUPERADMIN_EMAIL: ROOT.email,
      SUPERADMIN_PASSWORD: ROOT.password,
      DNS_SERVERS: dns.address,
    },
  });
  await postApi(
    server,
    '/api/auth/signup',
    { ...ADMIN, password: DEMO_PASSWORD, role: 'Admin', organizationName: `${TAG}-co` },
    await signinToken(server, ROOT.email, ROOT.password),
  );
  const token = await signinToken(server, ADMIN.email, DEMO_PASSWORD);
  await postApi(
    server,
    '/api/email/config',
    {
      smtp: {
        host: mailbox.host,
        port: mailbox.port,
        secure: false,
        user: mailbox.user,
        pass: mailbox.password,
      },
    },
    token,
  );
  browser = await launchBrowser();
  ({ context, page, errors } = await newPage(browser, server.url, DESKTOP, { axe: true }));
  await signInDemo(page, ADMIN.email);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.stop();
  await dns?.stop();
});

const card = () => page.getByRole('region', { name: 'Sender domain check' });
const part = (name: string) => card().getByRole('region', { name: `${name} check` });

/** axe-core finds nothing serious, in the light and in the dark scheme. */
const noAxeFindings = async () => expect(await axeFindingsInBothSchemes(page)).toEqual([]);

describe('the sender domain card', () => {
  snapOnFailure(() => page);

  it('shows SPF, DKIM, DMARC and MX from DNS, takes a DKIM selector, checks again', async () => {
    await page.goto('/email/config');
    await visible(card().getByText(`Sender domain: ${DOMAIN}`));
    await visible(part('SPF').getByText('OK'));
    await visible(part('SPF').getByText('v=spf1 ip4:127.0.0.1 -all'));
    await visible(part('DMARC').getByText('policy none'));
    await visible(part('MX').getByText('mx.sender.test'));
    await visible(part('DKIM').getByText('Missing'));
    await visible(card().getByText(/^Checked /));
    await noAxeFindings();
    await snap(page, 'domain-check-1280');
    await snapDark(page, 'domain-check-1280');
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await noAxeFindings();
    await snap(page, 'domain-check-375');
    await snapDark(page, 'domain-check-375');
    await page.setViewportSize(DESKTOP);

    await card().getByLabel('DKIM selector').fill('corp');
    await clickButton(page, 'Save selector');
    await visible(part('DKIM').getByText('selector corp'));
    await visible(part('DKIM').getByText('OK'));

    dns.zone.set(`_dmarc.${DOMAIN}`, { txt: ['v=DMARC1; p=reject'] });
    await clickButton(page, 'Check again');
    await visible(part('DMARC').getByText('policy reject'));
    expect(errors).toEqual([]);
  });

  it("warns in a campaign's send confirmation when the domain has no SPF or DMARC", async () => {
    dns.zone.set(DOMAIN, { mx: [{ priority: 10, exchange: 'mx.sender.test' }] });
    dns.zone.set(`_dmarc.${DOMAIN}`, {});
    await page.goto('/email/config');
    await clickButton(page, 'Check again');
    await visible(part('SPF').getByText('Missing'));
    await visible(part('DMARC').getByText('Missing'));

    const token = await signinToken(server, ADMIN.email, DEMO_PASSWORD);
    const lead = await postApi(
      server,
      '/api/leads',
      {
        companyName: 'Domain Works',
        personFirstName: 'Ada',
        personLastName: 'Lane',
        personEmail: 'ada.lane@lead.test',
        source: 'Referral',
      },
      token,
    );
    await postApi(
      server,
      '/api/campaigns',
      {
        name: 'Domain warning run',
        emailSubject: 'Hello {{firstName}}',
        emailBody: 'Hi {{firstName}}.',
        leads: [lead._id],
      },
      token,
    );
    await page.goto('/campaigns');
    const campaign = page.getByRole('article', { name: 'Domain warning run', exact: true });
    await campaign.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(`${DOMAIN}: no SPF or DMARC`));
    await visible(dialog.getByText(/has no SPF and no DMARC record/));
    await visible(dialog.getByText('Send this campaign now?'));
    await snap(page, 'domain-check-campaign-warning-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });
});
