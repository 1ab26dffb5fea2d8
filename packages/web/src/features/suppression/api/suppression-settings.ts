import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuppressionSettings } from '@leadline/shared/suppression';
import { apiRequest } from '../../../lib/api-client.ts';
import { suppressionKeys } from './suppression-keys.ts';

const URL = '/api/suppression/settings';

export const useSuppressionSettings = () =>
  useQuery({
    queryKey: suppressionKeys.settings,
    queryFn: ({ signal }) => apiRequest<SuppressionSettings>(URL, { signal }),
  });

export const useSaveSuppressionSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuppressionSettings) =>
      apiRequest<SuppressionSettings>(URL, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(suppressionKeys.settings, saved),
  });
};
