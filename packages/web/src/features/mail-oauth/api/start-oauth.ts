import { useMutation } from '@tanstack/react-query';
import type { MailOAuthProvider } from '@leadline/shared/mail-oauth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/email/oauth/start: the provider's sign-in page to open. */
export const startOAuth = (provider: MailOAuthProvider): Promise<{ url: string }> =>
  apiRequest<{ url: string }>('/api/email/oauth/start', {
    method: 'POST',
    body: { provider },
  });

/** Starts the sign-in and leaves for the provider's page (it comes back to the settings page). */
export const useStartOAuth = () =>
  useMutation({
    mutationFn: startOAuth,
    onSuccess: ({ url }) => window.location.assign(url),
  });
