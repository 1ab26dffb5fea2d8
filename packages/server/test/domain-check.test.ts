import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DNS_NO_ANSWER, DOMAIN_CHECK_TOO_MANY } from '@leadline/shared/domain-check';
import { domainChecks, mailAccounts } from '../src/db/schema.ts';
import { parseDnsServers, readConfig } from '../src/config.ts';
import { checkDomain } from '../src/modules/domain-check/check.ts';
import { recheckDueDomains } from '../src/modules/domain-check/jobs.ts';
import { recordsOf, tagsOf, wordsOf } from '../src/modules/domain-check/txt.ts';
import { createTestContext } from './context.ts';
import type { TestContext } from './context.ts';
import { createCampaign } from './campaigns-support.ts';
import { startDnsServer } from './dns-server.ts';
import type { DnsRecords, TestDnsServer } from './dns-server.ts';

let t: TestContext;
let dns: TestDnsServer;
const savedServers = process.env.DNS_SERVERS;

beforeAll(async () => {
  [t, dns] = await Promise.all([createTestContext(), startDnsServer()]);
  process.env.DNS_SERVERS = dns.address;
});
afterAll(async () => {
  process.env.DNS_SERVERS = savedServers;
  await t?.close();
  await dns?.stop();
});
afterEach(() => {
  dns.silent = false;
});

let domains = 0;
/** A fresh domain with these records (`@` the domain itself, other keys below it). */
const zoneFor = (records: Record<string, DnsRecords>) => {
  const domain = `d${++domains}-${process.pid}.example`;
  for (const [name, value] of Object.entries(records))
    dns.zone.set(name === '@' ? domain : `${name}.${domain}`, value);
  return domain;
};

const SMTP_IP = '127.0.0.1';
const fine = (extra: Record<string, DnsRecords> = {}) =>
  zoneFor({
    '@': {
      txt: [`v=spf1 ip4:127.0.0.0/8 -all`],
      mx: [{ priority: 10, exchange: 'mx1.mail.example' }],
    },
    _dmarc: { txt: ['v=DMARC1; p=quarantine; rua=mailto:d@example.com'] },
    'google._domainkey': { txt: ['v=DKIM1; k=rsa; p=MIIBIjANBg'] },
    ...extra,
  });

const check = (domain: string, options: { host?: string; selector?: string | null } = {}) =>
  checkDomain({
    domain,
    smtpHost: options.host ?? SMTP_IP,
    dkimSelector: options.selector ?? null,
  });

describe('checkDomain through a DNS server on loopback', () => {
  it('passes a domain with SPF covering the host, DKIM, DMARC and MX', async () => {
    const result = await check(fine());
    expect(result.dnsError).toBeNull();
    expect(result.spf).toMatchObject({ status: 'pass', record: 'v=spf1 ip4:127.0.0.0/8 -all' });
    expect(result.dkim).toMatchObject({ status: 'pass', selector: 'google' });
    expect(result.dmarc).toMatchObject({ status: 'pass', policy: 'quarantine' });
    expect(result.mx).toMatchObject({ status: 'pass', hosts: ['mx1.mail.example'] });
  });

  it('reports what is missing, with the fix', async () => {
    const domain = zoneFor({ '@': { txt: ['hello'] } });
    const result = await check(domain);
    expect(result.spf.status).toBe('missing');
    expect(result.spf.fix).toContain('v=spf1 ip4:127.0.0.1');
    expect(result.dkim.status).toBe('missing');
    expect(result.dmarc).toMatchObject({ status: 'missing', policy: null });
    expect(result.dmarc.fix).toContain(`_dmarc.${domain}`);
    expect(result.mx).toMatchObject({ status: 'missing', hosts: [] });
  });

  it('fails SPF that does not include the host, names the provider include', async () => {
    const domain = fine({ '@': { txt: ['v=spf1 ip4:192.0.2.0/24 -all'] } });
    expect((await check(domain)).spf.status).toBe('fail');
    dns.zone.set('smtp.gmail.com', { a: ['198.51.100.7'] });
    const google = await check(domain, { host: 'smtp.gmail.com' });
    expect(google.spf.status).toBe('fail');
    expect(google.spf.fix).toContain('include:_spf.google.com');
  });

  it('follows include, a, mx and redirect', async () => {
    const provider = zoneFor({ '@': { txt: ['v=spf1 ip4:10.1.0.0/16 ~all'] } });
    const included = zoneFor({ '@': { txt: [`v=spf1 include:${provider} -all`] } });
    dns.zone.set('smtp.host.example', { a: ['10.1.2.3'] });
    expect((await check(included, { host: 'smtp.host.example' })).spf.status).toBe('pass');
    const byA = zoneFor({ '@': { txt: ['v=spf1 a:smtp.host.example -all'] } });
    expect((await check(byA, { host: 'smtp.host.example' })).spf.status).toBe('pass');
    const byMx = zoneFor({
      '@': { txt: ['v=spf1 mx -all'], mx: [{ priority: 5, exchange: 'smtp.host.example' }] },
    });
    expect((await check(byMx, { host: 'smtp.host.example' })).spf.status).toBe('pass');
    const byCidr = zoneFor({ '@': { txt: ['v=spf1 a:smtp.host.example/16//64 -all'] } });
    dns.zone.set('smtp.other.example', { a: ['10.1.9.9'] });
    expect((await check(byCidr, { host: 'smtp.other.example' })).spf.status).toBe('pass');
    // An empty length is no /0: it does not open the record to every address.
    const empty = zoneFor({ '@': { txt: ['v=spf1 ip4:10.0.0.0/ -all'] } });
    expect((await check(empty, { host: 'smtp.host.example' })).spf.status).toBe('fail');
    const redirected = zoneFor({ '@': { txt: [`v=spf1 redirect=${provider}`] } });
    expect((await check(redirected, { host: 'smtp.host.example' })).spf.status).toBe('pass');
  });

  it('fails two SPF records, an include loop and too many lookups', async () => {
    const two = fine({ '@': { txt: ['v=spf1 ip4:127.0.0.1 -all', 'v=spf1 -all'] } });
    const twice = await check(two);
    expect(twice.spf.status).toBe('fail');
    expect(twice.spf.fix).toContain('2 SPF records');

    const loop = `loop-${process.pid}.example`;
    dns.zone.set(loop, { txt: [`v=spf1 include:${loop} -all`] });
    const looped = await check(loop);
    expect(looped.spf.status).toBe('fail');
    expect(looped.spf.fix).toContain('more than 10 DNS lookups');

    const many = zoneFor({
      '@': {
        txt: [
          `v=spf1 ${Array.from({ length: 11 }, (_, i) => `a:h${i}.example`).join(' ')} ip4:127.0.0.1 -all`,
        ],
      },
    });
    expect((await check(many)).spf.status).toBe('fail');
  });

  it('finds DKIM by the selector given, and only that one', async () => {
    const domain = fine({ 'corp-2024._domainkey': { txt: ['v=DKIM1; p=MIGfMA0'] } });
    const given = await check(domain, { selector: 'corp-2024' });
    expect(given.dkim).toMatchObject({ status: 'pass', selector: 'corp-2024' });
    const other = await check(domain, { selector: 'nope' });
    expect(other.dkim).toMatchObject({ status: 'missing', selector: 'nope' });
    const common = zoneFor({ 'selector2._domainkey': { txt: ['v=DKIM1; p=abc'] } });
    expect((await check(common)).dkim).toMatchObject({ status: 'pass', selector: 'selector2' });
  });

  it('reads the DMARC policy and fails a broken or doubled record', async () => {
    const none = fine({ _dmarc: { txt: ['v=DMARC1; p=none'] } });
    expect((await check(none)).dmarc).toMatchObject({ status: 'pass', policy: 'none' });
    const reject = fine({ _dmarc: { txt: ['v=DMARC1;p=REJECT'] } });
    expect((await check(reject)).dmarc).toMatchObject({ status: 'pass', policy: 'reject' });
    const broken = fine({ _dmarc: { txt: ['v=DMARC1; p=maybe'] } });
    expect((await check(broken)).dmarc.status).toBe('fail');
    const two = fine({ _dmarc: { txt: ['v=DMARC1; p=none', 'v=DMARC1; p=reject'] } });
    expect((await check(two)).dmarc.status).toBe('fail');
  });

  it('answers within the deadline saying so when DNS is silent', async () => {
    dns.silent = true;
    const started = Date.now();
    const result = await checkDomain(
      { domain: fine(), smtpHost: SMTP_IP, dkimSelector: null },
      1500,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.dnsError).toBe(DNS_NO_ANSWER);
    expect(result.spf.status).toBe('unknown');
    expect(result.mx.status).toBe('unknown');
  });
});

describe('TXT parsing of hostile records', () => {
  it('reads 256 KB of junk quickly', () => {
    const junk = `v=spf1 ${'a'.repeat(64)}${' =;\t'.repeat(65_536)}`;
    const started = Date.now();
    expect(recordsOf([junk, junk], 'v=spf1')).toHaveLength(2);
    expect(wordsOf(junk).length).toBeGreaterThan(1);
    expect(tagsOf(junk).size).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('DNS_SERVERS', () => {
  it('takes ip and ip:port, refuses names and bad ports', () => {
    expect(parseDnsServers('1.1.1.1, 127.0.0.1:5353,[::1]:53,::1')).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '::1',
    ]);
    expect(parseDnsServers('dns.google')).toBeInstanceOf(Error);
    expect(parseDnsServers('1.1.1.1:99999')).toBeInstanceOf(Error);
    expect(() => readConfig({ DNS_SERVERS: '1.1.1.1,resolver.lan' })).toThrow(
      /DNS_SERVERS: "resolver.lan" is not an IP address/,
    );
    expect(readConfig({ DNS_SERVERS: '9.9.9.9:53' }).port).toBe(3000);
  });
});

describe('GET /api/email/mailboxes/:id/domain-check', () => {
  /** A rep with a saved SMTP mailbox sending as rep@<domain>; answers its id and token. */
  const repWithMailbox = async (domain: string, organizationName = 'acme-domain') => {
    const { user, token } = await t.createUser({ role: 'Sales Rep', organizationName });
    const [row] = await t.database.db
      .insert(mailAccounts)
      .values({
        userId: user._id,
        isDefault: true,
        smtpHost: SMTP_IP,
        smtpPort: 25,
        smtpSecure: false,
        smtpUser: `rep@${domain}`,
        smtpPassEncrypted: 'sealed',
      })
      .returning();
    return { id: row!.id, token, userId: user._id };
  };
  const get = (token: string, id: string, refresh = false) =>
    t.request({
      method: 'GET',
      url: `/api/email/mailboxes/${id}/domain-check${refresh ? '?refresh=1' : ''}`,
      token,
    });

  it('answers the check, reuses it for a day and checks again on refresh', async () => {
    const domain = fine();
    const rep = await repWithMailbox(domain);
    const first = await get(rep.token, rep.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      domain,
      spf: { status: 'pass' },
      dkim: { status: 'pass', selector: 'google' },
      dmarc: { status: 'pass', policy: 'quarantine' },
      mx: { status: 'pass' },
    });
    dns.zone.set(`_dmarc.${domain}`, {});
    const cached = await get(rep.token, rep.id);
    expect(cached.json().dmarc.status).toBe('pass');
    expect(cached.json().checkedAt).toBe(first.json().checkedAt);
    const fresh = await get(rep.token, rep.id, true);
    expect(fresh.json().dmarc.status).toBe('missing');
  });

  it('stores the DKIM selector and checks with it', async () => {
    const domain = fine({ 's2024._domainkey': { txt: ['v=DKIM1; p=key'] } });
    const rep = await repWithMailbox(domain);
    const bad = await t.request({
      method: 'PUT',
      url: `/api/email/mailboxes/${rep.id}/dkim-selector`,
      token: rep.token,
      payload: { selector: 'bad selector!' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await t.request({
      method: 'PUT',
      url: `/api/email/mailboxes/${rep.id}/dkim-selector`,
      token: rep.token,
      payload: { selector: 'S2024' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await get(rep.token, rep.id);
    expect(result.json().dkim).toMatchObject({ status: 'pass', selector: 's2024' });
  });

  it('answers a silent DNS without a 5xx and does not reuse it', async () => {
    const domain = fine();
    const rep = await repWithMailbox(domain);
    dns.silent = true;
    const silent = await get(rep.token, rep.id);
    expect(silent.statusCode).toBe(200);
    expect(silent.json().dnsError).toBe(DNS_NO_ANSWER);
    dns.silent = false;
    const again = await get(rep.token, rep.id);
    expect(again.json()).toMatchObject({ dnsError: null, spf: { status: 'pass' } });
  }, 20_000);

  it("404s another user's or organisation's mailbox, 400s a malformed id", async () => {
    const rep = await repWithMailbox(fine());
    const colleague = await t.createUser({ role: 'Sales Rep', organizationName: 'acme-domain' });
    const stranger = await repWithMailbox(fine(), 'globex-domain');
    expect((await get(colleague.token, rep.id)).statusCode).toBe(404);
    expect((await get(stranger.token, rep.id)).statusCode).toBe(404);
    const malformed = await get(rep.token, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid mailbox ID');
    const config = await t.request({ method: 'GET', url: '/api/email/config', token: rep.token });
    expect(config.json().config.smtp.id).toBe(rep.id);
  });

  it('limits checking again to 30 in 10 minutes (reading stays free)', async () => {
    const rep = await repWithMailbox(fine());
    for (let i = 0; i < 30; i++) expect((await get(rep.token, rep.id, true)).statusCode).toBe(200);
    const refused = await get(rep.token, rep.id, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(DOMAIN_CHECK_TOO_MANY);
    expect((await get(rep.token, rep.id)).statusCode).toBe(200);
  }, 30_000);

  it('warns before a campaign sends from a domain without SPF or DMARC', async () => {
    const domain = zoneFor({ '@': { mx: [{ priority: 1, exchange: 'mx.example' }] } });
    const { user, token } = await t.createUser({ role: 'Admin', organizationName: 'warn-domain' });
    await t.database.db.insert(mailAccounts).values({
      userId: user._id,
      isDefault: true,
      smtpHost: SMTP_IP,
      smtpUser: `boss@${domain}`,
      smtpPassEncrypted: 'sealed',
    });
    const campaign = await createCampaign(t, token);
    const id = (campaign as { _id: string })._id;
    const response = await t.request({
      method: 'GET',
      url: `/api/campaigns/${id}/domain-warning`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().warning).toMatchObject({ domain, missing: ['SPF', 'DMARC'] });
    expect(response.json().warning.message).toContain(domain);
  });
});

describe('the daily recheck', () => {
  it('rechecks mailboxes older than a day, in turns across organisations, a bounded number', async () => {
    const db = t.database.db;
    // Earlier tests' mailboxes are checked now: only what this test makes old is due.
    await recheckDueDomains(db, 1000);
    const make = async (organizationName: string) => {
      const { user } = await t.createUser({ role: 'Sales Rep', organizationName });
      const [row] = await db
        .insert(mailAccounts)
        .values({
          userId: user._id,
          isDefault: true,
          smtpHost: SMTP_IP,
          smtpUser: `x@${fine()}`,
          smtpPassEncrypted: 's',
        })
        .returning();
      return row!.id;
    };
    const busy = [];
    for (let i = 0; i < 5; i++) busy.push(await make('busy-recheck'));
    const quiet = await make('quiet-recheck');
    // The busy organisation's checks are older, yet the quiet one is not left for later.
    expect(await recheckDueDomains(db, 2)).toBe(2);
    const checked = await db.select({ id: domainChecks.mailboxId }).from(domainChecks);
    const ids = new Set(checked.map((row) => row.id));
    expect(ids.has(quiet)).toBe(true);
    expect(busy.filter((id) => ids.has(id))).toHaveLength(1);
    expect(await recheckDueDomains(db, 100)).toBe(4);
    expect(await recheckDueDomains(db, 100)).toBe(0);
    await db
      .update(domainChecks)
      .set({ checkedAt: sql`now() - interval '25 hours'` })
      .where(eq(domainChecks.mailboxId, quiet));
    expect(await recheckDueDomains(db, 100)).toBe(1);
  });
});
