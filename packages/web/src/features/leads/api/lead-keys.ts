import type { LeadListQuery } from '@leadline/shared/leads';
import { queryKeys } from '../../../lib/query-keys.ts';

/** React Query keys of the leads feature; `all` and `detail` are the shared `queryKeys`. */
export const leadKeys = {
  all: queryKeys.leads,
  lists: ['leads', 'list'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  detail: queryKeys.lead,
  activity: (id: string) => ['leads', 'activity', id] as const,
  emails: (id: string) => ['leads', 'emails', id] as const,
};
