import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskCreateInput } from '@leadline/shared/tasks';
import { apiRequest } from '../../../lib/api-client.ts';

/** React Query keys of the tasks feature. */
export const taskKeys = {
  all: ['tasks'] as const,
  mine: ['tasks', 'mine'] as const,
  lead: (leadId: string) => ['tasks', 'lead', leadId] as const,
};

const getTasks = async (query: string, signal?: AbortSignal): Promise<Task[]> =>
  (await apiRequest<{ tasks: Task[] }>(`/api/tasks?${query}`, { signal })).tasks;

/** The caller's open tasks, overdue first (the dashboard's "My tasks"). */
export const useMyTasks = () =>
  useQuery({ queryKey: taskKeys.mine, queryFn: ({ signal }) => getTasks('mine&open', signal) });

/** A lead's tasks, open ones first by due date, then done ones (the lead drawer). */
export const useLeadTasks = (leadId: string) =>
  useQuery({
    queryKey: taskKeys.lead(leadId),
    queryFn: ({ signal }) => getTasks(new URLSearchParams({ leadId }).toString(), signal),
    staleTime: 0,
  });

const useTaskChange = <T>(change: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
};

/** POST /api/tasks */
export const useAddTask = () =>
  useTaskChange((body: TaskCreateInput) =>
    apiRequest<{ task: Task }>('/api/tasks', { method: 'POST', body }),
  );

/** PATCH /api/tasks/:id { done }: ticks a task off, or opens it again. */
export const useSetTaskDone = () =>
  useTaskChange(({ id, done }: { id: string; done: boolean }) =>
    apiRequest<{ task: Task }>(`/api/tasks/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { done },
    }),
  );
