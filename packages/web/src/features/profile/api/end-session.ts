import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Ends one of the user's own sessions (DELETE /api/auth/sessions/:id). */
export const endSession = (id: string): Promise<{ message: string }> =>
  apiRequest(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useEndSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
};
