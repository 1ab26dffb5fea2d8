import { useQuery } from '@tanstack/react-query';
import type { EmailConfigResponse } from '@leadline/shared/email';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailKeys } from './email-keys.ts';

export const getEmailConfig = (signal?: AbortSignal): Promise<EmailConfigResponse> =>
  apiRequest<EmailConfigResponse>('/api/email/config', { signal });

/** The signed-in user's own SMTP and IMAP settings (never a password). */
export const useEmailConfig = () =>
  useQuery({
    queryKey: emailKeys.config,
    queryFn: ({ signal }) => getEmailConfig(signal),
    staleTime: 0,
  });
