import {
  PIPELINE_PAGE,
  PIPELINE_STATUSES,
  STAGE_PROBABILITIES,
  columnKeyOf,
} from '@leadline/shared/pipeline';
import { stageWeighted } from '@leadline/shared/stages';
import type { Stage } from '@leadline/shared/stages';
import type {
  PipelineColumn,
  PipelineColumnPage,
  PipelineMove,
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
import type { BoardColumnKey, CardRow } from './repo.ts';
import { changeLeadStage } from '../leads/stage.ts';
import { findStages, toStage } from '../stages/lookup.ts';
import { notFound } from '../../lib/errors.ts';
import { STAGE_NOT_FOUND } from '@leadline/shared/stages';
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

/** The board's columns, left to right: the four statuses, then the deal stages in order. */
type BoardColumn = {
  key: string;
  column: BoardColumnKey;
  status: LeadStatus | null;
  stage: Stage | null;
};

const boardColumns = (stages: readonly Stage[]): [BoardColumn, BoardColumn, ...BoardColumn[]] => {
  const [first, second, ...rest] = [
    ...PIPELINE_STATUSES.map((status) => ({
      key: status,
      column: { status },
      status,
      stage: null,
    })),
    ...stages.map((stage) => ({
      key: stage._id,
      column: { stageId: stage._id },
      status: null,
      stage,
    })),
  ];
  return [first!, second!, ...rest];
};

const keyOfRow = (row: CardRow): string => row.lead.stageId ?? row.lead.status;

/**
 * GET /api/pipeline: every column's count, summed deal value and weighted value (totals.ts) and
 * its first cards, the table's filters applied: the four statuses (leads in no deal stage), then
 * the organisation's deal stages. Cards of every column are presented together (one read of
 * the owners' names).
 */
export const pipelineBoard = async (
  db: Db,
  actor: CurrentUser,
  query: PipelineParams,
): Promise<PipelineResponse> => {
  const organizationId = organizationOf(actor);
  const filter = boardFilter(query, actor);
  const columns = boardColumns((await findStages(db, organizationId)).map(toStage));
  const [totals, cards] = await Promise.all([
    boardTotals(db, organizationId, filter),
    findFirstCards(
      db,
      organizationId,
      filter,
      [columns[0].column, columns[1].column, ...columns.slice(2).map((c) => c.column)],
      PIPELINE_PAGE,
    ),
  ]);
  const pages = columns.map(({ key }) => pageOf(cards.filter((row) => keyOfRow(row) === key)));
  const leads = await presentLeads(
    db,
    pages.flatMap((page) => page.rows),
  );
  let start = 0;
  return {
    columns: columns.map(({ key, status, stage }, index): PipelineColumn => {
      const page = pages[index]!;
      const shown: Lead[] = leads.slice(start, (start += page.rows.length));
      const total = totals.find((row) => row.status === key);
      const probability = stage
        ? stage.probability
        : Math.round(STAGE_PROBABILITIES[status!] * 100);
      const value = total?.value ?? 0;
      return {
        key,
        name: stage ? stage.name : status!,
        status,
        stage,
        probability,
        count: total?.count ?? 0,
        value,
        weightedValue: stageWeighted(value, probability),
        leads: shown,
        nextCursor: page.nextCursor,
      };
    }),
  };
};

/** GET /api/pipeline/:status and /api/pipeline/stages/:id: a column's next cards after `cursor`. */
export const pipelineColumn = async (
  db: Db,
  actor: CurrentUser,
  column: BoardColumnKey,
  query: PipelineColumnParams,
): Promise<PipelineColumnPage> => {
  const organizationId = organizationOf(actor);
  if ('stageId' in column) {
    const stages = await findStages(db, organizationId);
    if (!stages.some((stage) => stage.id === column.stageId)) throw notFound(STAGE_NOT_FOUND);
  }
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = pageOf(
    await findColumnCards(
      db,
      organizationId,
      boardFilter(query, actor),
      column,
      after,
      PIPELINE_PAGE,
    ),
  );
  return {
    key: 'status' in column ? column.status : column.stageId,
    status: 'status' in column ? column.status : null,
    leads: await presentLeads(db, page.rows),
    nextCursor: page.nextCursor,
  };
};

/**
 * PATCH /api/pipeline/leads/:id: a card moved to another column. The leads service changes the
 * status or the deal stage (their rules, records, activity entries and events); a card moved
 * back to a status column leaves its stage first (in the status change's transaction). The board's unfiltered totals are carried
 * over with the move applied (totals.ts) rather than counted again.
 */
export const moveLead = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  move: PipelineMove,
): Promise<Lead> => {
  const organizationId = organizationOf(actor);
  const kept = keptTotals(db, organizationId);
  const before = await getLead(db, actor, id);
  let lead: Lead;
  if (move.stageId !== undefined) {
    lead = await changeLeadStage(db, actor, organizationId, id, {
      stageId: move.stageId.toLowerCase(),
      lostReason: move.lostReason,
    });
  } else {
    lead = await changeLeadStatus(db, actor, id, move.status!, { leaveStage: true });
  }
  if (kept) {
    const from = columnKeyOf(before);
    const to = columnKeyOf(lead);
    keepMovedTotals(
      db,
      organizationId,
      kept,
      from === to ? null : { from, to, value: lead.dealValue ?? 0 },
    );
  }
  return lead;
};
