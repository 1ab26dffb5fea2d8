import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { recordEvents } from '../events/record.ts';
import { presentLeads } from './owners.ts';
import { findLeadsByIds } from './repo.ts';
import type { LeadRow } from './repo.ts';

/** What a lead event says beside the lead: the status or owner it had before. */
export type LeadEventExtra = { previousStatus?: string; previousOwnerId?: string | null };

/**
 * Writes one event per lead (in `tx`, the change's transaction), each carrying the lead as the
 * API shows it after the change (before it, for lead.deleted).
 */
export const recordLeadEvents = async (
  tx: Db,
  type: EventType,
  actorId: string | null,
  rows: readonly (LeadRow & LeadEventExtra)[],
): Promise<void> => {
  if (rows.length === 0) return;
  const leads = await presentLeads(tx, rows);
  await recordEvents(
    tx,
    rows.map((row, index) => ({
      organizationId: row.organizationId,
      type,
      subjectId: row.id,
      leadId: row.id,
      actorId,
      data: {
        lead: leads[index]!,
        ...(row.previousStatus !== undefined ? { previousStatus: row.previousStatus } : {}),
        ...(row.previousOwnerId !== undefined ? { previousOwnerId: row.previousOwnerId } : {}),
      },
    })),
  );
};

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
