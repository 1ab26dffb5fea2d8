import {
  COMPANY_NOT_FOUND,
  MAX_COMPANY_CONTACTS,
  MAX_COMPANY_EMAILS,
  MAX_COMPANY_MEETINGS,
  MAX_COMPANY_OWNERS,
  domainOfKey,
} from '@leadline/shared/companies';
import type {
  Company,
  CompanyDetail,
  CompanyEmail,
  CompanyListParams,
  CompanyListResponse,
} from '@leadline/shared/companies';
import type { CompanyConversationAnswer } from '@leadline/shared/conversations';
import type { Db } from '../../db/connection.ts';
import { notFound } from '../../lib/errors.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { conversationsOfLeads } from '../conversations/service.ts';
import { presentLeads } from '../leads/owners.ts';
import { findUserNames } from '../users/store.ts';
import {
  countCompanies,
  findCompanyContacts,
  findCompanyKeys,
  findCompanyLeadNames,
  findCompanySummaries,
  findMeetingsWith,
  findReceivedFrom,
  findSentTo,
} from './repo.ts';
import type { CompanySummaryRow } from './repo.ts';

export const NO_ORGANIZATION = chooseOrganization('see its companies');

const organizationOf = (actor: CurrentUser): string => organizationIn(actor, NO_ORGANIZATION);

const iso = (ms: number) => new Date(ms).toISOString();

/** Company rows in the order of `keys`, their owners named (one read of the names). */
const presentCompanies = async (
  db: Db,
  keys: readonly string[],
  rows: CompanySummaryRow[],
): Promise<Company[]> => {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const names = await findUserNames(db, [...new Set(rows.flatMap((row) => row.ownerIds))]);
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    if (!row) return [];
    const owners = row.ownerIds
      .map((id) => ({ id, name: names.get(id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, MAX_COMPANY_OWNERS);
    const domain = domainOfKey(key);
    return [
      {
        key,
        name: row.name || domain || key,
        domain,
        contacts: row.contacts,
        owners,
        lastEmailAt: row.lastEmailAt === null ? null : iso(row.lastEmailAt),
        lastActivityAt: iso(row.lastActivityAt),
      },
    ];
  });
};

/** GET /api/companies: one page of the organisation's companies, searched and paged in SQL. */
export const listCompanies = async (
  db: Db,
  actor: CurrentUser,
  query: CompanyListParams,
): Promise<CompanyListResponse> => {
  const organizationId = organizationOf(actor);
  const { search, page, limit } = query;
  const [keys, total] = await Promise.all([
    findCompanyKeys(db, organizationId, search, (page - 1) * limit, limit),
    countCompanies(db, organizationId, search),
  ]);
  const summaries = await findCompanySummaries(db, organizationId, keys);
  return { companies: await presentCompanies(db, keys, summaries), total, page, limit };
};

const byNewest = (a: CompanyEmail, b: CompanyEmail) => b.at.localeCompare(a.at);

/**
 * GET /api/companies/:key: the company, its contacts, the emails sent to and received from
 * them and their meetings (each list newest first and capped). Unknown here: 404.
 */
export const getCompany = async (
  db: Db,
  actor: CurrentUser,
  key: string,
): Promise<CompanyDetail> => {
  const organizationId = organizationOf(actor);
  const [summary] = await findCompanySummaries(db, organizationId, [key]);
  if (!summary) throw notFound(COMPANY_NOT_FOUND);
  const rows = await findCompanyContacts(db, organizationId, key, MAX_COMPANY_CONTACTS);
  const leadIds = rows.map((row) => row.id);
  const addresses = [...new Set(rows.map((row) => row.personEmail.toLowerCase()).filter(Boolean))];
  const [[company], contacts, sent, received, meetings] = await Promise.all([
    presentCompanies(db, [key], [summary]),
    presentLeads(db, rows),
    findSentTo(db, organizationId, leadIds, MAX_COMPANY_EMAILS),
    findReceivedFrom(db, organizationId, leadIds, MAX_COMPANY_EMAILS),
    addresses.length > 0
      ? findMeetingsWith(db, organizationId, addresses, MAX_COMPANY_MEETINGS)
      : Promise.resolve([]),
  ]);
  const emails: CompanyEmail[] = [
    ...sent.map((row) => ({
      ...row,
      direction: 'sent' as const,
      snippet: '',
      at: row.at.toISOString(),
    })),
    ...received.map((row) => ({
      ...row,
      direction: 'received' as const,
      at: row.at.toISOString(),
    })),
  ]
    .sort(byNewest)
    .slice(0, MAX_COMPANY_EMAILS);
  return {
    company: company!,
    contacts,
    emails,
    meetings: meetings.map((meeting) => ({
      ...meeting,
      startsAt: meeting.startsAt.toISOString(),
      endsAt: meeting.endsAt.toISOString(),
    })),
  };
};

/**
 * GET /api/companies/:key/conversation: the conversations of the company's leads (those the
 * company page lists as its contacts) in one timeline. Unknown here: 404.
 */
export const getCompanyConversation = async (
  db: Db,
  actor: CurrentUser,
  key: string,
): Promise<CompanyConversationAnswer> => {
  const organizationId = organizationOf(actor);
  const rows = await findCompanyLeadNames(db, organizationId, key, MAX_COMPANY_CONTACTS);
  if (rows.length === 0) throw notFound(COMPANY_NOT_FOUND);
  return conversationsOfLeads(
    db,
    organizationId,
    rows.map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim() || row.email,
    })),
  );
};
