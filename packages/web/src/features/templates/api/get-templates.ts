import { useQuery } from '@tanstack/react-query';
import type { Template } from '@leadline/shared/templates';
import { apiRequest } from '../../../lib/api-client.ts';
import { templateKeys } from './template-keys.ts';

export const getTemplates = (signal?: AbortSignal): Promise<Template[]> =>
  apiRequest<Template[]>('/api/templates', { signal });

/** The organisation's shared templates and the user's own, by name. */
export const useTemplates = () =>
  useQuery({ queryKey: templateKeys.list, queryFn: ({ signal }) => getTemplates(signal) });
