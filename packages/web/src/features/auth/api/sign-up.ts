import { useMutation } from '@tanstack/react-query';
import type { Role } from '@leadline/shared/roles';
import { apiRequest } from '../../../lib/api-client.ts';

export type SelfSignUpBody = {
  name: string;
  email: string;
  password: string;
  role: Role;
  organizationName?: string;
  department?: string;
};

/**
 * The answer is the same whether the email was new or already had an account (whose owner is
 * emailed instead), so it names no user.
 */
export type SignUpResponse = { message: string };

/** Self-registration: no token, so the account waits for approval. */
export const signUp = (body: SelfSignUpBody): Promise<SignUpResponse> =>
  apiRequest<SignUpResponse>('/api/auth/signup', { method: 'POST', body, auth: false });

export const useSignUp = () => useMutation({ mutationFn: signUp });
