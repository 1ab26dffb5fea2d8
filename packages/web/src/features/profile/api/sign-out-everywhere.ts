import type { SignoutInput } from '@leadline/shared/auth';
import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/**
 * Ends every session of the signed-in user on the server (this browser's and every other
 * device's), then forgets the token here. Throws when the server did not confirm it.
 */
export const signOutEverywhere = async (): Promise<void> => {
  const body: SignoutInput = { everywhere: true };
  await apiRequest('/api/auth/signout', { method: 'POST', body });
  clearSession();
};
