import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { recordEvents } from '../events/record.ts';
import { presentLeads } from './owners.ts';
import { findLeadsByIds } from './repo.ts';
import type { LeadRow } from './repo.ts';

/** What a lead event says beside the lead: the status or owner it had before. */
export type LeadEventExtra = { previousStatus?: string; previousOwnerId?: string | null };

/** One lead event to write: its type and the lead after the change (before it, for deletion). */
export type LeadEvent = { type: EventType; row: LeadRow & LeadEventExtra };

/**
 * Writes lead events (in `tx`, the change's transaction), each carrying the lead as the API
 * shows it; the leads are presented once however many events name them (an edit that also
 * moves the status and the owner writes three).
 */
export const recordLeadEventList = async (
  tx: Db,
  actorId: string | null,
  list: readonly LeadEvent[],
): Promise<void> => {
  if (list.length === 0) return;
  const rows = [...new Map(list.map(({ row }) => [row.id, row])).values()];
  const shown = new Map((await presentLeads(tx, rows)).map((lead) => [lead._id, lead]));
  await recordEvents(
    tx,
    list.map(({ type, row }) => ({
      organizationId: row.organizationId,
      type,
      subjectId: row.id,
      leadId: row.id,
      actorId,
      data: {
        lead: shown.get(row.id)!,
        ...(row.previousStatus !== undefined ? { previousStatus: row.previousStatus } : {}),
        ...(row.previousOwnerId !== undefined ? { previousOwnerId: row.previousOwnerId } : {}),
      },
    })),
  );
};

/** One event of `type` per lead. */
export const recordLeadEvents = (
  tx: Db,
  type: EventType,
  actorId: string | null,
  rows: readonly (LeadRow & LeadEventExtra)[],
): Promise<void> =>
  recordLeadEventList(
    tx,
    actorId,
    rows.map((row) => ({ type, row })),
  );

/**
 * The same for leads known by id (a change made in SQL that answered ids only, such as an
 * import batch): one read of the rows, whatever their number.
 */
export const recordLeadEventsFor = async (
  tx: Db,
  type: EventType,
  actorId: string | null,
  organizationId: string,
  ids: readonly string[],
): Promise<void> => {
  if (ids.length === 0) return;
  await recordLeadEvents(tx, type, actorId, await findLeadsByIds(tx, organizationId, ids));
};
