import { COMMON_DKIM_SELECTORS } from '@leadline/shared/domain-check';
import type { DmarcPolicy, DomainCheckResult } from '@leadline/shared/domain-check';
import type { Dns } from './dns.ts';
import { recordsOf, shown, tagsOf } from './txt.ts';

const POLICIES = new Set<string>(['none', 'quarantine', 'reject']);

/** DMARC: `_dmarc.<domain>`'s one `v=DMARC1` record and its policy (p=). */
export const checkDmarc = async (dns: Dns, domain: string): Promise<DomainCheckResult['dmarc']> => {
  const records = recordsOf(await dns.txt(`_dmarc.${domain}`), 'v=dmarc1');
  const add = `"v=DMARC1; p=none; rua=mailto:dmarc@${domain}" (then quarantine or reject once reports look right)`;
  if (records.length === 0)
    return {
      status: 'missing',
      record: null,
      policy: null,
      fix: `Add a TXT record on _dmarc.${domain}: ${add}.`,
    };
  const record = shown(records.join(' | '));
  if (records.length > 1)
    return {
      status: 'fail',
      record,
      policy: null,
      fix: `_dmarc.${domain} has ${records.length} DMARC records; keep only one.`,
    };
  const policy = tagsOf(records[0]!).get('p')?.toLowerCase();
  if (!policy || !POLICIES.has(policy))
    return {
      status: 'fail',
      record,
      policy: null,
      fix: `The DMARC record needs a policy p=none, p=quarantine or p=reject, e.g. ${add}.`,
    };
  return {
    status: 'pass',
    record,
    policy: policy as DmarcPolicy,
    fix:
      policy === 'none'
        ? 'The policy p=none only reports; once the reports show your mail passing, move to p=quarantine.'
        : null,
  };
};

const isDkimKey = (record: string) => {
  const tags = tagsOf(record);
  return tags.get('v')?.toUpperCase() === 'DKIM1' || (tags.get('p') ?? '') !== '';
};

/** DKIM: the key at `<selector>._domainkey.<domain>`, for the user's selector or the common ones. */
export const checkDkim = async (
  dns: Dns,
  domain: string,
  selector: string | null,
): Promise<DomainCheckResult['dkim']> => {
  const selectors = selector ? [selector] : [...COMMON_DKIM_SELECTORS];
  const found = await Promise.all(
    selectors.map(async (name) => {
      const key = (await dns.txt(`${name}._domainkey.${domain}`)).find(isDkimKey);
      return key ? { selector: name, record: key } : null;
    }),
  );
  const hit = found.find((item) => item !== null);
  if (hit) return { status: 'pass', record: shown(hit.record), selector: hit.selector, fix: null };
  return {
    status: 'missing',
    record: null,
    selector,
    fix: selector
      ? `No DKIM key at ${selector}._domainkey.${domain}. Turn on DKIM signing at your mail provider and publish the TXT record it gives you there.`
      : `No DKIM key found under the common selectors. Turn on DKIM signing at your mail provider, publish the record it gives you, and enter its selector here.`,
  };
};

/** MX: the hosts receiving the domain's mail (replies and bounces come back there). */
export const checkMx = async (dns: Dns, domain: string): Promise<DomainCheckResult['mx']> => {
  const hosts = (await dns.mx(domain))
    .filter((mx) => mx.exchange !== '' && mx.exchange !== '.')
    .sort((a, b) => a.priority - b.priority)
    .map((mx) => mx.exchange);
  if (hosts.length === 0)
    return {
      status: 'missing',
      record: null,
      hosts: [],
      fix: `${domain} has no MX record, so replies and bounces cannot reach it (and many receivers refuse such senders). Add the MX records your mail provider gives you.`,
    };
  return { status: 'pass', record: hosts.join(', '), hosts, fix: null };
};
