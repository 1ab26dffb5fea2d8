import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditList } from '@leadline/shared/audit';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditParams } from './audit-filters.ts';
import type { AuditFilters } from './audit-filters.ts';

/** Entries per request; "Load more" asks for the next page after the last one shown. */
export const AUDIT_PAGE_SIZE = 50;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => ['audit', filters] as const,
};

export const getAudit = (
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditList> => {
  const params = auditParams(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiRequest<AuditList>(`/api/audit?${params.toString()}`, { signal });
};

/** GET /api/audit with the filters, newest first, one page after another (keyset cursor). */
export const useAuditLog = (filters: AuditFilters, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
