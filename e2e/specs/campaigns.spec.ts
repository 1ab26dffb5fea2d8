import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { callApi, signinToken } from '../support/api.ts';
import { DESKTOP, PHONE, launchBrowser, newPage, snap, snapDark } from '../support/browser.ts';
import { startMailbox } from '../support/email-pages.ts';
import type { Mailbox } from '../support/email-pages.ts';
import { confirmDialog, DEMO_ADMIN, DEMO_PASSWORD, signInDemo } from '../support/leads-pages.ts';
import { hidden, toast, visible } from '../support/pages.ts';
import { startServer } from '../support/server.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;

const LEADS = ['Nova', 'Orin', 'Pia', 'Quade', 'Rhea'].map((first) => ({
  first,
  email: `${first.toLowerCase()}.campaignweb@lead.test`,
}));
const NAME = 'Autumn webinar invite';
const RICH = 'Rich webinar reminder';

/** A JSON call to one server as one user. */
const call = (
  target: RunningServer,
  bearer: string | null,
  method: string,
  path: string,
  body?: unknown,
) => callApi(target, path, { method, token: bearer, body });

const api = (method: string, path: string, body?: unknown) =>
  call(server, token, method, path, body);

/** The user's SMTP settings: the test mailbox on loopback. */
const configureSmtp = (target: RunningServer, bearer: string, box: Mailbox) =>
  call(target, bearer, 'POST', '/api/email/config', {
    smtp: { host: box.host, port: box.port, secure: false, user: box.user, pass: box.password },
  });

/** Screenshots at 1280 and at 375 px wide (the page goes back to 1280 afterwards). */
const snapBoth = async (name: string) => {
  await snap(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // layout settles at the new width
  await snap(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
};

const card = (name: string): Locator => page.getByRole('article', { name, exact: true });
const dialog = () => page.getByRole('dialog');

const statValue = async (label: string) =>
  Number(
    (
      await page
        .getByLabel('Campaign statistics')
        .getByText(label, { exact: true })
        .locator('xpath=following-sibling::*[1]')
        .innerText()
    ).replace(/,/g, ''),
  );

describe('campaigns in the browser', () => {
  beforeAll(async () => {
    mailbox = await startMailbox('campaigns@mail.test', 'campaign-web-pass');
    server = await startServer({ args: ['--demo'] });
    browser = await launchBrowser();
    ({ context, page, errors } = await newPage(browser, server.url));
    token = await signinToken(server, DEMO_ADMIN, DEMO_PASSWORD);
    await configureSmtp(server, token, mailbox);
    for (const lead of LEADS)
      await api('POST', '/api/leads', {
        companyName: 'Campaign Web Co',
        personFirstName: lead.first,
        personLastName: 'Tester',
        personEmail: lead.email,
        source: 'Referral',
      });
    await signInDemo(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    await mailbox?.stop();
  });

  it('lists the demo campaigns with stats, search, status filter and sort', async () => {
    await page.goto('/campaigns');
    await visible(page.getByRole('heading', { name: 'Campaign Management' }));
    await visible(card('Spring product launch'));
    expect(await statValue('Total')).toBe(6);
    expect(await statValue('Running')).toBe(1);
    expect(await statValue('Completed')).toBe(2);
    const spring = card('Spring product launch');
    await visible(spring.getByText('Paused'));
    await visible(spring.getByRole('button', { name: 'Send' }));
    await visible(spring.getByRole('img', { name: 'Email campaign' }));
    // Send is offered only for draft or paused campaigns.
    expect(await card('Retail call round').getByRole('button', { name: 'Send' }).count()).toBe(0);
    await snapBoth('campaigns-list');

    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await hidden(card('Spring product launch'));
    expect(await page.getByRole('article').count()).toBe(2);
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await visible(card('Spring product launch'));
    await page.getByRole('textbox', { name: 'Search campaigns' }).fill('retail');
    await hidden(card('Spring product launch'));
    await visible(card('Retail call round'));
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('textbox', { name: 'Search campaigns' }).fill('no such campaign');
    await visible(page.getByText('No campaigns found'));
    await page.getByLabel('Clear search campaigns').click();
    await visible(card('Spring product launch'));
    await page.getByLabel('Sort by').selectOption('type');
    // The list re-sorts on the next render: wait for it rather than read the cards at once.
    const firstName = () =>
      page
        .getByRole('article')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))[0]);
    await expect.poll(firstName, { timeout: 10_000 }).toBe('Event follow-up calls');
    expect(errors).toEqual([]);
  });

  it('creates a campaign through the modal, with its validation texts', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await visible(dialog().getByText('Create New Campaign'));
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    for (const message of [
      'Campaign name is required',
      'Email subject is required',
      'Email body is required',
    ])
      await visible(dialog().getByText(message));
    // The send rate is asked for only when not sending immediately.
    expect(await dialog().getByLabel('Send rate per hour').count()).toBe(0);
    await dialog().getByLabel('Send immediately').click();
    await dialog().getByLabel('Send rate per hour').fill('0');
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await visible(dialog().getByText('Send rate must be between 1 and 1000 per hour'));
    await dialog().getByLabel('Send rate per hour').fill('1000');
    await dialog().getByLabel('Send immediately').click();

    await dialog().getByLabel('Campaign name').fill(NAME);
    await dialog().getByLabel('Description').fill('Invite the test leads to the webinar');
    await dialog().getByLabel('Email subject').fill('Join us, {{firstName}}');
    await dialog()
      .getByRole('textbox', { name: 'Email body' })
      .fill('Hi {{firstName}}, our autumn webinar is on Thursday. Want a seat?');
    const picker = dialog().getByLabel('Leads', { exact: true });
    for (const lead of LEADS) {
      await picker.fill(lead.first);
      await page.getByRole('option', { name: new RegExp(`^${lead.first} Tester`) }).click();
    }
    await visible(dialog().getByText('Reaches 5 leads right now.'));
    // The sending window: Monday to Friday, 09:00 to 17:00 in the browser's zone at first.
    expect(await dialog().getByLabel('Monday').isChecked()).toBe(true);
    expect(await dialog().getByLabel('Saturday').isChecked()).toBe(false);
    expect(await dialog().getByLabel('From', { exact: true }).inputValue()).toBe('09:00');
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await dialog().getByLabel('Time zone', { exact: true }).inputValue()).toBe(browserZone);
    await dialog().getByLabel('From', { exact: true }).selectOption('17:00');
    await dialog().getByLabel('Until', { exact: true }).selectOption('09:00');
    await dialog().getByLabel('Shortest gap (seconds)').fill('200');
    await dialog().getByLabel('Longest gap (seconds)').fill('100');
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await visible(dialog().getByText('The start time must be before the end time'));
    await visible(dialog().getByText('The shortest gap cannot be longer than the longest'));
    await dialog().getByLabel('Until', { exact: true }).scrollIntoViewIfNeeded();
    await snapBoth('campaigns-window-errors');
    // Every day, all day, without a gap: the test's emails go at once, at any hour.
    await dialog().getByLabel('Saturday').check();
    await dialog().getByLabel('Sunday').check();
    await dialog().getByLabel('From', { exact: true }).selectOption('00:00');
    await dialog().getByLabel('Until', { exact: true }).selectOption('24:00');
    await dialog().getByLabel('Time zone', { exact: true }).selectOption('Europe/Berlin');
    await dialog().getByLabel('Shortest gap (seconds)').fill('0');
    await dialog().getByLabel('Longest gap (seconds)').fill('0');
    await dialog().getByLabel('Until', { exact: true }).scrollIntoViewIfNeeded();
    await snapBoth('campaigns-window');
    await snapDark(page, 'campaigns-window-1280');
    await dialog().getByLabel('Campaign name').scrollIntoViewIfNeeded();
    await snapBoth('campaigns-create');
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');
    await visible(card(NAME).getByText('Draft'));
    expect(await card(NAME).getByText('5', { exact: true }).count()).toBeGreaterThan(0);

    // A click on the backdrop closes the modal.
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await visible(dialog().getByText('Create New Campaign'));
    await page.mouse.click(5, 400);
    await hidden(page.getByText('Create New Campaign'));
    expect(errors).toEqual([]);
  });

  it('edits the campaign', async () => {
    await card(NAME).getByRole('button', { name: 'Edit' }).click();
    await visible(dialog().getByText('Edit Campaign'));
    await visible(dialog().getByText('Nova Tester · Campaign Web Co'));
    await dialog().getByLabel('Description').fill('Invite five test leads to the autumn webinar');
    await dialog().getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Campaign updated');
    await visible(card(NAME).getByText('Invite five test leads to the autumn webinar'));
  });

  it('sends, pauses at once, resumes and completes: one email per lead', async () => {
    mailbox.hold(); // the first email waits inside the SMTP transaction
    await card(NAME).getByRole('button', { name: 'Send' }).click();
    await confirmDialog(page, 'Send this campaign now?', 'Send');
    await toast(page, 'Campaign sent successfully!');
    await visible(card(NAME).getByText('Active'));
    await card(NAME).getByRole('button', { name: 'Pause' }).click();
    await toast(page, 'Campaign paused');
    await visible(card(NAME).getByText('Paused'));
    mailbox.release();
    await page.waitForTimeout(3000);
    // At most the one email already handed to the SMTP server when the pause came.
    expect(mailbox.messages.length).toBeLessThanOrEqual(1);

    await card(NAME).getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByText('Progress'));
    await visible(drawer.getByRole('table', { name: 'Campaign leads' }));
    await visible(drawer.getByText('Queued').first());
    await snapBoth('campaigns-paused-detail');
    await drawer.getByRole('button', { name: 'Resume' }).click();
    await toast(page, 'Campaign resumed');
    await visible(drawer.getByText('5 of 5 leads reached'), 60_000);
    await visible(drawer.getByText('Completed').first(), 30_000);
    await visible(drawer.getByText(/Sent \(5\)/));
    await visible(drawer.getByText('Every day, 00:00–24:00 (Europe/Berlin)'));
    await visible(drawer.getByText('None between emails'));
    await snapBoth('campaigns-completed-detail');
    await page.keyboard.press('Escape');

    await mailbox.waitFor(5);
    const perLead = LEADS.map(
      (lead) => mailbox.messages.filter((m) => m.recipients.includes(lead.email)).length,
    );
    expect(perLead).toEqual([1, 1, 1, 1, 1]);
    const nova = mailbox.messages.find((m) => m.recipients.includes(LEADS[0]!.email))!;
    expect(nova.subject).toBe('Join us, Nova');
    expect(nova.html).toContain('Hi Nova,');
    await visible(card(NAME).getByText('Completed'));
    expect(errors).toEqual([]);
  });

  it('writes the body and a follow-up in the rich editor; the HTML reaches the mail server', async () => {
    await page.goto('/campaigns');
    await page.getByRole('button', { name: 'New Campaign' }).click();
    await visible(dialog().getByText('Create New Campaign'));
    await dialog().getByLabel('Campaign name').fill(RICH);
    await dialog().getByLabel('Email subject').fill('Seats for {{firstName}}');
    const body = dialog().getByRole('textbox', { name: 'Email body' });
    await body.click();
    await body.pressSequentially('Hi {{firstName}}, ');
    await page.keyboard.press('ControlOrMeta+b');
    await body.pressSequentially('seats are limited');
    await page.keyboard.press('ControlOrMeta+b');
    await body.pressSequentially('.');
    // The body's editor is the composer's: its toolbar with the one font control.
    expect(await dialog().getByRole('combobox', { name: 'Font family' }).count()).toBe(1);
    await dialog().getByRole('button', { name: 'Add follow-up' }).click();
    const step = dialog().getByRole('textbox', { name: 'Follow-up 1 message' });
    await step.click();
    await page.keyboard.press('ControlOrMeta+i');
    await step.pressSequentially('Last call');
    await page.keyboard.press('ControlOrMeta+i');
    await step.pressSequentially(', {{firstName}}.');
    const picker = dialog().getByLabel('Leads', { exact: true });
    await picker.fill(LEADS[1]!.first);
    await page.getByRole('option', { name: new RegExp(`^${LEADS[1]!.first} Tester`) }).click();
    // Any hour, any day: the email goes at once whenever the test runs.
    await dialog().getByLabel('Send only in a sending window').click();
    expect(await dialog().getByLabel('Saturday').count()).toBe(0);
    await body.scrollIntoViewIfNeeded();
    await snapBoth('campaigns-rich-body');
    await snapDark(page, 'campaigns-rich-body-1280');
    await step.scrollIntoViewIfNeeded();
    await snap(page, 'campaigns-rich-follow-up-1280');
    await snapDark(page, 'campaigns-rich-follow-up-1280');
    await dialog().getByRole('button', { name: 'Create Campaign' }).click();
    await toast(page, 'Campaign created');

    const campaigns = (await api('GET', '/api/campaigns')) as unknown as {
      _id: string;
      name: string;
      emailBody: string;
      followUps: { body: string }[];
    }[];
    const rich = campaigns.find((campaign) => campaign.name === RICH)!;
    expect(rich.emailBody).toContain('<strong>seats are limited</strong>');
    expect(rich.followUps[0]!.body).toContain('<em>Last call</em>, {{firstName}}.');

    // Editing shows the stored HTML in the editor again.
    await card(RICH).getByRole('button', { name: 'Edit' }).click();
    await visible(dialog().getByRole('textbox', { name: 'Email body' }).locator('strong'));
    await page.setViewportSize(PHONE);
    await visible(dialog().getByRole('textbox', { name: 'Follow-up 1 message' }).locator('em'));
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press('Escape');

    await card(RICH).getByRole('button', { name: 'Send' }).click();
    await confirmDialog(page, 'Send this campaign now?', 'Send');
    await toast(page, 'Campaign sent successfully!');
    const toOrin = () => mailbox.messages.find((m) => m.subject === 'Seats for Orin');
    await expect.poll(() => toOrin() !== undefined, { timeout: 30_000 }).toBe(true);
    const orin = toOrin()!;
    expect(String(orin.html)).toContain('Hi Orin, <strong>seats are limited</strong>.');
    expect(errors).toEqual([]);
  });

  it('shows when a campaign outside its window sends next', async () => {
    // A window open only on the day after tomorrow (UTC): closed now, whatever the hour.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const day = ((later.getUTCDay() + 6) % 7) + 1;
    const found = (await api('GET', `/api/leads?search=${LEADS[2]!.email}`)) as unknown as {
      leads: { _id: string }[];
    };
    const created = await api('POST', '/api/campaigns', {
      name: 'Later this week',
      emailSubject: 'Hello {{firstName}}',
      emailBody: 'Hi {{firstName}}, a note for later.',
      leads: [found.leads[0]!._id],
      sendingWindow: { days: [day], start: '00:00', end: '24:00', timeZone: 'UTC' },
      gapSeconds: { min: 0, max: 0 },
    });
    await api('POST', `/api/campaigns/${created._id as string}/send`);
    await page.goto('/campaigns');
    await card('Later this week').getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog');
    const opening = new Date(
      Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate()),
    );
    const detail = await api('GET', `/api/campaigns/${created._id as string}`);
    expect(detail.nextSendAt).toBe(opening.toISOString());
    await visible(drawer.getByText(/^Next send: /));
    const short = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][day - 1]!;
    await visible(drawer.getByText(`${short}, 00:00–24:00 (UTC)`));
    await snapBoth('campaigns-next-send');
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('ticks off LinkedIn tasks and deletes a draft', async () => {
    const linkedIn = card('LinkedIn connect: healthcare');
    await linkedIn.getByRole('button', { name: 'View' }).click();
    const drawer = page.getByRole('dialog');
    await visible(drawer.getByText('8 of 20 leads done'));
    await drawer.getByRole('checkbox').first().waitFor();
    // Each task links the lead's profile.
    await visible(drawer.getByRole('link', { name: /^Open .+'s profile$/ }).first());
    await drawer.getByRole('checkbox', { checked: false }).first().click();
    await visible(drawer.getByText('9 of 20 leads done'));
    await snapBoth('campaigns-tasks');
    await page.keyboard.press('Escape');
    await visible(linkedIn.getByText('9', { exact: true }));

    await card('Event follow-up calls').getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page, 'Delete this campaign? This cannot be undone.');
    await toast(page, 'Campaign deleted successfully');
    await hidden(card('Event follow-up calls'));
    expect(errors).toEqual([]);
  });
});

/** The process listening on a loopback port (its socket's inode, found among /proc/<pid>/fd). */
const pidListeningOn = (port: number): number => {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      if (columns[1]?.endsWith(hex) && columns[3] === '0A') inodes.add(columns[9]!);
    }
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket && inodes.has(socket[1]!)) return Number(pid);
      }
    } catch {
      // gone, or not ours to read
    }
  }
  throw new Error(`nothing listens on port ${port}`);
};

const POSTGRES = process.env.TEST_DATABASE_URL;
const SKIP_REASON =
  'skipped: two server processes can only share a PostgreSQL server (PGlite is one process); set TEST_DATABASE_URL';

describe.skipIf(!POSTGRES)(
  `the campaign engine across two server processes on one PostgreSQL${POSTGRES ? '' : ` (${SKIP_REASON})`}`,
  () => {
    const SHARED = {
      JWT_SECRET: 'campaign-processes-jwt-secret-0123456789abcdef',
      SECRET_KEY: 'campaign-processes-secret-key-0123456789abcdef',
      SUPERADMIN_EMAIL: 'root@processes.test',
      SUPERADMIN_PASSWORD: 'processes-root-password',
    };
    const LEADS_PER_RUN = 300;
    let first: RunningServer;
    let second: RunningServer;
    let sink: Mailbox;
    let db: pg.Client;
    let admin: string;
    let organizationId: string;

    beforeAll(async () => {
      sink = await startMailbox('processes@mail.test', 'processes-smtp-pass');
      first = await startServer({ env: SHARED });
      second = await startServer({ env: { ...SHARED, DATABASE_URL: first.databaseUrl! } });
      const root = await signinToken(first, SHARED.SUPERADMIN_EMAIL, SHARED.SUPERADMIN_PASSWORD);
      await call(first, root, 'POST', '/api/auth/signup', {
        name: 'Process Admin',
        email: 'admin@processes.test',
        password: 'process-admin-password',
        role: 'Admin',
        organizationName: 'processes',
      });
      admin = await signinToken(second, 'admin@processes.test', 'process-admin-password');
      await configureSmtp(second, admin, sink);
      db = new pg.Client({ connectionString: first.databaseUrl });
      await db.connect();
      organizationId = (
        await db.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'processes'")
      ).rows[0]!.id;
    });
    afterAll(async () => {
      await db?.end();
      await second?.stop();
      await first?.stop();
      await sink?.stop();
    });

    /** Leads written straight into the shared database: `tag-<n>@processes.test`. */
    const seedLeads = async (tag: string) => {
      const { rows } = await db.query<{ id: string; email: string }>(
        `INSERT INTO leads (organization_id, company_name, person_first_name, person_last_name,
           person_email, source, status)
         SELECT $1, 'Process Co', 'P' || g, 'Lead', $2 || '-' || g || '@processes.test',
           'Referral', 'Cold Lead'
         FROM generate_series(1, $3::int) AS g
         RETURNING id, person_email AS email`,
        [organizationId, tag, LEADS_PER_RUN],
      );
      return rows;
    };

    const startCampaign = async (through: RunningServer, name: string, leads: string[]) => {
      const created = await call(through, admin, 'POST', '/api/campaigns', {
        name,
        emailSubject: 'Hello {{firstName}}',
        emailBody: 'Hi {{firstName}}, a note from two processes.',
        leads,
        sendingWindow: null,
        gapSeconds: { min: 0, max: 0 },
      });
      await call(through, admin, 'POST', `/api/campaigns/${created._id as string}/send`);
      return created._id as string;
    };

    const received = (addresses: readonly string[]) => {
      const wanted = new Set(addresses);
      const counts = new Map<string, number>();
      for (const message of sink.messages)
        for (const to of message.recipients)
          if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    };

    const poll = async (check: () => Promise<boolean>, what: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };

    it('sends exactly one email per lead between them', async () => {
      const leads = await seedLeads('both');
      const id = await startCampaign(
        first,
        'Two processes',
        leads.map((lead) => lead.id),
      );
      await poll(
        async () =>
          (await call(second, admin, 'GET', `/api/campaigns/${id}`)).status === 'completed',
        'the campaign completes',
        240_000,
      );
      const counts = received(leads.map((lead) => lead.email));
      expect(counts.size).toBe(LEADS_PER_RUN);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const { rows } = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM sent_emails
         WHERE kind = 'campaign' AND lead_id = ANY($1::uuid[]) GROUP BY status`,
        [leads.map((lead) => lead.id)],
      );
      expect(rows).toEqual([{ status: 'sent', n: LEADS_PER_RUN }]);
      const detail = await call(first, admin, 'GET', `/api/campaigns/${id}`);
      expect(detail).toMatchObject({ sentCount: LEADS_PER_RUN, leadCount: LEADS_PER_RUN });
    });

    // The survivor takes over only once the dead process's 60 s claim lease lapses: the test's
    // own waits (120 s for the first emails, 300 s to settle) bound it, not the suite's 120 s.
    it('survives a process killed mid-send: no lead is mailed twice, the rest is sent', async () => {
      const leads = await seedLeads('kill');
      const addresses = leads.map((lead) => lead.email);
      const id = await startCampaign(
        second,
        'One process killed',
        leads.map((lead) => lead.id),
      );
      await poll(async () => received(addresses).size >= 30, 'the first emails arrive', 120_000);
      process.kill(pidListeningOn(first.port), 'SIGKILL');
      const killedAt = received(addresses).size;

      // The survivor takes over the dead process's claims once their lease lapses; an email
      // the dead one had reserved but not recorded stays 'sending' and is never sent again.
      const openRows = async () =>
        (
          await db.query<{ queued: number; unsettled: number }>(
            `SELECT count(*) FILTER (WHERE d.state = 'queued')::int AS queued,
               count(*) FILTER (WHERE d.state = 'sending'
                 AND coalesce(e.status, 'none') <> 'sending')::int AS unsettled
             FROM campaign_deliveries d
             LEFT JOIN sent_emails e ON e.lead_id = d.lead_id AND e.kind = 'campaign'
             WHERE d.campaign_id = $1`,
            [id],
          )
        ).rows[0]!;
      await poll(
        async () => {
          const open = await openRows();
          return open.queued === 0 && open.unsettled === 0;
        },
        'every lead is settled',
        300_000,
      );
      const counts = received(addresses);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const { rows } = await db.query<{ lead: string; state: string; email: string | null }>(
        `SELECT d.lead_id AS lead, d.state, e.status AS email FROM campaign_deliveries d
         LEFT JOIN sent_emails e ON e.lead_id = d.lead_id AND e.kind = 'campaign'
         WHERE d.campaign_id = $1`,
        [id],
      );
      const sent = rows.filter((row) => row.state === 'sent');
      const cutOff = rows.filter((row) => row.state !== 'sent');
      // What the killed process was doing: emails reserved and not yet recorded. They are
      // never sent again; all but the one it may have been handing to the SMTP server reached
      // the server (a process overlaps four emails' bookkeeping, one SMTP conversation).
      expect(cutOff.length).toBeLessThanOrEqual(5);
      expect(cutOff.every((row) => row.state === 'sending' && row.email === 'sending')).toBe(true);
      expect(sent.length + cutOff.length).toBe(LEADS_PER_RUN);
      const byId = new Map(leads.map((lead) => [lead.id, lead.email]));
      for (const row of sent) expect(counts.get(byId.get(row.lead)!)).toBe(1);
      const missing = leads.filter((lead) => !counts.has(lead.email));
      expect(missing.length).toBeLessThanOrEqual(1);
      expect(killedAt).toBeLessThan(LEADS_PER_RUN);
      console.info(
        `killed after ${killedAt} emails arrived; ${sent.length} sent and recorded, ${cutOff.length} cut off mid-send (${cutOff.length - missing.length} of them reached the SMTP server); no lead mailed twice, ${missing.length} lead without its email`,
      );
    }, 480_000);
  },
);
