import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Template, TemplateInput } from '@leadline/shared/templates';
import { apiRequest } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

/** Creates a template, or changes one (`id`). */
export const saveTemplate = ({
  id,
  ...body
}: TemplateInput & { id?: string }): Promise<Template> =>
  id
    ? apiRequest<Template>(`/api/templates/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiRequest<Template>('/api/templates', { method: 'POST', body });

export const deleteTemplate = (id: string): Promise<{ message: string }> =>
  apiRequest<{ message: string }>(`/api/templates/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

const useTemplateChange = <T, R>(change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: templateKeys.list }),
  });
};

export const useSaveTemplate = () => useTemplateChange(saveTemplate);
export const useDeleteTemplate = () => useTemplateChange(deleteTemplate);
