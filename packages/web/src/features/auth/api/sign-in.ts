import { useMutation } from '@tanstack/react-query';
import type { SigninResponse } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';

export type SignInBody = { email: string; password: string };

export const signIn = (body: SignInBody): Promise<SigninResponse> =>
  apiRequest<SigninResponse>('/api/auth/signin', { method: 'POST', body, auth: false });

export const useSignIn = () => useMutation({ mutationFn: signIn });
