import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordInput } from '@leadline/shared/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (body: ResetPasswordInput): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('/api/auth/reset', { method: 'POST', body, auth: false });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
