import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Automation,
  AutomationInput,
  AutomationOptions,
  AutomationRun,
} from '@leadline/shared/automation';
import { apiRequest } from '../../../lib/api-client.ts';

/** React Query keys of the Automation feature. */
export const automationKeys = {
  all: ['automation'] as const,
  list: ['automation', 'list'] as const,
  options: ['automation', 'options'] as const,
  runs: (id: string) => ['automation', 'runs', id] as const,
};

const rulePath = (id: string) => `/api/automations/${encodeURIComponent(id)}`;

/** The organisation's rules with their run counts; refreshed while runs are pending. */
export const useAutomations = () =>
  useQuery({
    queryKey: automationKeys.list,
    queryFn: async ({ signal }) =>
      (await apiRequest<{ automations: Automation[] }>('/api/automations', { signal })).automations,
    refetchInterval: (query) =>
      query.state.data?.some((rule) => rule.counts.pending > 0) ? 2000 : 15_000,
  });

/** The users and campaigns the rule form offers. */
export const useAutomationOptions = () =>
  useQuery({
    queryKey: automationKeys.options,
    queryFn: ({ signal }) => apiRequest<AutomationOptions>('/api/automations/options', { signal }),
  });

/** A rule's runs, newest first; refreshed every few seconds while the list is open. */
export const useAutomationRuns = (id: string) =>
  useQuery({
    queryKey: automationKeys.runs(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ runs: AutomationRun[] }>(`${rulePath(id)}/runs`, { signal })).runs,
    refetchInterval: 3000,
  });

const useRuleChange = <T, R>(change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
};

/** Creates a rule, or replaces one's definition (`id`). */
export const useSaveAutomation = () =>
  useRuleChange(({ id, ...body }: AutomationInput & { id?: string }) =>
    apiRequest<{ automation: Automation }>(id ? rulePath(id) : '/api/automations', {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );

/** Switches a rule on or off. */
export const useSwitchAutomation = () =>
  useRuleChange(({ id, enabled }: { id: string; enabled: boolean }) =>
    apiRequest<{ automation: Automation }>(rulePath(id), { method: 'PUT', body: { enabled } }),
  );

export const useDeleteAutomation = () =>
  useRuleChange((id: string) =>
    apiRequest<{ message: string }>(rulePath(id), { method: 'DELETE' }),
  );
