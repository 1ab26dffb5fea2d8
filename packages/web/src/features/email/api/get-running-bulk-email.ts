import { useQuery } from '@tanstack/react-query';
import type { BulkEmailJob, BulkEmailListResponse, BulkEmailStatus } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

const newestRun = async (status: BulkEmailStatus, signal?: AbortSignal) => {
  const { jobs } = await apiRequest<BulkEmailListResponse>(
    `/api/email/bulk?status=${status}&limit=1`,
    { signal },
  );
  return jobs[0] ?? null;
};

/**
 * GET /api/email/bulk?status=running, else ?status=paused: the caller's own run still sending,
 * or else the one that paused itself (to resume or stop it), if any.
 */
export const getRunningBulkEmail = async (signal?: AbortSignal): Promise<BulkEmailJob | null> =>
  (await newestRun('running', signal)) ?? (await newestRun('paused', signal));

/** Closing the page does not stop a run: coming back shows the one still sending (or paused). */
export const useRunningBulkEmail = () =>
  useQuery({
    queryKey: emailKeys.runningBulkJob,
    queryFn: ({ signal }) => getRunningBulkEmail(signal),
    staleTime: 0,
    gcTime: 0,
  });
