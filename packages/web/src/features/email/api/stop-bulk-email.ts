import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEmailStopped } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

/** POST /api/email/bulk/:jobId/stop: no further lead is emailed. */
export const stopBulkEmail = (jobId: string): Promise<BulkEmailStopped> =>
  apiRequest<BulkEmailStopped>(`/api/email/bulk/${encodeURIComponent(jobId)}/stop`, {
    method: 'POST',
  });

export const useStopBulkEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopBulkEmail,
    onSuccess: ({ job }) => queryClient.setQueryData(emailKeys.bulkJob(job.jobId), job),
  });
};
