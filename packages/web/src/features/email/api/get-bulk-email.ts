import { useQuery } from '@tanstack/react-query';
import type { BulkEmailJob } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

export const BULK_POLL_MS = 1000;

export const getBulkEmail = (jobId: string, signal?: AbortSignal): Promise<BulkEmailJob> =>
  apiRequest<BulkEmailJob>(`/api/email/bulk/${encodeURIComponent(jobId)}`, { signal });

/** A bulk run's progress, polled about every second while it runs. */
export const useBulkEmailJob = (jobId: string | null) =>
  useQuery({
    queryKey: emailKeys.bulkJob(jobId ?? ''),
    queryFn: ({ signal }) => getBulkEmail(jobId!, signal),
    enabled: jobId !== null,
    staleTime: 0,
    retry: 3,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'running' ? BULK_POLL_MS : false,
  });
