import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SentEmail } from '@leadline/shared/email';
import type { TrackingHit, TrackingSummary } from '@leadline/shared/tracking';
import { sentEmails } from '../src/db/schema.ts';
import { campaignDeliveries } from '../src/db/tables.ts';
import { PIXEL } from '../src/modules/tracking/endpoints.ts';
import { createTrackingTokens } from '../src/modules/tracking/tokens.ts';
import { TEST_PUBLIC_URL, TEST_SECRET_KEY } from './context.ts';
import type { TestContext } from './context.ts';
import { bulkPayload, openWithSmtp, rawHeader, runBulk } from './email-bulk-support.ts';
import { callAs, createLead } from './fixtures.ts';
import type { LeadBody, OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import {
  HUMAN_AGENT,
  ageEmail,
  flushHits,
  lastMessageFor,
  sentEmailOf,
  setTracking,
  trackingPathsOf,
} from './tracking-support.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
let lead: LeadBody;
let leads = 0;

const LINK_A = 'https://example.com/pricing?plan=pro&ref=mail';
const LINK_B = 'https://docs.example.org/start';
const BODY = `<p>Dear Ada,</p><p>See <a href="${LINK_A.replace('&', '&amp;')}">our prices</a> and <a href="${LINK_B}">the guide</a>, or <a href="mailto:sales@example.com">write to us</a>.</p>`;

beforeAll(async () => {
  // The tests' requests come from 127.0.0.1: its X-Forwarded-For is believed (an Apple address).
  ({ t, smtp, acme, globex } = await openWithSmtp(
    'smtp-tracking-Zr4',
    ['acme-tracking', 'globex-tracking'],
    { trustProxy: ['127.0.0.1'] },
  ));
  lead = await newLead();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const newLead = () =>
  createLead(t, acme.token, {
    personEmail: `ada-${++leads}@lead.test`,
    personFirstName: 'Ada',
  });

/** Sends the composer's email to the lead; answers the message as received and its record. */
const sendTo = async (to: LeadBody, extra: Record<string, unknown> = {}) => {
  const response = await t.request({
    method: 'POST',
    url: `/api/leads/${to._id}/send-mail`,
    token: acme.token,
    payload: { subject: `Prices ${++leads}`, body: BODY, ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  const message = await lastMessageFor(smtp, to.personEmail);
  return { message, row: await sentEmailOf(t, message) };
};

const hit = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.request({ method, url, headers: { 'user-agent': HUMAN_AGENT, ...headers } });

const hitsOf = async (leadId: string, emailId: string, token = acme.token) => {
  const response = await callAs(t, token, 'GET', `/api/leads/${leadId}/emails/${emailId}/hits`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { hits: TrackingHit[] }).hits;
};

const emailRow = async (leadId: string, emailId: string) => {
  const response = await callAs(t, acme.token, 'GET', `/api/leads/${leadId}/emails`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SentEmail[]).find((email) => email._id === emailId)!;
};

describe('tracking off (the default)', () => {
  it('is off for a new organisation, and its emails go as written', async () => {
    const settings = await callAs(t, acme.token, 'GET', '/api/organizations/settings');
    expect(settings.json()).toMatchObject({ tracking: false });
    const { message, row } = await sendTo(lead);
    const html = String(message.html);
    expect(html).not.toContain('/t/');
    expect(html).toContain(LINK_B);
    expect(row.tracked).toBe(false);
    expect(row.trackedLinks).toBeNull();
    const listed = await emailRow(lead._id, row.id);
    expect(listed).toMatchObject({
      tracked: false,
      opens: { human: 0, proxy: 0, machine: 0 },
      clicks: { human: 0, machine: 0 },
    });
  });

  it('is switched by an Admin only, and the change is in the activity log', async () => {
    const rep = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-tracking' });
    const refused = await callAs(t, rep.token, 'PUT', '/api/organizations/settings', {
      tracking: true,
    });
    expect(refused.statusCode).toBe(403);
    const bad = await callAs(t, acme.token, 'PUT', '/api/organizations/settings', {
      tracking: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    await setTracking(t, acme.token, true);
    const activity = await callAs(t, acme.token, 'GET', '/api/activity');
    expect(activity.body).toContain('Open and click tracking switched on');
  });
});

describe('tracked emails', () => {
  beforeAll(() => setTracking(t, acme.token, true));

  it('carry the pixel and rewritten links in HTML only; the record keeps the original', async () => {
    const { message, row } = await sendTo(lead);
    const html = String(message.html);
    const { pixel, links } = trackingPathsOf(html);
    expect(pixel).not.toBeNull();
    expect(links).toHaveLength(2);
    expect(html).not.toContain(LINK_B);
    expect(html).toContain('mailto:sales@example.com');
    // No image in the email: the pixel is a 1x1 block's background (no <img>, see README).
    expect(html).not.toContain('<img');
    expect(html).toMatch(
      /<div style="width:1px;height:1px;[^"]*background:url\(https:\/\/crm\.leadline\.test\/t\/o\/[\w-]{43}\) no-repeat">/,
    );
    // The text part keeps its links as written.
    expect(message.text).not.toContain('/t/');
    expect(row.tracked).toBe(true);
    expect(row.trackedLinks).toEqual([LINK_A, LINK_B]);
    expect(row.bodyHtml).toContain(LINK_B);
    expect(row.bodyHtml).not.toContain('/t/');
  });

  it('a click goes to the link the email had (302), and only there', async () => {
    const { message, row } = await sendTo(lead);
    const { links } = trackingPathsOf(String(message.html));
    const first = await hit(links[0]!);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(LINK_A);
    expect(first.headers['cache-control']).toContain('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await hit(links[1]!)).headers.location).toBe(LINK_B);
    // A token signed with the server's key but naming a link the email does not have.
    const tokens = createTrackingTokens(TEST_SECRET_KEY);
    const beyond = tokens.token({ sentEmailId: row.id, kind: 'click', link: 7 });
    const missing = await hit(`/t/c/${beyond}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.headers.location).toBeUndefined();
  });

  it('forged, garbled and huge tokens: the pixel or a plain 404 page, never a 5xx', async () => {
    const { message } = await sendTo(lead);
    const { pixel, links } = trackingPathsOf(String(message.html));
    const flip = (path: string, at: number) =>
      `${path.slice(0, at)}${path[at] === 'A' ? 'B' : 'A'}${path.slice(at + 1)}`;
    const opens = [
      flip(pixel!, pixel!.length - 3),
      flip(pixel!, 8),
      '/t/o/',
      '/t/o/not-a-token',
      `/t/o/${'A'.repeat(20_000)}`,
      '/t/o/%00%20',
      `${pixel}/extra`,
      // A click's token is no pixel's.
      `/t/o/${links[0]!.slice('/t/c/'.length)}`,
    ];
    for (const url of opens) {
      const answer = await hit(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type']).toBe('image/gif');
      expect(answer.rawPayload.equals(PIXEL)).toBe(true);
    }
    const clicks = [
      flip(links[0]!, links[0]!.length - 2),
      '/t/c/',
      `/t/c/${'_'.repeat(20_000)}`,
      '/t/c/..%2F..%2Fapi%2Fhealth',
      `/t/c/${pixel!.slice('/t/o/'.length)}`,
    ];
    for (const url of clicks) {
      const answer = await hit(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers.location).toBeUndefined();
      expect(answer.body).toContain('not valid');
    }
    // Bytes that are no UTF-8: the framework refuses the address itself (400) before any route.
    expect((await hit('/t/o/%ff%fe')).statusCode).toBe(400);
    await flushHits();
    expect(PIXEL.length).toBe(43);
  });

  it('classes each hit with its reason', async () => {
    const { message, row } = await sendTo(lead);
    const { pixel } = trackingPathsOf(String(message.html));
    await ageEmail(t, row.id);
    await hit(pixel!, { 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '17.58.101.7' });
    await hit(pixel!, { 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '203.0.113.9' });
    await hit(pixel!, {
      'user-agent':
        'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
    });
    await hit(pixel!, {}, 'HEAD');
    await hit(pixel!, { 'sec-purpose': 'prefetch;prerender' });
    await hit(pixel!, { purpose: 'prefetch' });
    await hit(pixel!, { 'user-agent': 'Mozilla/5.0 (compatible; Barracuda Sentinel)' });
    await hit(pixel!, { 'user-agent': '' });
    await hit(pixel!);
    await flushHits();
    const hits = await hitsOf(lead._id, row.id);
    const seen = hits.map((h) => [h.class, h.reason]).reverse();
    expect(seen).toEqual([
      ['proxy', 'Apple Mail Privacy Protection'],
      // "Mozilla/5.0" from elsewhere is no Apple proxy: a person as far as anyone can tell.
      ['human', 'Person'],
      ['proxy', 'Google image proxy'],
      ['machine', 'HEAD request'],
      ['machine', 'Prefetch'],
      ['machine', 'Prefetch'],
      ['machine', 'Link scanner (user agent “barracuda”)'],
      ['machine', 'No user agent'],
      ['human', 'Person'],
    ]);
    expect(hits.every((h) => h.kind === 'open' && h.url === null)).toBe(true);
    const listed = await emailRow(lead._id, row.id);
    expect(listed.tracked).toBe(true);
    expect(listed.opens).toEqual({ human: 2, proxy: 2, machine: 5 });
    expect(listed.clicks).toEqual({ human: 0, machine: 0 });
  });

  it('a hit 2 s after sending is a machine; the same later is a person', async () => {
    const { message, row } = await sendTo(lead);
    const { pixel, links } = trackingPathsOf(String(message.html));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await hit(pixel!);
    await hit(links[0]!);
    await flushHits();
    const early = await hitsOf(lead._id, row.id);
    expect(early.map((h) => [h.kind, h.class, h.reason])).toEqual([
      ['click', 'machine', 'Within 10 s of sending'],
      ['open', 'machine', 'Within 10 s of sending'],
    ]);
    const later = await sendTo(lead);
    const paths = trackingPathsOf(String(later.message.html));
    await ageEmail(t, later.row.id, 30);
    await hit(paths.pixel!);
    await hit(paths.links[1]!);
    await flushHits();
    const hits = await hitsOf(lead._id, later.row.id);
    expect(hits.map((h) => [h.kind, h.class, h.url])).toEqual([
      ['click', 'human', LINK_B],
      ['open', 'human', null],
    ]);
  });

  it('every link clicked within 5 s: all of those clicks are a machine’s', async () => {
    const { message, row } = await sendTo(lead);
    const { links } = trackingPathsOf(String(message.html));
    await ageEmail(t, row.id);
    await hit(links[0]!);
    // The first click is written (a person's, so far) before the second comes.
    await flushHits();
    expect((await emailRow(lead._id, row.id)).clicks).toEqual({ human: 1, machine: 0 });
    await hit(links[1]!);
    await flushHits();
    const hits = await hitsOf(lead._id, row.id);
    expect(hits.map((h) => [h.class, h.reason])).toEqual([
      ['machine', 'Every link clicked within 5 s'],
      ['machine', 'Every link clicked within 5 s'],
    ]);
    expect((await emailRow(lead._id, row.id)).clicks).toEqual({ human: 0, machine: 2 });
  });

  it('a lead marked "do not track", or a send asking not to, goes untracked', async () => {
    const quiet = await newLead();
    const marked = await callAs(t, acme.token, 'PUT', `/api/leads/${quiet._id}`, {
      doNotTrack: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().doNotTrack).toBe(true);
    const untracked = await sendTo(quiet);
    expect(String(untracked.message.html)).not.toContain('/t/');
    expect(untracked.row.tracked).toBe(false);
    const asked = await sendTo(lead, { track: false });
    expect(String(asked.message.html)).not.toContain('/t/');
    expect(asked.row.tracked).toBe(false);
  });

  it("another organisation's user cannot read an email's hits", async () => {
    const { row } = await sendTo(lead);
    const foreign = await callAs(
      t,
      globex.token,
      'GET',
      `/api/leads/${lead._id}/emails/${row.id}/hits`,
    );
    expect(foreign.statusCode).toBe(404);
    const otherLead = await newLead();
    const wrongLead = await callAs(
      t,
      acme.token,
      'GET',
      `/api/leads/${otherLead._id}/emails/${row.id}/hits`,
    );
    expect(wrongLead.statusCode).toBe(404);
    const badId = await callAs(t, acme.token, 'GET', `/api/leads/${lead._id}/emails/nope/hits`);
    expect(badId.statusCode).toBe(404);
  });
});

describe('summaries', () => {
  it("a campaign's tracking, and the report's, count its emails' hits by class", async () => {
    await setTracking(t, acme.token, true);
    const created = await callAs(t, acme.token, 'POST', '/api/campaigns', {
      name: 'Tracked campaign',
      type: 'email',
      emailSubject: 'Hello',
      emailBody: '<p>Hello there</p>',
      leads: [lead._id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json() as { _id: string; track: boolean };
    expect(campaign.track).toBe(true);
    const untracked = await callAs(t, acme.token, 'POST', '/api/campaigns', {
      name: 'Untracked campaign',
      type: 'email',
      emailSubject: 'Hello',
      emailBody: '<p>Hello there</p>',
      track: false,
    });
    expect(untracked.statusCode, untracked.body).toBe(201);
    expect(untracked.json().track).toBe(false);
    const edited = await callAs(t, acme.token, 'PUT', `/api/campaigns/${untracked.json()._id}`, {
      track: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().track).toBe(true);
    // One of its emails (as the engine records it), opened by a person and a proxy, clicked.
    const { message, row } = await sendTo(lead);
    await t.database.db.insert(campaignDeliveries).values({
      campaignId: campaign._id,
      step: 0,
      leadId: lead._id,
      state: 'sent',
      sentEmailId: row.id,
    });
    const { pixel, links } = trackingPathsOf(String(message.html));
    await ageEmail(t, row.id);
    await hit(pixel!);
    await hit(pixel!, { 'user-agent': 'Mozilla/5.0', 'x-forwarded-for': '17.9.9.9' });
    await hit(links[0]!);
    await flushHits();
    const summary = await callAs(t, acme.token, 'GET', `/api/campaigns/${campaign._id}/tracking`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({
      tracking: {
        tracked: 1,
        opens: { human: 1, proxy: 1, machine: 0 },
        clicks: { human: 1, machine: 0 },
        openedByPeople: 1,
        clickedByPeople: 1,
      },
    });
    const foreign = await callAs(t, globex.token, 'GET', `/api/campaigns/${campaign._id}/tracking`);
    expect(foreign.statusCode).toBe(404);
    const report = await callAs(t, acme.token, 'GET', '/api/reports');
    expect(report.statusCode, report.body).toBe(200);
    const tracking = report.json().tracking as TrackingSummary;
    expect(tracking.tracked).toBeGreaterThanOrEqual(5);
    expect(tracking.opens.proxy).toBeGreaterThanOrEqual(3);
    expect(tracking.openedByPeople).toBeGreaterThanOrEqual(2);
    const elsewhere = await callAs(t, globex.token, 'GET', '/api/reports');
    expect(elsewhere.json().tracking).toMatchObject({ tracked: 0, opens: { human: 0 } });
  });
});

describe('bulk runs', () => {
  it('rewrite links but never the unsubscribe link or List-Unsubscribe', async () => {
    await setTracking(t, acme.token, true);
    const target = await newLead();
    const job = await runBulk(
      t,
      acme.token,
      bulkPayload([target._id], { body: `<p>Hi {{firstName}},</p>${BODY}` }),
    );
    expect(job.sent).toBe(1);
    const message = await lastMessageFor(smtp, target.personEmail);
    const html = String(message.html);
    const header = rawHeader(message, 'List-Unsubscribe')!;
    expect(header).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/unsubscribe/[\\w.-]+>$`));
    expect(html).toContain(header.slice(1, -1));
    const { pixel, links } = trackingPathsOf(html);
    expect(pixel).not.toBeNull();
    expect(links).toHaveLength(2);
    const row = await sentEmailOf(t, message);
    expect(row.trackedLinks).toEqual([LINK_A, LINK_B]);
    // The run chose not to track: nothing rewritten.
    const other = await newLead();
    await runBulk(t, acme.token, bulkPayload([other._id], { body: BODY, track: false }));
    const plain = await lastMessageFor(smtp, other.personEmail);
    expect(String(plain.html)).not.toContain('/t/');
  });
});

describe('the organisation switch', () => {
  it('off: nothing is tracked whatever the send asks', async () => {
    await setTracking(t, acme.token, false);
    const { message, row } = await sendTo(lead, { track: true });
    expect(String(message.html)).not.toContain('/t/');
    const [stored] = await t.database.db
      .select({ tracked: sentEmails.tracked })
      .from(sentEmails)
      .where(eq(sentEmails.id, row.id));
    expect(stored!.tracked).toBe(false);
  });
});
