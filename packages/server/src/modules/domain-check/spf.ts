import { BlockList, isIP } from 'node:net';
import type { DomainCheckResult } from '@leadline/shared/domain-check';
import type { Dns } from './dns.ts';
import { recordsOf, shown, wordsOf } from './txt.ts';

/** RFC 7208 4.6.4: at most 10 terms that query DNS (include, a, mx, ptr, exists, redirect). */
export const SPF_LOOKUP_LIMIT = 10;

type Verdict = 'pass' | 'fail' | 'softfail' | 'neutral' | 'none' | 'permerror';

class PermError extends Error {}

type Walk = { lookups: number; ip: string };

const QUALIFIERS: Record<string, Verdict> = {
  '+': 'pass',
  '-': 'fail',
  '~': 'softfail',
  '?': 'neutral',
};

const countLookup = (walk: Walk) => {
  walk.lookups += 1;
  if (walk.lookups > SPF_LOOKUP_LIMIT)
    throw new PermError(`more than ${SPF_LOOKUP_LIMIT} DNS lookups (RFC 7208)`);
};

/** A CIDR length as written: digits only (`Number('')` would be 0, the whole internet). */
const prefixOf = (text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  if (text === '' || text.length > 3 || ![...text].every((c) => c >= '0' && c <= '9'))
    throw new PermError(`bad network length /${text.slice(0, 10)}`);
  return Number(text);
};

const inNetwork = (ip: string, network: string, prefix: number | undefined): boolean => {
  const family = isIP(network);
  if (family === 0 || family !== isIP(ip)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const bits = prefix ?? (family === 4 ? 32 : 128);
  if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128))
    throw new PermError(`bad network length /${prefix}`);
  const list = new BlockList();
  list.addSubnet(network, bits, type);
  return list.check(ip, type);
};

/** `domain/24//64` → the domain (or the current one) and the prefix for the ip's family. */
const targetOf = (value: string, current: string, ip: string) => {
  const parts = value.split('/');
  const [name] = parts;
  let v4: string | undefined;
  let v6: string | undefined;
  if (parts.length === 2) v4 = parts[1];
  else if (parts.length === 3 && parts[1] === '') v6 = parts[2];
  else if (parts.length === 4 && parts[2] === '') [, v4, , v6] = parts;
  else if (parts.length !== 1)
    throw new PermError(`bad network lengths in "${value.slice(0, 40)}"`);
  return {
    domain: name === '' || name === undefined ? current : name,
    prefix: prefixOf(isIP(ip) === 4 ? v4 : v6),
  };
};

const matches = async (dns: Dns, walk: Walk, term: string, domain: string): Promise<boolean> => {
  const colon = term.indexOf(':');
  const slash = term.indexOf('/');
  const cut = colon >= 0 && (slash < 0 || colon < slash) ? colon : slash;
  const name = (cut >= 0 ? term.slice(0, cut) : term).toLowerCase();
  const rest = cut >= 0 ? (term[cut] === ':' ? term.slice(cut + 1) : term.slice(cut)) : '';
  switch (name) {
    case 'all':
      return true;
    case 'ip4':
    case 'ip6': {
      const at = rest.indexOf('/');
      const network = at >= 0 ? rest.slice(0, at) : rest;
      return inNetwork(walk.ip, network, prefixOf(at >= 0 ? rest.slice(at + 1) : undefined));
    }
    case 'a': {
      countLookup(walk);
      const target = targetOf(rest, domain, walk.ip);
      const addresses = await dns.addresses(target.domain);
      return addresses.some((address) => inNetwork(walk.ip, address, target.prefix));
    }
    case 'mx': {
      countLookup(walk);
      const target = targetOf(rest, domain, walk.ip);
      const hosts = (await dns.mx(target.domain)).slice(0, 10);
      for (const host of hosts) {
        const addresses = await dns.addresses(host.exchange);
        if (addresses.some((address) => inNetwork(walk.ip, address, target.prefix))) return true;
      }
      return false;
    }
    case 'include': {
      countLookup(walk);
      if (rest === '') throw new PermError('include without a domain');
      const verdict = await evaluate(dns, walk, rest.toLowerCase());
      if (verdict === 'none') throw new PermError(`include:${rest} has no SPF record`);
      if (verdict === 'permerror') throw new PermError(`include:${rest} is broken`);
      return verdict === 'pass';
    }
    case 'exists':
    case 'ptr':
      // Macros and reverse lookups are not followed: counted, never a match.
      countLookup(walk);
      return false;
    default:
      throw new PermError(`unknown term "${term.slice(0, 40)}"`);
  }
};

/** check_host() of RFC 7208 for one address, without macros. */
const evaluate = async (dns: Dns, walk: Walk, domain: string): Promise<Verdict> => {
  const records = recordsOf(await dns.txt(domain), 'v=spf1');
  if (records.length === 0) return 'none';
  if (records.length > 1) throw new PermError(`${domain} has more than one SPF record`);
  let redirect: string | undefined;
  for (const word of wordsOf(records[0]!).slice(1)) {
    if (word.toLowerCase().startsWith('redirect=')) {
      redirect = word.slice('redirect='.length);
      continue;
    }
    if (word.includes('=')) continue; // other modifiers (exp=) change nothing here
    const qualifier = QUALIFIERS[word[0]!];
    const term = qualifier ? word.slice(1) : word;
    if (await matches(dns, walk, term, domain)) return qualifier ?? 'pass';
  }
  if (redirect === undefined) return 'neutral';
  countLookup(walk);
  const verdict = await evaluate(dns, walk, redirect.toLowerCase());
  if (verdict === 'none') throw new PermError(`redirect=${redirect} has no SPF record`);
  return verdict;
};

/** The include a well-known sending host needs, when the host says which provider it is. */
const providerInclude = (smtpHost: string): string | null => {
  const host = smtpHost.toLowerCase();
  if (host.endsWith('gmail.com') || host.endsWith('google.com')) return 'include:_spf.google.com';
  if (host.endsWith('office365.com') || host.endsWith('outlook.com'))
    return 'include:spf.protection.outlook.com';
  return null;
};

const addFix = (smtpHost: string, addresses: string[]) => {
  const include = providerInclude(smtpHost);
  if (include) return include;
  const terms = addresses.map((ip) => `${isIP(ip) === 6 ? 'ip6' : 'ip4'}:${ip}`);
  return terms.length > 0 ? terms.join(' ') : `a:${smtpHost}`;
};

/**
 * SPF: the domain's one `v=spf1` record, and whether it lets every address of the SMTP host
 * send (an IP-literal host is its own address).
 */
export const checkSpf = async (
  dns: Dns,
  domain: string,
  smtpHost: string,
): Promise<DomainCheckResult['spf']> => {
  const records = recordsOf(await dns.txt(domain), 'v=spf1');
  const addresses = isIP(smtpHost) ? [smtpHost] : await dns.addresses(smtpHost);
  const fixTerms = addFix(smtpHost, addresses);
  if (records.length === 0)
    return {
      status: 'missing',
      record: null,
      fix: `Add a TXT record on ${domain}: "v=spf1 ${fixTerms} ~all".`,
    };
  const record = shown(records.join(' | '));
  if (records.length > 1)
    return {
      status: 'fail',
      record,
      fix: `${domain} has ${records.length} SPF records; receivers then ignore them all. Merge them into one TXT record starting with v=spf1.`,
    };
  if (addresses.length === 0)
    return {
      status: 'fail',
      record,
      fix: `The sending host ${smtpHost} has no address in DNS, so SPF cannot authorise it.`,
    };
  try {
    for (const ip of addresses) {
      const verdict = await evaluate(dns, { lookups: 0, ip }, domain.toLowerCase());
      if (verdict !== 'pass')
        return {
          status: 'fail',
          record,
          fix: `The SPF record does not include your sending host ${smtpHost} (${ip}). Add "${fixTerms}" before the "all" at its end.`,
        };
    }
  } catch (error) {
    if (!(error instanceof PermError)) throw error;
    return {
      status: 'fail',
      record,
      fix: `The SPF record is broken: ${error.message}. Receivers treat it as an error; fix it so that it authorises ${fixTerms}.`,
    };
  }
  return { status: 'pass', record, fix: null };
};
