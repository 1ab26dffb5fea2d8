import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyDay } from '@leadline/shared/dashboard';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The viewer's IANA time zone: "today" is theirs. */
export const viewerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Under the dashboard's key: refreshed with it. */
export const myDayQueryKey = (timeZone: string) =>
  [...queryKeys.dashboard, 'my-day', timeZone] as const;

/** GET /api/dashboard/my-day in the viewer's zone; fetched afresh whenever the dashboard opens. */
export const useMyDay = () => {
  const timeZone = viewerZone();
  return useQuery({
    queryKey: myDayQueryKey(timeZone),
    queryFn: ({ signal }) =>
      apiRequest<MyDay>(`/api/dashboard/my-day?${new URLSearchParams({ timeZone }).toString()}`, {
        signal,
      }),
    staleTime: 0,
  });
};

/** PATCH /api/tasks/:id { done: true }: ticks one of My day's tasks off; My day and tasks refresh. */
export const useTickTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/tasks/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { done: true },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...queryKeys.dashboard, 'my-day'] }),
        queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      ]),
  });
};
