import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { companyPath } from '@leadline/shared/companies';
import type { CompanyDetail, CompanyListResponse } from '@leadline/shared/companies';
import { apiRequest } from '../../../lib/api-client.ts';

export type CompanyListAsk = { search: string; page: number; limit: number };

export const companyKeys = {
  all: ['companies'] as const,
  list: (ask: CompanyListAsk, organization: string | null) =>
    ['companies', organization, 'list', ask.search, ask.page, ask.limit] as const,
  one: (key: string, organization: string | null) =>
    ['companies', organization, 'one', key] as const,
  conversation: (key: string, organization: string | null) =>
    ['companies', organization, 'conversation', key] as const,
};

const listQuery = (ask: CompanyListAsk): string =>
  new URLSearchParams({
    ...(ask.search ? { search: ask.search } : {}),
    page: String(ask.page),
    limit: String(ask.limit),
  }).toString();

/** GET /api/companies: one page; the last page stays shown while the next loads. */
export const useCompanies = (ask: CompanyListAsk, organization: string | null, enabled: boolean) =>
  useQuery({
    queryKey: companyKeys.list(ask, organization),
    queryFn: ({ signal }) =>
      apiRequest<CompanyListResponse>(`/api/companies?${listQuery(ask)}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** GET /api/companies/<key> (the key URL-encoded). */
export const useCompany = (key: string, organization: string | null, enabled: boolean) =>
  useQuery({
    queryKey: companyKeys.one(key, organization),
    queryFn: ({ signal }) => apiRequest<CompanyDetail>(`/api${companyPath(key)}`, { signal }),
    enabled,
  });
