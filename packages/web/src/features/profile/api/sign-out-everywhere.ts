import type { SignoutInput } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

export type SignOutEverywhereAnswer = {
  message: string;
  /** The API keys revoked, when asked to (name and first letters). */
  revokedApiKeys?: { name: string; prefix: string }[];
};

/**
 * Ends every session of the signed-in user on the server (this browser's and every other
 * device's), and with `revokeApiKeys` every API key of theirs, then forgets the token here.
 * Throws when the server did not confirm it.
 */
export const signOutEverywhere = async (
  revokeApiKeys = false,
): Promise<SignOutEverywhereAnswer> => {
  const body: SignoutInput = { everywhere: true, ...(revokeApiKeys ? { revokeApiKeys } : {}) };
  const answer = await apiRequest<SignOutEverywhereAnswer>('/api/auth/signout', {
    method: 'POST',
    body,
  });
  clearSession();
  return answer;
};
