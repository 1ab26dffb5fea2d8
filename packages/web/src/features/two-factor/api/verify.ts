import { useMutation } from '@tanstack/react-query';
import type { SigninResponse } from '@leadline/shared/auth';
import type { TwoFactorVerifyInput } from '@leadline/shared/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/2fa/verify: the code step of sign-in; answers as sign-in does. */
export const useVerifyTwoFactor = () =>
  useMutation({
    mutationFn: (body: TwoFactorVerifyInput) =>
      apiRequest<SigninResponse>('/api/auth/2fa/verify', { method: 'POST', body, auth: false }),
  });
