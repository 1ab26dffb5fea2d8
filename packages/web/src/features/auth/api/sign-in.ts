import { useMutation } from '@tanstack/react-query';
import type { SigninResponse } from '@leadline/shared/auth';
import type { TwoFactorChallenge } from '@leadline/shared/two-factor';
import { apiRequest } from '../../../lib/api-client.ts';

export type SignInBody = { email: string; password: string };

/** The session, or (two-step sign-in on) a challenge the code is sent with. */
export type SignInAnswer = SigninResponse | TwoFactorChallenge;

export const signIn = (body: SignInBody): Promise<SignInAnswer> =>
  apiRequest<SignInAnswer>('/api/auth/signin', { method: 'POST', body, auth: false });

export const useSignIn = () => useMutation({ mutationFn: signIn });
