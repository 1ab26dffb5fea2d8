import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CustomField,
  CustomFieldAnswer,
  CustomFieldCreateInput,
  CustomFieldEntity,
  CustomFieldUpdateInput,
} from '@leadline/shared/custom-fields';
import { apiRequest } from '../../../lib/api-client.ts';

/** React Query keys of the custom fields feature. */
export const customFieldKeys = {
  all: ['custom-fields'] as const,
  list: (entity: CustomFieldEntity, deleted: boolean) =>
    ['custom-fields', entity, deleted ? 'deleted' : 'active'] as const,
};

export const getCustomFields = (
  entity: CustomFieldEntity,
  deleted = false,
  signal?: AbortSignal,
): Promise<CustomField[]> =>
  apiRequest<{ fields: CustomField[] }>(
    `/api/custom-fields?entity=${entity}${deleted ? '&deleted=true' : ''}`,
    { signal },
  ).then((answer) => answer.fields);

/** The organisation's fields of leads or clients, in form order (deleted ones: admins only). */
export const useCustomFields = (entity: CustomFieldEntity, deleted = false) =>
  useQuery({
    queryKey: customFieldKeys.list(entity, deleted),
    queryFn: ({ signal }) => getCustomFields(entity, deleted, signal),
    staleTime: 60_000,
  });

const useFieldMutation = <T>(action: (input: T) => Promise<CustomFieldAnswer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (_answer, input) => {
      // A dry run changes nothing.
      if ((input as { dryRun?: boolean }).dryRun) return;
      void queryClient.invalidateQueries({ queryKey: customFieldKeys.all });
    },
  });
};

export const useCreateCustomField = () =>
  useFieldMutation((body: CustomFieldCreateInput) =>
    apiRequest<CustomFieldAnswer>('/api/custom-fields', { method: 'POST', body }),
  );

export const useUpdateCustomField = () =>
  useFieldMutation(({ id, ...body }: CustomFieldUpdateInput & { id: string }) =>
    apiRequest<CustomFieldAnswer>(`/api/custom-fields/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    }),
  );

export const useDeleteCustomField = () =>
  useFieldMutation((id: string) =>
    apiRequest<CustomFieldAnswer>(`/api/custom-fields/${encodeURIComponent(id)}`, {
      method: 'DELETE',
    }),
  );

export const useRestoreCustomField = () =>
  useFieldMutation((id: string) =>
    apiRequest<CustomFieldAnswer>(`/api/custom-fields/${encodeURIComponent(id)}/restore`, {
      method: 'POST',
    }),
  );
