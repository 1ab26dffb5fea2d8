import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Suppression, SuppressionList } from '@leadline/shared/suppression';
import { emailSuppressions, leads, organizations } from '../src/db/schema.ts';
import { suppressAddress } from '../src/modules/suppression/check.ts';
import type { TestContext } from './context.ts';
import { createCampaign, getCampaign, sendCampaign } from './campaigns-support.ts';
import { bulkPayload, openWithSmtp, receptionCounts, runBulk } from './email-bulk-support.ts';
import { MISSING_ID, callAs, insertLeads, latestActivity } from './fixtures.ts';
import type { OrganisationAdmin } from './fixtures.ts';
import type { TestSmtpServer } from './mail-servers.ts';
import { waitFor } from './wait.ts';

let t: TestContext;
let smtp: TestSmtpServer;
let acme: OrganisationAdmin;
let globex: OrganisationAdmin;
/** A Sales Rep of acme: may send, but is no administrator. */
let rep: string;

beforeAll(async () => {
  ({ t, smtp, acme, globex } = await openWithSmtp('smtp-suppression-9q', [
    'acme-suppression',
    'globex-suppression',
  ]));
  rep = (await t.createUser({ role: 'Sales Rep', organizationName: 'acme-suppression' })).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
const call = (...args: Tail<Parameters<typeof callAs>>) => callAs(t, ...args);

const add = async (admin: OrganisationAdmin, entries: string[], reason?: string) => {
  const response = await call(admin.token, 'POST', '/api/suppression', { entries, reason });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { added: number; alreadyListed: number; invalid: number };
};

const list = async (admin: OrganisationAdmin, query = '') => {
  const response = await call(admin.token, 'GET', `/api/suppression${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SuppressionList;
};

const entryOf = async (admin: OrganisationAdmin, email: string): Promise<Suppression> => {
  const found = (await list(admin, `?search=${encodeURIComponent(email)}`)).suppressions.find(
    (row) => row.email === email,
  );
  expect(found, email).toBeDefined();
  return found!;
};

const rowCount = async (organizationId?: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(emailSuppressions)
    .where(organizationId ? eq(emailSuppressions.organizationId, organizationId) : undefined);
  return row!.n;
};

describe('the suppression list API', () => {
  it('adds addresses and domains (lower-cased), lists them newest first with search and paging', async () => {
    expect(
      await add(acme, ['Someone@Listed.test', '@Whole-Domain.test', 'someone@listed.test']),
    ).toEqual(expect.objectContaining({ added: 2, alreadyListed: 0, invalid: 0 }));
    expect(await add(acme, ['someone@listed.test', 'third@listed.test'])).toMatchObject({
      added: 1,
      alreadyListed: 1,
    });
    const all = await list(acme);
    expect(all.total).toBe(3);
    expect(all.suppressions.map((row) => row.email)).toContain('@whole-domain.test');
    const domain = all.suppressions.find((row) => row.email === '@whole-domain.test')!;
    expect(domain).toMatchObject({ domain: true, reason: 'manual', createdBy: acme.user._id });
    expect(domain.source).toMatch(/^Added by /);
    expect(Date.parse(domain.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const searched = await list(acme, '?search=LISTED');
    expect(searched.suppressions.map((row) => row.email).sort()).toEqual([
      'someone@listed.test',
      'third@listed.test',
    ]);
    const page2 = await list(acme, '?limit=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.suppressions).toHaveLength(1);
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'suppressed',
    });
    // The other organisation sees none of it.
    expect((await list(globex)).total).toBe(0);
  });

  it('adds the valid lines of a paste and lists the bad ones with why', async () => {
    const before = await rowCount(acme.organizationId);
    const response = await call(acme.token, 'POST', '/api/suppression', {
      entries: [
        'paste-one@paste.test',
        'Ada Lovelace',
        'someone@listed.test',
        '@paste-domain.test',
        'broken@',
        'two@@paste.test',
        'no-at-sign.test',
        'PASTE-ONE@paste.test',
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ added: 2, alreadyListed: 1, invalid: 4 });
    expect(answer.message).toBe(
      'Added 2 entries; 1 was already listed; 4 lines were refused (not an address or @domain).',
    );
    expect(answer.refused).toEqual([
      { value: 'Ada Lovelace', reason: expect.stringMatching(/has spaces/) },
      { value: 'broken@', reason: expect.stringMatching(/nothing after the @/) },
      { value: 'two@@paste.test', reason: expect.stringMatching(/before the @ is not valid/) },
      { value: 'no-at-sign.test', reason: expect.stringMatching(/no @$/) },
    ]);
    expect(await rowCount(acme.organizationId)).toBe(before + 2);
    await entryOf(acme, 'paste-one@paste.test');
    await entryOf(acme, '@paste-domain.test');
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const before = await rowCount();
    const cases: [object, string, RegExp][] = [
      [{ entries: ['not an address'] }, 'entries', /“not an address”: .*has spaces/],
      [{ entries: ['@'] }, 'entries', /Not an email address or @domain: nothing after the @/],
      [{ entries: ['a@b', 'x'] }, 'entries', /“a@b”: .*“b” is not a domain/],
      [{ entries: ['x'.repeat(1001)] }, 'entries.0', /at most 1000 characters/],
      [{ entries: [] }, 'entries', /at least one/],
      [{ entries: 'x@y.test' }, 'entries', /list/],
      [{ entries: ['ok@fine.test'], reason: 'spam' }, 'reason', /reason must be one of/],
      [{}, 'entries', /./],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call(acme.token, 'POST', '/api/suppression', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[field], JSON.stringify(response.json())).toMatch(message);
    }
    const bad = await call(acme.token, 'GET', '/api/suppression?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.page).toMatch(/page/);
    for (const bouncePausePercent of [0, 101, 'x', null]) {
      const response = await call(acme.token, 'PUT', '/api/suppression/settings', {
        bouncePausePercent,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.bouncePausePercent).toMatch(/bouncePausePercent/);
    }
    expect(await rowCount()).toBe(before);
    const settings = await call(acme.token, 'GET', '/api/suppression/settings');
    expect(settings.json()).toEqual({ bouncePausePercent: 3 });
  });

  it('is for administrators only', async () => {
    const entry = await entryOf(acme, 'third@listed.test');
    for (const [method, url, payload] of [
      ['GET', '/api/suppression'],
      ['POST', '/api/suppression', { entries: ['rep@try.test'] }],
      ['POST', '/api/suppression/import', { csv: 'rep@try.test' }],
      ['DELETE', `/api/suppression/${entry._id}`],
      ['GET', '/api/suppression/settings'],
      ['PUT', '/api/suppression/settings', { bouncePausePercent: 5 }],
    ] as const) {
      const response = await call(rep, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/suppression' })).statusCode).toBe(401);
    await entryOf(acme, 'third@listed.test');
  });

  it("answers 404 for another organisation's entry or an unknown id, and removes its own", async () => {
    await add(globex, ['kept@globex.test']);
    const foreign = await entryOf(globex, 'kept@globex.test');
    for (const id of [foreign._id, MISSING_ID, 'not-an-id']) {
      const response = await call(acme.token, 'DELETE', `/api/suppression/${id}`);
      expect(response.statusCode, id).toBe(404);
    }
    expect(await rowCount(globex.organizationId)).toBe(1);
    const own = await entryOf(acme, 'third@listed.test');
    const removed = await call(acme.token, 'DELETE', `/api/suppression/${own._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list(acme, '?search=third')).total).toBe(0);
    expect(await latestActivity(t.database.db, acme.organizationId)).toMatchObject({
      action: 'unsuppressed',
    });
    // Twice: gone already.
    expect((await call(acme.token, 'DELETE', `/api/suppression/${own._id}`)).statusCode).toBe(404);
  });

  it('imports a CSV: header skipped, first column read, counts of added, listed and invalid', async () => {
    const csv = [
      'email,name',
      '"csv-one@import.test",One',
      'CSV-TWO@import.test;Two',
      '@csv-domain.test',
      'someone@listed.test',
      'nonsense line',
      '',
      'csv-one@import.test',
    ].join('\r\n');
    const response = await call(acme.token, 'POST', '/api/suppression/import', { csv });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      added: 3,
      alreadyListed: 1,
      invalid: 1,
      refused: [{ value: 'nonsense line', reason: expect.stringMatching(/has spaces/) }],
    });
    expect(response.json().message).toMatch(/Added 3 entries/);
    expect((await entryOf(acme, 'csv-two@import.test')).source).toMatch(/^CSV upload by /);

    const before = await rowCount();
    for (const [body, field] of [
      [{ csv: 'just words\nmore words' }, 'csv'],
      [{ csv: '' }, 'csv'],
      [{ csv: 'x@y.test\n'.repeat(10_001) }, 'csv'],
      [{ csv: 42 }, 'csv'],
      [{ csv: 'x@y.test', reason: 'nope' }, 'reason'],
    ] as const) {
      const bad = await call(acme.token, 'POST', '/api/suppression/import', body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(bad.json().errors[field]).toBeTruthy();
    }
    expect(await rowCount()).toBe(before);
  });

  it('keeps the bounce protection setting per organisation', async () => {
    const put = await call(acme.token, 'PUT', '/api/suppression/settings', {
      bouncePausePercent: 2.5,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ bouncePausePercent: 2.5 });
    expect((await call(acme.token, 'GET', '/api/suppression/settings')).json()).toEqual({
      bouncePausePercent: 2.5,
    });
    expect((await call(globex.token, 'GET', '/api/suppression/settings')).json()).toEqual({
      bouncePausePercent: 3,
    });
    const [row] = await t.database.db
      .select({ percent: organizations.bouncePausePercent })
      .from(organizations)
      .where(eq(organizations.id, acme.organizationId));
    expect(row!.percent).toBe(2.5);
  });
});

describe('every sending path honours the list, domains included', { timeout: 120_000 }, () => {
  let blocked: { id: string; email: string };
  let listed: { id: string; email: string };
  let open: { id: string; email: string };

  beforeAll(async () => {
    await add(acme, ['@blocked-domain.test', 'listed-person@open.test']);
    const emails = ['ceo@Blocked-Domain.test', 'listed-person@open.test', 'fine@open.test'];
    const ids = await insertLeads(
      t.database.db,
      acme.organizationId,
      emails.map((personEmail) => ({ personEmail: personEmail.toLowerCase() })),
    );
    const people = ids.map((id, index) => ({ id, email: emails[index]!.toLowerCase() }));
    [blocked, listed, open] = people as [typeof blocked, typeof listed, typeof open];
  });

  const refused = async (url: string, payload: object, field: string, pattern: RegExp) => {
    const start = smtp.messages.length;
    const response = await call(acme.token, 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(pattern);
    expect(response.json().errors[field]).toMatch(pattern);
    expect(smtp.messages.length).toBe(start);
  };

  it('refuses a single send to a suppressed address or domain (To, CC or BCC) with a 409', async () => {
    const email = { subject: 'Our offer', body: '<p>Our offer for the spring season.</p>' };
    await refused(
      `/api/leads/${blocked.id}/send-mail`,
      email,
      'to',
      /ceo@blocked-domain\.test is on the suppression list \(its domain @blocked-domain\.test\)/,
    );
    await refused(
      '/api/email/send',
      { ...email, to: 'Listed-Person@open.test' },
      'to',
      /is on the suppression list: it cannot be emailed/,
    );
    await refused(
      '/api/email/send',
      { ...email, to: 'fine@open.test', cc: 'anyone@blocked-domain.test' },
      'cc',
      /anyone@blocked-domain\.test/,
    );
    await refused(
      '/api/email/send',
      { ...email, to: 'fine@open.test', bcc: 'listed-person@open.test' },
      'bcc',
      /listed-person@open\.test/,
    );
    // A neighbour of the listed address and a sub-domain's look-alike go out.
    const ok = await call(acme.token, 'POST', '/api/email/send', {
      ...email,
      to: 'fine@open.test',
      cc: 'x@not-blocked-domain.test',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a follow-up to a suppressed domain with a 409', async () => {
    await refused(
      '/api/email/follow-up',
      {
        to: 'someone@blocked-domain.test',
        subject: 'Re: Our offer',
        message: 'Did the offer reach you?',
        inReplyTo: '<original-1@leadline.test>',
        references: '<original-1@leadline.test>',
      },
      'to',
      /@blocked-domain\.test/,
    );
  });

  it('skips suppressed addresses and domains in a bulk run', async () => {
    const start = smtp.messages.length;
    const job = await runBulk(t, acme.token, bulkPayload([blocked.id, listed.id, open.id]));
    expect(job).toMatchObject({ sent: 1, skippedReasons: { unsubscribed: 2 } });
    const counts = receptionCounts(smtp.messages.slice(start));
    expect([...counts.keys()]).toEqual([open.email]);
  });

  it('skips suppressed addresses and domains in a campaign', async () => {
    const [fresh] = await insertLeads(t.database.db, acme.organizationId, [
      { personEmail: 'campaign-ok@open.test' },
    ]);
    const campaign = await createCampaign(t, acme.token, {
      leads: [blocked.id, listed.id, fresh!],
    });
    const start = smtp.messages.length;
    expect((await sendCampaign(t, acme.token, campaign._id)).statusCode).toBe(200);
    const done = await waitFor(
      () => getCampaign(t, acme.token, campaign._id),
      (c) => c.status === 'completed',
    );
    expect(done.counts).toMatchObject({ sent: 1, unsubscribed: 2 });
    const recipients = smtp.messages.slice(start).flatMap((message) => message.recipients);
    expect(recipients).not.toContain(blocked.email);
    expect(recipients).not.toContain(listed.email);
  });

  it('mails an address again once its entry is removed; an unsubscribe removed clears the lead', async () => {
    const entry = await entryOf(acme, '@blocked-domain.test');
    expect((await call(acme.token, 'DELETE', `/api/suppression/${entry._id}`)).statusCode).toBe(
      200,
    );
    const sent = await call(acme.token, 'POST', `/api/leads/${blocked.id}/send-mail`, {
      subject: 'Our offer',
      body: '<p>Our offer for the spring season.</p>',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    // An unsubscribe (as the link records it) marks the lead; removing it unmarks it.
    await suppressAddress(t.database.db, acme.organizationId, open.email, 'unsubscribed');
    const marked = async () => {
      const [row] = await t.database.db
        .select({ at: leads.unsubscribedAt })
        .from(leads)
        .where(and(eq(leads.id, open.id), eq(leads.organizationId, acme.organizationId)));
      return row!.at;
    };
    expect(await marked()).not.toBeNull();
    const unsubscribed = await entryOf(acme, open.email);
    expect(unsubscribed).toMatchObject({ reason: 'unsubscribed', source: 'Unsubscribe link' });
    expect(
      (await call(acme.token, 'DELETE', `/api/suppression/${unsubscribed._id}`)).statusCode,
    ).toBe(200);
    expect(await marked()).toBeNull();
  });

  it('keeps suppressAddress(db, org, email, reason, source?) for other modules', async () => {
    const first = await suppressAddress(
      t.database.db,
      acme.organizationId,
      'Bounced@Open.test',
      'bounced',
      'Bounce: 550 5.1.1 user unknown',
    );
    expect(first).toEqual({ added: true, leads: [] });
    expect(
      await suppressAddress(t.database.db, acme.organizationId, 'bounced@open.test', 'bounced'),
    ).toEqual({ added: false, leads: [] });
    expect(await entryOf(acme, 'bounced@open.test')).toMatchObject({
      reason: 'bounced',
      source: 'Bounce: 550 5.1.1 user unknown',
    });
  });
});
