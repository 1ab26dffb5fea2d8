import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodes,
  TwoFactorDisableInput,
  TwoFactorSetup,
} from '@leadline/shared/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Every change to the caller's second step refreshes its status and the signed-in user. */
const useRefreshing = <In, Out>(mutationFn: (input: In) => Promise<Out>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.twoFactor });
      void client.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
};

/** POST /api/auth/2fa/setup: a new secret, as the otpauth URI the QR code draws. */
export const useStartSetup = () =>
  useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>('/api/auth/2fa/setup', { method: 'POST' }),
  });

/** POST /api/auth/2fa/enable: the first code; answers the ten recovery codes. */
export const useEnableTwoFactor = () =>
  useRefreshing((code: string) =>
    apiRequest<RecoveryCodes>('/api/auth/2fa/enable', { method: 'POST', body: { code } }),
  );

/** POST /api/auth/2fa/recovery-codes: new recovery codes (the old ones stop working). */
export const useRegenerateCodes = () =>
  useRefreshing((code: string) =>
    apiRequest<RecoveryCodes>('/api/auth/2fa/recovery-codes', { method: 'POST', body: { code } }),
  );

/** DELETE /api/auth/2fa with a code or the password. */
export const useDisableTwoFactor = () =>
  useRefreshing((body: TwoFactorDisableInput) =>
    apiRequest<{ message: string }>('/api/auth/2fa', { method: 'DELETE', body }),
  );
