import { PIPELINE_PAGE, PIPELINE_STATUSES } from '@leadline/shared/pipeline';
import type {
  PipelineColumnPage,
  PipelineColumnParams,
  PipelineParams,
  PipelineResponse,
} from '@leadline/shared/pipeline';
import type { Lead, LeadStatus } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { presentLeads } from '../leads/owners.ts';
import { changeLeadStatus, getLead, organizationOf, toLeadFilter } from '../leads/service.ts';
import type { LeadFilter } from '../leads/query.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { findColumnCards, findFirstCards } from './repo.ts';
import type { CardRow } from './repo.ts';
import { boardTotals, keepMovedTotals, keptTotals } from './totals.ts';

/** Newest in status first, as the board index reads them. */
const byBoardOrder = (a: CardRow, b: CardRow): number => {
  const time = BigInt(b.micros) - BigInt(a.micros);
  if (time !== 0n) return time > 0n ? 1 : -1;
  return a.lead.id < b.lead.id ? 1 : a.lead.id > b.lead.id ? -1 : 0;
};

/** A column's page: its first `PIPELINE_PAGE` rows and the cursor after the last, if more follow. */
const pageOf = (rows: readonly CardRow[]) => {
  const shown = [...rows].sort(byBoardOrder).slice(0, PIPELINE_PAGE);
  const last = shown.at(-1);
  return {
    rows: shown.map((row) => row.lead),
    nextCursor:
      rows.length > PIPELINE_PAGE && last
        ? encodeCursor({ micros: last.micros, id: last.lead.id })
        : null,
  };
};

/** The table's filters as the leads module reads them, the status left to the columns. */
const boardFilter = (query: PipelineParams, actor: CurrentUser): LeadFilter => ({
  ...toLeadFilter(query, actor),
  status: undefined,
});

/**
 * GET /api/pipeline: every column's count and summed deal value (totals.ts) and its first
 * cards, the table's filters applied. Cards of every column are presented together (one read
 * of the owners' names).
 */
export const pipelineBoard = async (
  db: Db,
  actor: CurrentUser,
  query: PipelineParams,
): Promise<PipelineResponse> => {
  const organizationId = organizationOf(actor);
  const filter = boardFilter(query, actor);
  const [totals, cards] = await Promise.all([
    boardTotals(db, organizationId, filter),
    findFirstCards(db, organizationId, filter, PIPELINE_STATUSES, PIPELINE_PAGE),
  ]);
  const pages = PIPELINE_STATUSES.map((status) =>
    pageOf(cards.filter((row) => row.lead.status === status)),
  );
  const leads = await presentLeads(
    db,
    pages.flatMap((page) => page.rows),
  );
  let start = 0;
  return {
    columns: PIPELINE_STATUSES.map((status, index) => {
      const page = pages[index]!;
      const shown: Lead[] = leads.slice(start, (start += page.rows.length));
      const total = totals.find((row) => row.status === status);
      return {
        status,
        count: total?.count ?? 0,
        value: total?.value ?? 0,
        leads: shown,
        nextCursor: page.nextCursor,
      };
    }),
  };
};

/** GET /api/pipeline/:status: the next cards of one column after `cursor`. */
export const pipelineColumn = async (
  db: Db,
  actor: CurrentUser,
  status: LeadStatus,
  query: PipelineColumnParams,
): Promise<PipelineColumnPage> => {
  const organizationId = organizationOf(actor);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = pageOf(
    await findColumnCards(
      db,
      organizationId,
      boardFilter(query, actor),
      status,
      after,
      PIPELINE_PAGE,
    ),
  );
  return { status, leads: await presentLeads(db, page.rows), nextCursor: page.nextCursor };
};

/**
 * PATCH /api/pipeline/leads/:id: a card moved to another column. The leads service changes the
 * status (its rules, the status change record and the activity entry); the board's unfiltered
 * totals are carried over with the move applied (totals.ts) rather than counted again.
 */
export const moveLead = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  status: LeadStatus,
): Promise<Lead> => {
  const organizationId = organizationOf(actor);
  const kept = keptTotals(db, organizationId);
  const before = kept ? await getLead(db, actor, id) : undefined;
  const lead = await changeLeadStatus(db, actor, id, status);
  if (kept && before)
    keepMovedTotals(
      db,
      organizationId,
      kept,
      before.status === lead.status
        ? null
        : { from: before.status, to: lead.status, value: lead.dealValue ?? 0 },
    );
  return lead;
};
