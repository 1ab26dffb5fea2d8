import { DNS_NO_ANSWER } from '@leadline/shared/domain-check';
import type { DomainCheckResult } from '@leadline/shared/domain-check';
import { DOMAIN_CHECK_DEADLINE_MS, DnsUnanswered, createDns } from './dns.ts';
import { checkDkim, checkDmarc, checkMx } from './records.ts';
import { checkSpf } from './spf.ts';

export type CheckTarget = { domain: string; smtpHost: string; dkimSelector: string | null };

const unknown = { status: 'unknown' as const, record: null, fix: null };

/** A part's answer, or 'unknown' when DNS did not answer for it. */
const part = async <T>(
  run: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; lost: boolean }> => {
  try {
    return { value: await run(), lost: false };
  } catch (error) {
    if (error instanceof DnsUnanswered) return { value: fallback, lost: true };
    throw error;
  }
};

/**
 * Reads the domain's SPF, DKIM, DMARC and MX through DNS, all within `deadlineMs` (10 s): a DNS
 * that does not answer gives 'unknown' parts and `dnsError`, never an exception.
 */
export const checkDomain = async (
  target: CheckTarget,
  deadlineMs = DOMAIN_CHECK_DEADLINE_MS,
  now = new Date(),
): Promise<DomainCheckResult> => {
  const { domain, smtpHost, dkimSelector } = target;
  const dns = createDns(Date.now() + deadlineMs);
  try {
    const [spf, dkim, dmarc, mx] = await Promise.all([
      part(() => checkSpf(dns, domain, smtpHost), unknown),
      part(() => checkDkim(dns, domain, dkimSelector), { ...unknown, selector: dkimSelector }),
      part(() => checkDmarc(dns, domain), { ...unknown, policy: null }),
      part(() => checkMx(dns, domain), { ...unknown, hosts: [] }),
    ]);
    const lost = [spf, dkim, dmarc, mx].some((item) => item.lost);
    return {
      domain,
      checkedAt: now.toISOString(),
      dnsError: lost ? DNS_NO_ANSWER : null,
      spf: spf.value,
      dkim: dkim.value,
      dmarc: dmarc.value,
      mx: mx.value,
    };
  } finally {
    dns.close();
  }
};
