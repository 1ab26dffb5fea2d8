import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '@leadline/shared/activity';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const activityQueryKey = queryKeys.activity;

/** Entries per request; the next page starts after the last entry shown. */
export const ACTIVITY_PAGE_SIZE = 25;

export type ActivityPageParams = { limit?: number; before?: string };

export const getActivity = (
  { limit = ACTIVITY_PAGE_SIZE, before }: ActivityPageParams = {},
  signal?: AbortSignal,
): Promise<ActivityEntry[]> => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return apiRequest<ActivityEntry[]>(`/api/activity?${query.toString()}`, { signal });
};

/** GET /api/activity, newest first, one page after another (keyset on the last `_id`). */
export const useActivityFeed = () =>
  useInfiniteQuery({
    queryKey: activityQueryKey,
    queryFn: ({ pageParam, signal }) => getActivity({ before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    // A short page is the last one.
    getNextPageParam: (lastPage) =>
      lastPage.length < ACTIVITY_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?._id,
    staleTime: 0,
  });
