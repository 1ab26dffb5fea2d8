import { z } from 'zod';

/** A part's answer: found and right, not there, there but wrong, or DNS did not answer. */
export const DOMAIN_CHECK_STATUSES = ['pass', 'missing', 'fail', 'unknown'] as const;
export type DomainCheckStatus = (typeof DOMAIN_CHECK_STATUSES)[number];

export type DmarcPolicy = 'none' | 'quarantine' | 'reject';

type Part = { status: DomainCheckStatus; record: string | null; fix: string | null };

export type DomainCheckResult = {
  domain: string;
  checkedAt: string;
  /** Set when the DNS did not answer (in time): the parts it could not read are 'unknown'. */
  dnsError: string | null;
  spf: Part;
  dkim: Part & { selector: string | null };
  dmarc: Part & { policy: DmarcPolicy | null };
  mx: Part & { hosts: string[] };
};

/** The DKIM selectors tried when the user gave none (Google, Microsoft 365, common hosts). */
export const COMMON_DKIM_SELECTORS = [
  'google',
  'selector1',
  'selector2',
  'default',
  'k1',
  's1',
  's2',
  'dkim',
  'mail',
] as const;

export const INVALID_DKIM_SELECTOR =
  'The DKIM selector must be a DNS name part: letters, digits and hyphens (dots between parts), at most 63 characters each';

const isLabel = (label: string): boolean => {
  if (label.length < 1 || label.length > 63) return false;
  if (label.startsWith('-') || label.endsWith('-')) return false;
  for (const char of label) {
    const lower = char.toLowerCase();
    const ok = (lower >= 'a' && lower <= 'z') || (char >= '0' && char <= '9') || char === '-';
    if (!ok && char !== '_') return false;
  }
  return true;
};

/** A DKIM selector: one or more DNS labels (`s1`, `s1.corp`), 200 characters at most. */
export const isDkimSelector = (value: string): boolean =>
  value.length > 0 && value.length <= 200 && value.split('.').every(isLabel);

/** PUT /api/email/mailboxes/:id/dkim-selector: `null` or '' goes back to the common selectors. */
export const dkimSelectorSchema = z.object({
  selector: z
    .string()
    .trim()
    .max(200, INVALID_DKIM_SELECTOR)
    .refine((value) => value === '' || isDkimSelector(value), INVALID_DKIM_SELECTOR)
    .nullable(),
});
export type DkimSelectorData = z.infer<typeof dkimSelectorSchema>;

export const domainCheckQuerySchema = z.object({
  refresh: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const DOMAIN_CHECK_TOO_MANY =
  'Too many domain checks: you can check again up to 30 times in 10 minutes, please wait a few minutes';
export const DNS_NO_ANSWER =
  'The DNS servers did not answer in time, so the domain could not be checked. Try again later.';

/** A campaign's warning before sending: the domain and what it lacks (null: nothing to warn of). */
export type DomainWarning = {
  domain: string;
  missing: ('SPF' | 'DMARC')[];
  message: string;
} | null;

export const domainWarningMessage = (domain: string, missing: string[]): string =>
  `${domain} has no ${missing.join(' and no ')} record: emails from it are more likely to land in spam or be refused. Add ${missing.length > 1 ? 'them' : 'it'} (see the mail settings) before sending.`;
