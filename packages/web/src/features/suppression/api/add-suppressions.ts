import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuppressionAddInput, SuppressionAdded } from '@leadline/shared/suppression';
import { apiRequest } from '../../../lib/api-client.ts';
import { suppressionKeys } from './suppression-keys.ts';

export const addSuppressions = (body: SuppressionAddInput): Promise<SuppressionAdded> =>
  apiRequest<SuppressionAdded>('/api/suppression', { method: 'POST', body });

/** An uploaded CSV or text file's content, read by the server. */
export const importSuppressions = (csv: string): Promise<SuppressionAdded> =>
  apiRequest<SuppressionAdded>('/api/suppression/import', { method: 'POST', body: { csv } });

const useListChange = <T>(change: (input: T) => Promise<SuppressionAdded>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionKeys.lists }),
  });
};

export const useAddSuppressions = () => useListChange(addSuppressions);
export const useImportSuppressions = () => useListChange(importSuppressions);
