import { z } from 'zod';

/*
 * Search over everything (Ctrl/Cmd-K): one query, results grouped by what they are, each group
 * only when the caller may open its page.
 */

export const SEARCH_TYPES = [
  'lead',
  'client',
  'company',
  'campaign',
  'template',
  'meeting',
  'task',
  'user',
  'email',
  'reply',
  'note',
  'call',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** How each group is headed, in the order the groups are shown. */
export const SEARCH_GROUP_LABELS: Record<SearchType, string> = {
  lead: 'Leads',
  client: 'Clients',
  company: 'Companies',
  campaign: 'Campaigns',
  template: 'Templates',
  meeting: 'Meetings',
  task: 'Tasks',
  user: 'Users',
  email: 'Emails sent',
  reply: 'Replies',
  note: 'Notes',
  call: 'Calls',
};

/** A query this long at most; longer ones are cut, not refused (a pasted paragraph still searches). */
export const SEARCH_QUERY_MAX = 200;
/** Words of a query used at most. */
export const SEARCH_WORDS_MAX = 8;
/**
 * The large lists (leads, clients, companies, emails, replies, notes) are searched only for a
 * query with a word this long: shorter ones match too much to answer fast (and trigram indexes
 * need three characters). The short lists (campaigns, templates, meetings, tasks, users) are
 * searched for any query.
 */
export const SEARCH_WORD_MIN = 3;
/** Results per group. */
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .transform((value) => value.slice(0, SEARCH_QUERY_MAX).trim())
    .pipe(z.string().min(1, 'Type something to search for')),
});

export type SearchResult = {
  type: SearchType;
  id: string;
  title: string;
  /** A line of context: for texts (emails, replies, notes), the words around the match. */
  snippet: string;
  /** The lead it belongs to (emails, replies, notes, calls, tasks), to open it. */
  leadId: string | null;
  /** A company's key (its page's address); a meeting's day (YYYY-MM-DD). */
  key: string | null;
  /** When it happened (emails, replies, notes, meetings), ISO. */
  at: string | null;
};

export type SearchAnswer = { results: SearchResult[] };

export const searchAnswerSchema = z.object({
  results: z.array(
    z.object({
      type: z.enum(SEARCH_TYPES),
      id: z.string(),
      title: z.string(),
      snippet: z.string(),
      leadId: z.string().nullable(),
      key: z.string().nullable(),
      at: z.string().nullable(),
    }),
  ),
});

/**
 * The words of a query, lower-cased, as the user typed them (split on spaces), at most
 * SEARCH_WORDS_MAX, duplicates dropped. Both sides use it: the server to match, the page to
 * highlight.
 */
export const searchWords = (query: string): string[] => {
  const words = query
    .slice(0, SEARCH_QUERY_MAX)
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => word.length > 0);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
};

/** The page a result opens. */
export const searchResultPath = (result: SearchResult): string => {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  switch (result.type) {
    case 'lead':
      return `/leads-table?${query({ owner: '', lead: result.id })}`;
    case 'email':
    case 'reply':
      return `/conversations?${query({ lead: result.leadId ?? '' })}`;
    case 'note':
    case 'call':
      return `/leads-table?${query({ owner: '', lead: result.leadId ?? '' })}`;
    case 'task':
      return result.leadId ? `/leads-table?${query({ owner: '', lead: result.leadId })}` : '/';
    case 'client':
      return `/all-clients?${query({ client: result.id })}`;
    case 'company':
      return `/companies/${encodeURIComponent(result.key ?? '')}`;
    case 'campaign':
      return `/campaigns?${query({ campaign: result.id })}`;
    case 'template':
      return `/templates?${query({ template: result.id })}`;
    case 'meeting':
      return `/calendar?${query({ view: 'day', date: result.key ?? '' })}`;
    case 'user':
      return `/teams?${query({ search: result.title })}`;
  }
};

/**
 * The parts of `text` with the query's words marked, for highlighting: found by plain
 * case-insensitive search (no pattern is built from what the user typed).
 */
export const highlightParts = (
  text: string,
  words: readonly string[],
): { text: string; match: boolean }[] => {
  const lower = text.toLowerCase();
  // Lower-casing changed the length (a few letters do): positions would not line up.
  if (lower.length !== text.length || words.length === 0) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  while (at < text.length) {
    let next = -1;
    let length = 0;
    for (const word of words) {
      const found = lower.indexOf(word, at);
      if (
        found !== -1 &&
        (next === -1 || found < next || (found === next && word.length > length))
      ) {
        next = found;
        length = word.length;
      }
    }
    if (next === -1 || length === 0) break;
    if (next > at) parts.push({ text: text.slice(at, next), match: false });
    parts.push({ text: text.slice(next, next + length), match: true });
    at = next + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
};
