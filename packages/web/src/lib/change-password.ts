import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, ChangePasswordResponse } from '@leadline/shared/accounts';
import { apiRequest } from './api-client.ts';

/** POST /api/auth/change-password: every other session ends; this one gets a fresh token. */
export const changePassword = (body: ChangePasswordInput): Promise<ChangePasswordResponse> =>
  apiRequest<ChangePasswordResponse>('/api/auth/change-password', { method: 'POST', body });

/** Used by the profile and by the forced change after a temporary password. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
