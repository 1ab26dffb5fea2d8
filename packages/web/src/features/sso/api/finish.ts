import type { SigninResponse } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/sso/finish: the one-time ticket from the provider's return for the session. */
export const finishSso = (ticket: string): Promise<SigninResponse> =>
  apiRequest<SigninResponse>('/api/auth/sso/finish', {
    method: 'POST',
    body: { ticket },
    auth: false,
  });
