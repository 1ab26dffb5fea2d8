import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@leadline/shared/accounts';
import { apiRequest } from '../../../lib/api-client.ts';

export const forgotPassword = (body: ForgotPasswordInput): Promise<{ message: string }> =>
  apiRequest<{ message: string }>('/api/auth/forgot', { method: 'POST', body, auth: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
