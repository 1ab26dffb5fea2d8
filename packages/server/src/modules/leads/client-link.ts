import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { recordLeadEvents } from './events.ts';
import { leadColumns } from './repo.ts';

/**
 * Links the lead to the client it was converted into, unless it already has one: true when it
 * was linked now (with its lead.updated event, in `db`, the conversion's transaction). The
 * leads module's door for the clients module's conversion.
 */
export const linkLeadToClient = async (
  db: Db,
  actorId: string,
  organizationId: string,
  leadId: string,
  clientId: string,
): Promise<boolean> => {
  const rows = await db
    .update(leads)
    .set({ clientId })
    .where(
      and(eq(leads.organizationId, organizationId), eq(leads.id, leadId), isNull(leads.clientId)),
    )
    .returning(leadColumns);
  await recordLeadEvents(db, 'lead.updated', actorId, rows);
  return rows.length > 0;
};
