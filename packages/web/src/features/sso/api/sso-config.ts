import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SsoConfig,
  SsoConfigAnswer,
  SsoConfigInput,
  SsoConfigUpdate,
} from '@leadline/shared/sso';
import { apiRequest } from '../../../lib/api-client.ts';

const SSO_KEY = ['sso'] as const;

/** GET /api/sso: the organisation's single sign-on (null when none) and the redirect URI. */
export const useSsoConfig = () =>
  useQuery({
    queryKey: SSO_KEY,
    queryFn: ({ signal }) => apiRequest<SsoConfigAnswer>('/api/sso', { signal }),
  });

const useChangingSso = <In, Out>(mutationFn: (input: In) => Promise<Out>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ queryKey: SSO_KEY }),
  });
};

/** POST /api/sso (first set-up) or PUT /api/sso (a change; the secret kept when left out). */
export const useSaveSso = () =>
  useChangingSso(({ exists, body }: { exists: boolean; body: SsoConfigInput | SsoConfigUpdate }) =>
    apiRequest<SsoConfig>('/api/sso', { method: exists ? 'PUT' : 'POST', body }),
  );

/** DELETE /api/sso */
export const useRemoveSso = () =>
  useChangingSso(() => apiRequest<{ message: string }>('/api/sso', { method: 'DELETE' }));
