import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { sentEmails } from '../../db/schema.ts';

/*
 * Who else may answer a lead's email: someone the lead copied in, or a colleague writing from
 * the lead's company domain. Their answer joins the lead's conversation; no lead is made.
 */

/** Mail providers anyone can sign up with: a shared domain there says nothing of a company. */
const SHARED_DOMAINS = new Set([
  'aol.com',
  'gmail.com',
  'googlemail.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'gmx.ch',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'mail.ru',
  'me.com',
  'msn.com',
  'orange.fr',
  'outlook.com',
  'posteo.de',
  'proton.me',
  'protonmail.com',
  't-online.de',
  'web.de',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yandex.ru',
  'zoho.com',
]);

/** The company domain of an address, or null for a shared provider (or no domain). */
export const companyDomainOf = (address: string): string | null => {
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  const domain = address.slice(at + 1).toLowerCase();
  return SHARED_DOMAINS.has(domain) ? null : domain;
};

/** Addresses of a comma-separated list, lower-cased, at most `max`. */
export const addressesOf = (list: string, max = 50): string[] =>
  list
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.includes('@'))
    .slice(0, max);

/** How far back a colleague's answer is matched to an email of the mailbox. */
const COLLEAGUE_DAYS = 180;

/**
 * The lead this mailbox most recently emailed at `domain` (in the last 180 days): a colleague
 * writing from that domain answers in that lead's conversation. Reads the mailbox's emails
 * newest first on its index and stops at the first.
 */
export const leadMailedAtDomain = async (
  db: Db,
  organizationId: string,
  mailboxId: string,
  domain: string,
): Promise<{ leadId: string; sentEmailId: string } | undefined> => {
  const [row] = await db
    .select({ leadId: sentEmails.leadId, id: sentEmails.id })
    .from(sentEmails)
    .where(
      and(
        eq(sentEmails.mailboxId, mailboxId),
        eq(sentEmails.organizationId, organizationId),
        gt(sentEmails.sentAt, sql`now() - make_interval(days => ${COLLEAGUE_DAYS})`),
        inArray(sentEmails.status, ['sent', 'unconfirmed']),
        sql`${sentEmails.leadId} IS NOT NULL`,
        sql`lower(${sentEmails.to}) LIKE ${`%@${domain.replace(/[\\%_]/g, (c) => `\\${c}`)}`}`,
      ),
    )
    .orderBy(desc(sentEmails.sentAt))
    .limit(1);
  return row?.leadId ? { leadId: row.leadId, sentEmailId: row.id } : undefined;
};
