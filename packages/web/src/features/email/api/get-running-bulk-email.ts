import { useQuery } from '@tanstack/react-query';
import type { BulkEmailJob, BulkEmailListResponse } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

/** GET /api/email/bulk?status=running: the caller's own run still sending, if any. */
export const getRunningBulkEmail = async (signal?: AbortSignal): Promise<BulkEmailJob | null> => {
  const { jobs } = await apiRequest<BulkEmailListResponse>(
    '/api/email/bulk?status=running&limit=1',
    { signal },
  );
  return jobs[0] ?? null;
};

/** Closing the page does not stop a run: coming back shows the one still sending. */
export const useRunningBulkEmail = () =>
  useQuery({
    queryKey: emailKeys.runningBulkJob,
    queryFn: ({ signal }) => getRunningBulkEmail(signal),
    staleTime: 0,
    gcTime: 0,
  });
