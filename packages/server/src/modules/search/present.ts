import type { SearchResult } from '@leadline/shared/search';
import { CAMPAIGN_STATUS_LABELS } from '@leadline/shared/campaigns';
import { htmlToText } from '../../mail/message.ts';
import type * as found from './repo.ts';

type Row<F extends (...args: never[]) => PromiseLike<unknown[]>> = Awaited<ReturnType<F>>[number];

/** How much context a text result shows around its first matched word. */
const SNIPPET_LENGTH = 160;
const SNIPPET_LEAD_IN = 50;

/** Spaces, tabs and line breaks as single spaces (a scan, no pattern). */
const squeezed = (text: string): string => text.split(/\s+/u).filter(Boolean).join(' ');

/**
 * The part of `text` around the first of `words` it holds (its start when none is found), on one
 * line, with "…" where it was cut.
 */
export const snippetAround = (text: string, words: readonly string[]): string => {
  const flat = squeezed(text);
  const lower = flat.toLowerCase();
  const found = words
    .map((word) => lower.indexOf(word))
    .filter((at) => at !== -1)
    .reduce((first, at) => Math.min(first, at), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(found) && found > SNIPPET_LEAD_IN ? found - SNIPPET_LEAD_IN : 0;
  const end = Math.min(flat.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
};

const joined = (...parts: (string | null | undefined)[]): string =>
  parts.filter((part) => part && part.trim() !== '').join(' · ');

const result = (
  fields: Pick<SearchResult, 'type' | 'id' | 'title'> & Partial<SearchResult>,
): SearchResult => ({
  snippet: '',
  leadId: null,
  key: null,
  at: null,
  ...fields,
});

const personName = (first: string, last: string, fallback: string): string =>
  `${first} ${last}`.trim() || fallback;

export const leadResult = (row: found.LeadRow): SearchResult =>
  result({
    type: 'lead',
    id: row.id,
    title: personName(row.firstName, row.lastName, row.email || 'Unnamed lead'),
    snippet: joined(row.designation, row.company, row.email, row.city),
    leadId: row.id,
  });

export const companyResult = (row: found.CompanyRow): SearchResult =>
  result({
    type: 'company',
    id: row.key ?? row.name,
    title: row.name,
    snippet: row.contacts === 1 ? '1 contact' : `${row.contacts} contacts`,
    key: row.key,
  });

export const clientResult = (row: Row<typeof found.findClients>): SearchResult =>
  result({ type: 'client', id: row.id, title: row.name, snippet: joined(row.contact, row.email) });

export const campaignResult = (row: Row<typeof found.findCampaigns>): SearchResult =>
  result({
    type: 'campaign',
    id: row.id,
    title: row.name,
    snippet: CAMPAIGN_STATUS_LABELS[row.status],
  });

export const templateResult = (row: Row<typeof found.findTemplates>): SearchResult =>
  result({ type: 'template', id: row.id, title: row.name, snippet: row.subject });

export const meetingResult = (row: Row<typeof found.findMeetings>): SearchResult =>
  result({
    type: 'meeting',
    id: row.id,
    title: row.topic,
    snippet: row.location,
    key: row.day,
    at: row.startsAt.toISOString(),
  });

export const taskResult = (row: Row<typeof found.findTasks>): SearchResult =>
  result({
    type: 'task',
    id: row.id,
    title: row.title,
    snippet: row.doneAt ? `Done · due ${row.dueDate}` : `Due ${row.dueDate}`,
    leadId: row.leadId,
  });

export const userResult = (row: Row<typeof found.findUsers>): SearchResult =>
  result({ type: 'user', id: row.id, title: row.name, snippet: joined(row.role, row.email) });

export const sentEmailResult = (
  row: Row<typeof found.findSentEmails>,
  words: readonly string[],
): SearchResult =>
  result({
    type: 'email',
    id: row.id,
    title: row.subject || '(no subject)',
    snippet: joined(`To ${row.to}`, snippetAround(htmlToText(row.body ?? ''), words)),
    leadId: row.leadId,
    at: row.at.toISOString(),
  });

export const replyResult = (
  row: Row<typeof found.findReplies>,
  words: readonly string[],
): SearchResult =>
  result({
    type: 'reply',
    id: row.id,
    title: row.subject || '(no subject)',
    snippet: joined(`From ${row.fromName || row.from}`, snippetAround(row.body, words)),
    leadId: row.leadId,
    at: row.at.toISOString(),
  });

export const noteResult = (
  row: Row<typeof found.findNotes>,
  words: readonly string[],
): SearchResult =>
  result({
    type: row.kind,
    id: row.id,
    title: `${row.kind === 'call' ? 'Call with' : 'Note on'} ${personName(row.firstName, row.lastName, row.company || 'a lead')}`,
    snippet: snippetAround(row.body, words),
    leadId: row.leadId,
    at: row.at.toISOString(),
  });
