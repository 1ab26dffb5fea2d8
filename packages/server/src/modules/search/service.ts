import { hasPermission, canUseTemplates } from '@leadline/shared/permissions';
import type { PermissionKey } from '@leadline/shared/permissions';
import { SEARCH_GROUP_LIMIT, SEARCH_WORD_MIN, searchWords } from '@leadline/shared/search';
import type { SearchResult } from '@leadline/shared/search';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { organizationOf } from '../leads/service.ts';
import {
  campaignResult,
  clientResult,
  companyResult,
  leadResult,
  meetingResult,
  noteResult,
  replyResult,
  sentEmailResult,
  taskResult,
  templateResult,
  userResult,
} from './present.ts';
import {
  findCampaigns,
  findClients,
  findLeadsAndCompanies,
  findMeetings,
  findNotes,
  findReplies,
  findSentEmails,
  findTasks,
  findTemplates,
  findUsers,
} from './repo.ts';

/** The runs of letters and digits of the words: what the text search takes (no pattern). */
const tokensOf = (words: readonly string[]): string[] => {
  const tokens: string[] = [];
  for (const word of words) {
    let current = '';
    for (const char of word) {
      if (/[\p{L}\p{N}]/u.test(char)) current += char;
      else if (current) {
        tokens.push(current);
        current = '';
      }
    }
    if (current) tokens.push(current);
  }
  return [...new Set(tokens)];
};

/**
 * The text search's query: every token of two characters or more, all required; the last as a
 * prefix (the word being typed: first results while typing), the others whole (a finished word
 * asked as a prefix too, such as "ana", would read every word it begins in the index). Null
 * when none is three characters long (a shorter prefix matches too much to be quick).
 */
export const textQueryOf = (words: readonly string[]): string | null => {
  const tokens = tokensOf(words).filter((token) => token.length >= 2);
  if (!tokens.some((token) => token.length >= SEARCH_WORD_MIN)) return null;
  return tokens
    .map((token, index) => (index === tokens.length - 1 ? `${token}:*` : token))
    .join(' & ');
};

type Group = { allowed: boolean; run: () => Promise<SearchResult[]> };

/**
 * GET /api/search: the caller's organisation's records that hold every word, grouped by kind
 * (at most SEARCH_GROUP_LIMIT each), each kind only when the caller may open its page. Leads,
 * clients, companies and the texts of emails, replies, notes and calls need a word of
 * SEARCH_WORD_MIN characters; the short lists are searched for any query.
 */
export const searchEverything = async (
  db: Db,
  actor: CurrentUser,
  query: string,
): Promise<SearchResult[]> => {
  const organizationId = organizationOf(actor);
  const words = searchWords(query);
  const large = words.some((word) => word.length >= SEARCH_WORD_MIN);
  const text = textQueryOf(words);
  const may = (key: PermissionKey) => hasPermission(actor, key);
  const limit = SEARCH_GROUP_LIMIT;
  const rows =
    <R>(find: () => Promise<R[]>, present: (row: R) => SearchResult) =>
    async () =>
      (await find()).map(present);
  const inText = <R>(
    find: (prefixes: string) => Promise<R[]>,
    present: (row: R, words: readonly string[]) => SearchResult,
  ) =>
    rows(
      () => find(text ?? ''),
      (row: R) => present(row, words),
    );
  const ownTasksOnly = may('leadManagement') ? undefined : actor.id;

  // Leads and companies are found in one walk of the leads, asked once by whichever runs first.
  const wanted = { leads: large && may('leadsTable'), companies: large && may('companies') };
  let people: ReturnType<typeof findLeadsAndCompanies> | undefined;
  const leadsAndCompanies = () =>
    (people ??= findLeadsAndCompanies(db, organizationId, words, limit, wanted));

  const groups: Group[] = [
    {
      allowed: wanted.leads,
      run: rows(async () => (await leadsAndCompanies()).leads, leadResult),
    },
    {
      allowed: large && may('allClients'),
      run: rows(() => findClients(db, organizationId, words, limit), clientResult),
    },
    {
      allowed: wanted.companies,
      run: rows(async () => (await leadsAndCompanies()).companies, companyResult),
    },
    {
      allowed: may('campaigns'),
      run: rows(() => findCampaigns(db, organizationId, words, limit), campaignResult),
    },
    {
      allowed: canUseTemplates(actor),
      run: rows(() => findTemplates(db, organizationId, words, limit), templateResult),
    },
    {
      allowed: may('calendar'),
      run: rows(() => findMeetings(db, organizationId, words, limit), meetingResult),
    },
    {
      allowed: true,
      run: rows(() => findTasks(db, organizationId, ownTasksOnly, words, limit), taskResult),
    },
    {
      allowed: may('teams'),
      run: rows(() => findUsers(db, organizationId, words, limit), userResult),
    },
    {
      allowed: text !== null && may('leadsTable'),
      run: inText((q) => findSentEmails(db, organizationId, q, limit), sentEmailResult),
    },
    {
      allowed: text !== null && may('leadsTable'),
      run: inText((q) => findReplies(db, organizationId, q, limit), replyResult),
    },
    {
      allowed: text !== null && may('leadsTable'),
      run: inText((q) => findNotes(db, organizationId, q, 2 * limit), noteResult),
    },
  ];
  // One after the other: a search holds one connection, however many kinds it reads.
  const results: SearchResult[] = [];
  for (const group of groups) if (group.allowed) results.push(...(await group.run()));
  return results;
};
