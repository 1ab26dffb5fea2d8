import { useMutation } from '@tanstack/react-query';
import type { BulkEmailInput, BulkEmailStarted } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/email/bulk: 202 { jobId }; the server sends one lead after another. */
export const startBulkEmail = (body: BulkEmailInput): Promise<BulkEmailStarted> =>
  apiRequest<BulkEmailStarted>('/api/email/bulk', { method: 'POST', body });

export const useStartBulkEmail = () => useMutation({ mutationFn: startBulkEmail });
