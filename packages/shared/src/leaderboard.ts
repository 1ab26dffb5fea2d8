import { z } from 'zod';
import { answerSchema, text } from './answers.ts';
import { dateParam, refuseReversedRange } from './dates.ts';

/* The leaderboard (/leaderboard): the organisation's users ranked over a period (UTC days). */

/** The figures a user is ranked by, in the order the table shows them. */
export const LEADERBOARD_FIGURES = [
  'leadsCreated',
  'emailsSent',
  'replies',
  'meetings',
  'qualified',
  'calls',
  'notes',
  'dealsWon',
  'valueWon',
] as const;
export type LeaderboardFigure = (typeof LEADERBOARD_FIGURES)[number];

export const LEADERBOARD_FIGURE_LABELS: Record<LeaderboardFigure, string> = {
  leadsCreated: 'Leads created',
  emailsSent: 'Emails sent',
  replies: 'Replies',
  meetings: 'Meetings held',
  qualified: 'Qualified',
  calls: 'Calls',
  notes: 'Notes',
  dealsWon: 'Deals won',
  valueWon: 'Value won',
};

/** Figures that are money (in the organisation's currency), not counts. */
export const MONEY_FIGURES: readonly LeaderboardFigure[] = ['valueWon'];

export const BOTH_DATES = 'Choose both a start and an end date';

/**
 * GET /api/leaderboard?from&to&sort: whole UTC days, `to` included (as Reports counts them);
 * without dates the last 30 days; `sort` the figure ranked by (leads created by default).
 */
export const leaderboardQuerySchema = z
  .object({
    from: dateParam('from'),
    to: dateParam('to'),
    sort: z
      .enum(LEADERBOARD_FIGURES, {
        error: `sort must be one of ${LEADERBOARD_FIGURES.join(', ')}`,
      })
      .default('leadsCreated'),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [query.from === undefined ? 'from' : 'to'],
        message: BOTH_DATES,
      });
      return;
    }
    refuseReversedRange(query, ctx);
  });
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;
export type LeaderboardParams = z.output<typeof leaderboardQuerySchema>;

export type LeaderboardFigures = Record<LeaderboardFigure, number>;

/** One user's figures for the period. */
export type LeaderboardRow = { user: { id: string; name: string } } & LeaderboardFigures;

/** GET /api/leaderboard: rows ranked by `sort` (ties: more in all, then by name). */
export type LeaderboardResponse = {
  period: { from: string; to: string };
  sort: LeaderboardFigure;
  rows: LeaderboardRow[];
};

const figure = z.number();

export const leaderboardRowAnswerSchema = answerSchema<LeaderboardRow>()({
  user: z.object({ id: text, name: text }),
  leadsCreated: figure,
  emailsSent: figure,
  replies: figure,
  meetings: figure,
  qualified: figure,
  calls: figure,
  notes: figure,
  dealsWon: figure,
  valueWon: figure,
});

export const leaderboardAnswerSchema = answerSchema<LeaderboardResponse>()({
  period: z.object({ from: text, to: text }),
  sort: z.enum(LEADERBOARD_FIGURES),
  rows: z.array(leaderboardRowAnswerSchema),
});

/** The sum of a row's counted figures (the tie-break after the chosen one; money left out). */
export const figureTotal = (row: LeaderboardFigures): number =>
  LEADERBOARD_FIGURES.reduce(
    (total, key) => total + (MONEY_FIGURES.includes(key) ? 0 : row[key]),
    0,
  );
