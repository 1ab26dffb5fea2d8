import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { LeaderboardFigure, LeaderboardResponse } from '@leadline/shared/leaderboard';
import { apiRequest } from '../../../lib/api-client.ts';

export type LeaderboardAsk = { from: string; to: string; sort: LeaderboardFigure };

export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  board: (ask: LeaderboardAsk, organization: string | null) =>
    ['leaderboard', organization, ask.from, ask.to, ask.sort] as const,
};

export const getLeaderboard = (
  ask: LeaderboardAsk,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> =>
  apiRequest<LeaderboardResponse>(`/api/leaderboard?${new URLSearchParams(ask).toString()}`, {
    signal,
  });

/** GET /api/leaderboard for a valid period (null: nothing asked); the last board stays shown. */
export const useLeaderboard = (ask: LeaderboardAsk | null, organization: string | null) =>
  useQuery({
    queryKey: ask ? leaderboardKeys.board(ask, organization) : leaderboardKeys.all,
    queryFn: ({ signal }) => getLeaderboard(ask!, signal),
    enabled: ask !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
