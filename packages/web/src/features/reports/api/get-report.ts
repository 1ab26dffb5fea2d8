import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportPeriod, ReportResponse } from '@leadline/shared/reports';
import { apiRequest } from '../../../lib/api-client.ts';

export const reportKeys = {
  all: ['reports'] as const,
  report: (period: ReportPeriod) => ['reports', period.from, period.to, period.bucket] as const,
};

export const reportQueryString = (period: ReportPeriod): string =>
  new URLSearchParams({ from: period.from, to: period.to, bucket: period.bucket }).toString();

export const getReport = (period: ReportPeriod, signal?: AbortSignal): Promise<ReportResponse> =>
  apiRequest<ReportResponse>(`/api/reports?${reportQueryString(period)}`, { signal });

/**
 * GET /api/reports for a valid period (null: nothing is asked for); the last report stays
 * shown while the next period loads.
 */
export const useReport = (period: ReportPeriod | null) =>
  useQuery({
    queryKey: period ? reportKeys.report(period) : reportKeys.all,
    queryFn: ({ signal }) => getReport(period!, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
