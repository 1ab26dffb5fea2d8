import type { LeadListQuery } from '@leadline/shared/leads';

/** React Query keys of the leads feature. */
export const leadKeys = {
  all: ['leads'] as const,
  lists: ['leads', 'list'] as const,
  list: (query: LeadListQuery) => ['leads', 'list', query] as const,
  detail: (id: string) => ['leads', 'detail', id] as const,
  activity: (id: string) => ['leads', 'activity', id] as const,
  emails: (id: string) => ['leads', 'emails', id] as const,
};
