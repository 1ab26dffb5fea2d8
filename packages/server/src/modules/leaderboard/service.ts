import { addDays, defaultPeriod, isoDay } from '@leadline/shared/reports';
import { figureTotal } from '@leadline/shared/leaderboard';
import type {
  LeaderboardParams,
  LeaderboardResponse,
  LeaderboardRow,
} from '@leadline/shared/leaderboard';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { leaderboardRows } from './repo.ts';
import type { LeaderboardUserRow } from './repo.ts';

export const NO_ORGANIZATION = chooseOrganization('see its leaderboard');

/** The days asked for, or the last 30 days (UTC), as Reports resolves them. */
const periodOf = (query: LeaderboardParams, now: Date) =>
  query.from && query.to ? { from: query.from, to: query.to } : defaultPeriod(isoDay(now));

const toRow = ({ id, name, ...figures }: LeaderboardUserRow): LeaderboardRow => ({
  user: { id, name },
  ...figures,
});

/**
 * GET /api/leaderboard: the organisation's users with their figures for the period, ranked by
 * the chosen figure, then by all figures together, then by name (users with nothing come last).
 */
export const buildLeaderboard = async (
  db: Db,
  actor: CurrentUser,
  query: LeaderboardParams,
  now = new Date(),
): Promise<LeaderboardResponse> => {
  const organizationId = organizationIn(actor, NO_ORGANIZATION);
  const { from, to } = periodOf(query, now);
  const range = {
    start: new Date(`${from}T00:00:00.000Z`),
    end: new Date(`${addDays(to, 1)}T00:00:00.000Z`),
  };
  const rows = (await leaderboardRows(db, organizationId, range, now)).map(toRow);
  const { sort } = query;
  rows.sort(
    (a, b) =>
      b[sort] - a[sort] ||
      figureTotal(b) - figureTotal(a) ||
      a.user.name.localeCompare(b.user.name) ||
      a.user.id.localeCompare(b.user.id),
  );
  return { period: { from, to }, sort, rows };
};
