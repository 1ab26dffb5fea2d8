import type { LeadListQuery } from '@leadline/shared/leads';
import { queryKeys } from '../../../lib/query-keys.ts';

/** React Query keys of the leads feature; `all` is the shared `queryKeys.leads`. */
export const leadKeys = {
  all: queryKeys.leads,
  lists: ['leads', 'list'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  /** One lead (`GET /api/leads/:id`): the drawer and the email screens share it. */
  detail: (id: string) => ['leads', 'detail', id] as const,
  activity: (id: string) => ['leads', 'activity', id] as const,
  emails: (id: string) => ['leads', 'emails', id] as const,
  /** A tracked email's opens and clicks. */
  hits: (id: string, emailId: string) => ['leads', 'emails', id, 'hits', emailId] as const,
  /** Whether a new email to the lead would be refused (GET /api/leads/:id/send-check). */
  sendCheck: (id: string) => ['leads', 'send-check', id] as const,
  /** The users leads can belong to (GET /api/leads/owners). */
  owners: ['leads', 'owners'] as const,
};
