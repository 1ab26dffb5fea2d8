import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, postApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';
import { PASSWORD, signIn, visible } from '../support/pages.ts';

/** The server tests' mail servers (packages/server/test/mail-servers.ts), loaded at run time. */
type MailServer = { host: string; port: number; user: string; password: string };
type Stoppable = MailServer & { stop: () => Promise<void> };
type MailServers = {
  startImapServer: (options?: { password?: string }) => Promise<Stoppable>;
  startSmtpServer: (options?: {
    user?: string;
    password?: string;
    refuseRecipients?: boolean;
  }) => Promise<Stoppable>;
  appendToInbox: (mailbox: MailServer, messages: readonly string[]) => Promise<number[]>;
  REJECTED_PREFIX: string;
};
const MAIL_SERVERS = new URL('../../packages/server/test/mail-servers.ts', import.meta.url).href;
const FIXTURES = new URL('../../packages/server/test/fixtures/mail/', import.meta.url);

const ROOT = { email: 'root@bounces.test', password: PASSWORD };
const ADMIN = 'admin@bounces.test';
/** The addresses the samples (a report, an out-of-office note) are about. */
const TOM = { first: 'Tom', last: 'Keller', email: 'tom.keller@example.net' };
const INES = { first: 'Ines', last: 'Vogt', email: 'ines.vogt@example.net' };
const SAMPLE_ORIGINAL = '<3b1f6c2e-8a47-4d0b-9c1e-5f2a7d9e0b13@acme.example.com>';

let server: RunningServer;
let imap: Stoppable;
let smtp: Stoppable;
let browser: Browser;
let page: Page;
let errors: string[];
let token: string;
const ids: Record<string, string> = {};
let rejectedPrefix: string;
let servers: MailServers;

type LeadJson = { _id: string; bouncedAt: string | null };

const lead = (id: string) => callApi(server, `/api/leads/${id}`, { token }) as Promise<LeadJson>;

beforeAll(async () => {
  servers = (await import(MAIL_SERVERS)) as MailServers;
  [imap, smtp] = await Promise.all([
    servers.startImapServer({ password: 'e2e-bounce-imap-7Hn' }),
    servers.startSmtpServer({ password: 'e2e-bounce-smtp-3Kd' }),
  ]);
  rejectedPrefix = servers.REJECTED_PREFIX;
  server = await startServer({
    // No pause between a bulk run's emails: the bounce protection's run is quick.
    env: { SUPERADMIN_EMAIL: ROOT.email, SUPERADMIN_PASSWORD: ROOT.password, BULK_PAUSE_MS: '0' },
  });
  const rootToken = await signinToken(server, ROOT.email, ROOT.password);
  await postApi(
    server,
    '/api/auth/signup',
    {
      name: 'Bea Bounce',
      email: ADMIN,
      password: PASSWORD,
      role: 'Admin',
      organizationName: 'bounces-e2e',
    },
    rootToken,
  );
  token = await signinToken(server, ADMIN, PASSWORD);
  await postApi(
    server,
    '/api/email/config',
    {
      smtp: {
        host: smtp.host,
        port: smtp.port,
        secure: false,
        user: smtp.user,
        pass: smtp.password,
      },
      imap: {
        host: imap.host,
        port: imap.port,
        secure: false,
        user: imap.user,
        pass: imap.password,
      },
    },
    token,
  );
  const refused = {
    first: 'Nora',
    last: 'Nobody',
    email: `${servers.REJECTED_PREFIX}@example.org`,
  };
  for (const person of [TOM, INES, refused]) {
    const created = await postApi(
      server,
      '/api/leads',
      {
        companyName: 'Bounce Testworks',
        personFirstName: person.first,
        personLastName: person.last,
        personEmail: person.email,
        source: 'Referral',
      },
      token,
    );
    ids[person.email] = created._id as string;
  }
  const mail = { subject: 'Shorter delivery routes', body: '<p>Would a short call suit you?</p>' };
  for (const person of [TOM, INES])
    await postApi(server, `/api/leads/${ids[person.email]}/send-mail`, mail, token);
  // Refused with 550 while sending: a hard bounce at once.
  await expect(
    postApi(server, `/api/leads/${ids[refused.email]}/send-mail`, mail, token),
  ).rejects.toThrow(/502/);

  const tomEmails = (await callApi(server, `/api/leads/${ids[TOM.email]}/emails`, {
    token,
  })) as unknown as { messageId: string }[];
  const report = readFileSync(new URL('rfc3464-hard.eml', FIXTURES), 'utf8')
    .split(SAMPLE_ORIGINAL)
    .join(tomEmails[0]!.messageId);
  const away = readFileSync(new URL('ooo-en.eml', FIXTURES), 'utf8');
  await servers.appendToInbox(imap, [report, away]);
  // Reading the inbox checks it for replies, bounces and auto-replies.
  await callApi(server, '/api/email/inbox', { token });
  const deadline = Date.now() + 30_000;
  while (!(await lead(ids[TOM.email]!)).bouncedAt) {
    if (Date.now() > deadline) throw new Error('the bounce was not read');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  browser = await launchBrowser();
  ({ page, errors } = await newPage(browser, server.url));
  await signIn(page, ADMIN);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await imap?.stop();
  await smtp?.stop();
});

/** Screenshots at 1280 and 375 px, light and dark. */
const snapAll = async (name: string) => {
  await snap(page, `${name}-1280`);
  await snapDark(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await snap(page, `${name}-375`);
  await snapDark(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
};

const openLead = async (name: string) => {
  await page.goto('/leads-table');
  await page.getByRole('button', { name, exact: true }).first().click();
  await visible(page.getByRole('dialog').getByText('Mail', { exact: true }));
};

describe('bounces and auto-replies in the browser', () => {
  it('shows a bounced lead as Bounced in the table, the drawer and its email history', async () => {
    await page.goto('/leads-table');
    const tomRow = page.getByRole('row').filter({ hasText: TOM.email });
    await visible(tomRow.getByTestId('bounced-badge'));
    const refusedRow = page.getByRole('row').filter({ hasText: 'Nora Nobody' });
    await visible(refusedRow.getByTestId('bounced-badge'));
    const inesRow = page.getByRole('row').filter({ hasText: INES.email });
    await visible(inesRow);
    expect(await inesRow.getByTestId('bounced-badge').count()).toBe(0);
    await snapAll('bounces-table');

    await openLead('Tom Keller');
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByText('Bounced', { exact: true }));
    await visible(drawer.getByText(/User unknown/));
    // The history: the report as Bounced, and the email it reports on marked Bounced.
    const history = drawer.getByRole('listitem');
    await visible(history.filter({ hasText: 'Returned mail' }).getByText('Bounced'));
    await visible(history.filter({ hasText: 'Shorter delivery routes' }).getByText('Bounced'));
    await snapAll('bounces-drawer');
    expect(errors).toEqual([]);
  });

  it('shows an out-of-office answer as an Auto-reply, the lead not Replied', async () => {
    await openLead('Ines Vogt');
    const drawer = page.getByRole('dialog');
    const entry = drawer.getByRole('listitem').filter({ hasText: 'Automatic reply' });
    await visible(entry.getByText('Auto-reply', { exact: true }));
    await visible(entry.getByText(/^Away until /));
    expect(await drawer.getByText('Replied', { exact: true }).count()).toBe(0);
    await snapAll('bounces-auto-reply');
    expect(errors).toEqual([]);
  });

  it('pauses a bulk run with too many bounces, says why, and resumes it', async () => {
    // 25 leads, the mail server refusing the first two: the run pauses after 22 emails.
    const leadIds: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const local = i < 2 ? `${rejectedPrefix}-bulk-${i}` : `bulk-reader-${i}`;
      const created = await postApi(
        server,
        '/api/leads',
        {
          companyName: 'Bulk Bounce Works',
          personFirstName: `Reader${i}`,
          personLastName: 'Bulk',
          personEmail: `${local}@example.org`,
          source: 'Referral',
        },
        token,
      );
      leadIds.push(created._id as string);
    }
    const { jobId } = await postApi(
      server,
      '/api/email/bulk',
      {
        leadIds,
        subject: 'Fresh routes for {{firstName}}',
        body: '<p>Hi {{firstName}}, would a short call suit you?</p>',
        type: 'initial',
      },
      token,
    );
    const job = () => callApi(server, `/api/email/bulk/${String(jobId)}`, { token });
    await expect.poll(async () => (await job()).status, { timeout: 60_000 }).toBe('paused');

    // Coming back to the bulk screen shows the paused run, why, and Resume and Stop.
    await page.goto('/send-bulk-email');
    const dialog = page.getByRole('dialog', { name: 'Bulk email progress' });
    await visible(dialog.getByText('Bulk Email Paused'));
    await visible(dialog.getByText(/^Paused: Too many bounces: 2 of 22 emails bounced/));
    await visible(dialog.getByText('20/25 emails sent'));
    await visible(dialog.getByRole('button', { name: 'Stop sending' }));
    await snapAll('bulk-paused');

    await dialog.getByRole('button', { name: 'Resume' }).click();
    await visible(page.getByText('Sent 23 emails successfully. 2 failed.'), 30_000);
    expect(await job()).toMatchObject({ status: 'completed', sent: 23, failed: 2 });
    expect(errors).toEqual([]);
  });

  it('stops a campaign sending from a mailbox whose emails bounce, shows why, and resumes it', async () => {
    // A second mailbox on a mail server that refuses every recipient; the campaign spreads 44
    // leads over both, so the refusing one gets 30 and is held back after its first 20 or so.
    const refusing = await servers.startSmtpServer({
      user: 'bea@refusing.example.org',
      password: 'e2e-refusing-smtp-5Tq',
      refuseRecipients: true,
    });
    try {
      const added = await postApi(
        server,
        '/api/email/mailboxes',
        {
          smtp: {
            host: refusing.host,
            port: refusing.port,
            secure: false,
            user: refusing.user,
            pass: refusing.password,
          },
        },
        token,
      );
      const refusingId = (added.mailbox as { _id: string })._id;
      const { mailboxes } = (await callApi(server, '/api/email/mailboxes', { token })) as {
        mailboxes: { _id: string; isDefault: boolean }[];
      };
      const officeId = mailboxes.find((m) => m.isDefault)!._id;
      const leadIds: string[] = [];
      for (let i = 0; i < 60; i += 1) {
        const created = await postApi(
          server,
          '/api/leads',
          {
            companyName: 'Held Mailbox Works',
            personFirstName: `Held${i}`,
            personLastName: 'Reader',
            personEmail: `held-reader-${i}@example.org`,
            source: 'Referral',
          },
          token,
        );
        leadIds.push(created._id as string);
      }
      const name = 'Spring routes over two mailboxes';
      const campaign = await postApi(
        server,
        '/api/campaigns',
        {
          name,
          emailSubject: 'Spring routes for {{firstName}}',
          emailBody: '<p>Hi {{firstName}}, would a short call suit you?</p>',
          leads: leadIds,
          mailboxIds: [officeId, refusingId],
          sendingWindow: null,
          gapSeconds: { min: 0, max: 0 },
        },
        token,
      );
      const id = campaign._id as string;
      await postApi(server, `/api/campaigns/${id}/send`, {}, token);
      const detail = () => callApi(server, `/api/campaigns/${id}`, { token });
      await expect
        .poll(async () => ((await detail()).heldMailboxes as unknown[]).length, {
          timeout: 60_000,
        })
        .toBe(1);

      await page.goto('/campaigns');
      await page
        .getByRole('article', { name, exact: true })
        .getByRole('button', { name: 'View' })
        .click();
      const drawer = page.getByRole('dialog');
      const banner = drawer.getByTestId('campaign-held-mailboxes');
      await visible(banner.getByText('Not sending from some mailboxes'));
      await visible(banner.getByText('bea@refusing.example.org'));
      await visible(banner.getByText(/^Too many bounces: \d+ of \d+ emails bounced/));
      await visible(drawer.getByText(/First email: \d+ sent, \d+ failed, [1-9]\d* waiting/));
      await snapAll('campaign-held-mailbox');

      await banner
        .getByRole('button', { name: 'Resume sending from bea@refusing.example.org' })
        .click();
      await visible(page.getByText('Sending from this mailbox resumed'));
      await expect.poll(async () => banner.count(), { timeout: 10_000 }).toBe(0);
      // Its waiting leads go (the server still refuses them: too few to hold it again).
      await visible(drawer.getByText('Completed').first(), 60_000);
      expect(errors).toEqual([]);
    } finally {
      await refusing.stop();
    }
  });
});
