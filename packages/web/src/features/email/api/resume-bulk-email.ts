import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkEmailResumed } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

/** POST /api/email/bulk/:jobId/resume: a paused run goes on where it paused. */
export const resumeBulkEmail = (jobId: string): Promise<BulkEmailResumed> =>
  apiRequest<BulkEmailResumed>(`/api/email/bulk/${encodeURIComponent(jobId)}/resume`, {
    method: 'POST',
  });

export const useResumeBulkEmail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeBulkEmail,
    // Running again: its progress is polled again.
    onSuccess: ({ job }) => queryClient.setQueryData(emailKeys.bulkJob(job.jobId), job),
  });
};
