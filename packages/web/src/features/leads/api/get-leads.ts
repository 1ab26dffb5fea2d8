import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeadListQuery, LeadListResponse } from '@leadline/shared/leads';
import { apiRequest } from '../../../lib/api-client.ts';
import { leadKeys } from './lead-keys.ts';

/** The list's query string: only the parts that are set. */
export const leadQueryString = (query: LeadListQuery): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') {
      params.set(key, String(value));
    }
  }
  return params.toString();
};

export const getLeads = (query: LeadListQuery, signal?: AbortSignal): Promise<LeadListResponse> =>
  apiRequest<LeadListResponse>(`/api/leads?${leadQueryString(query)}`, { signal });

/** One page of leads, filtered, sorted and paged by the server; the last page stays shown while the next loads. */
export const useLeads = (query: LeadListQuery) =>
  useQuery({
    queryKey: leadKeys.list(query),
    queryFn: ({ signal }) => getLeads(query, signal),
    placeholderData: keepPreviousData,
  });
