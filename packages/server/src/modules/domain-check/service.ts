import { domainWarningMessage } from '@leadline/shared/domain-check';
import { MAILBOX_NOT_FOUND } from '@leadline/shared/mailboxes';
import type { DomainCheckResult, DomainWarning } from '@leadline/shared/domain-check';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { senderAddress } from '../../mail/message.ts';
import { checkDomain } from './check.ts';
import {
  findDomainCheck,
  findSendingMailboxes,
  findOwnMailbox,
  saveDomainCheck,
  setDkimSelector,
} from './repo.ts';
import type { CheckedMailbox } from './repo.ts';

/** A check is reused this long. */
export const DOMAIN_CHECK_HOURS = 24;

/** What a mailbox's check reads: the From address's domain, the SMTP host, the selector. */
const targetOf = (mailbox: CheckedMailbox) => {
  const from = senderAddress(mailbox.smtpUser ?? '', mailbox.userEmail);
  const at = from.lastIndexOf('@');
  return {
    domain: from.slice(at + 1).toLowerCase(),
    smtpHost: mailbox.smtpHost ?? '',
    dkimSelector: mailbox.dkimSelector,
  };
};

const sourceOf = (target: ReturnType<typeof targetOf>) =>
  `${target.domain}|${target.smtpHost.toLowerCase()}|${target.dkimSelector ?? ''}`;

/** Checks the mailbox's domain now and stores the answer (an unanswered one is marked so). */
export const runDomainCheck = async (
  db: Db,
  mailbox: CheckedMailbox,
  deadlineMs?: number,
): Promise<DomainCheckResult> => {
  const target = targetOf(mailbox);
  const result = await checkDomain(target, deadlineMs);
  await saveDomainCheck(db, mailbox.id, sourceOf(target), result);
  return result;
};

/** The stored check when it is complete, of the same source and younger than 24 hours. */
const freshCheck = async (db: Db, mailbox: CheckedMailbox, now: Date) => {
  const stored = await findDomainCheck(db, mailbox.id);
  if (!stored || !stored.complete || stored.source !== sourceOf(targetOf(mailbox))) return null;
  const age = now.getTime() - stored.checkedAt.getTime();
  return age < DOMAIN_CHECK_HOURS * 3_600_000 ? stored.result : null;
};

const ownMailbox = async (db: Db, id: string, userId: string) => {
  const mailbox = await findOwnMailbox(db, id, userId);
  if (!mailbox || !mailbox.smtpHost) throw notFound(MAILBOX_NOT_FOUND);
  return mailbox;
};

/** GET /api/email/mailboxes/:id/domain-check: the cached check, or a fresh one. */
export const getDomainCheck = async (
  db: Db,
  userId: string,
  id: string,
  refresh: boolean,
): Promise<DomainCheckResult> => {
  const mailbox = await ownMailbox(db, id, userId);
  const cached = refresh ? null : await freshCheck(db, mailbox, new Date());
  return cached ?? runDomainCheck(db, mailbox);
};

/** PUT /api/email/mailboxes/:id/dkim-selector: stores it; the next check reads it. */
export const saveDkimSelector = async (
  db: Db,
  userId: string,
  id: string,
  selector: string | null,
): Promise<{ message: string; selector: string | null }> => {
  const mailbox = await ownMailbox(db, id, userId);
  const value = selector === null || selector === '' ? null : selector.toLowerCase();
  await setDkimSelector(db, mailbox.id, value);
  return { message: 'DKIM selector saved', selector: value };
};

/**
 * Before a campaign sends: the warning for its creator's mailbox's domain when it has no SPF
 * or no DMARC (from the stored check, made now when there is none yet).
 */
export const domainWarningFor = async (
  db: Db,
  userId: string,
  mailboxIds: readonly string[] = [],
): Promise<DomainWarning> => {
  for (const mailbox of await findSendingMailboxes(db, userId, mailboxIds)) {
    if (!mailbox.smtpHost) continue;
    const result =
      (await freshCheck(db, mailbox, new Date())) ?? (await runDomainCheck(db, mailbox));
    const missing: ('SPF' | 'DMARC')[] = [];
    if (result.spf.status === 'missing') missing.push('SPF');
    if (result.dmarc.status === 'missing') missing.push('DMARC');
    if (missing.length > 0)
      return {
        domain: result.domain,
        missing,
        message: domainWarningMessage(result.domain, missing),
      };
  }
  return null;
};
