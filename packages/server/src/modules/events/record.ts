import { randomUUID } from 'node:crypto';
import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { sql } from 'drizzle-orm';
import { currentEventContext } from './context.ts';

/** A change that matters, as the outbox keeps it. */
export type NewEvent = {
  organizationId: string;
  type: EventType;
  /** The record the event is about (deliveries about one record keep their order). */
  subjectId: string;
  /** The lead concerned, if any (Automation's conditions read it). */
  leadId?: string | null;
  /** Who made the change; none for the system or a rule. */
  actorId?: string | null;
  /** The record as the API shows it. */
  data: Record<string, unknown>;
};

/**
 * Writes events in the caller's transaction (`tx`), so an event exists exactly when its change
 * does. The depth, cascade and rule are the change's own (see context.ts). An original change
 * starts one cascade per record it touches: an edit's lead.updated, lead.status_changed and
 * lead.owner_changed share one (one edit, one budget of rule runs), while each lead of an
 * import or a bulk change has its own.
 */
export const recordEvents = async (tx: Db, list: readonly NewEvent[]): Promise<void> => {
  if (list.length === 0) return;
  const { depth, cascadeId, automationId } = currentEventContext();
  const cascades = new Map<string, string>();
  const cascadeOf = (subjectId: string): string => {
    if (cascadeId) return cascadeId;
    let id = cascades.get(subjectId);
    if (!id) cascades.set(subjectId, (id = randomUUID()));
    return id;
  };
  // Thousands of rows (an import batch, a bulk change) go as one JSON parameter per slice: one
  // value to encode and parse instead of seven placeholders a row.
  for (let start = 0; start < list.length; start += 1000) {
    const slice = list.slice(start, start + 1000).map((event) => ({
      organization_id: event.organizationId,
      type: event.type,
      subject_id: event.subjectId,
      lead_id: event.leadId ?? null,
      actor_id: event.actorId ?? null,
      data: event.data,
      cascade_id: cascadeOf(event.subjectId),
    }));
    await tx.execute(sql`
      INSERT INTO events (organization_id, type, subject_id, lead_id, actor_id, data, depth,
        cascade_id, automation_id)
      SELECT (e->>'organization_id')::uuid, e->>'type', (e->>'subject_id')::uuid,
        (e->>'lead_id')::uuid, (e->>'actor_id')::uuid, e->'data', ${depth}::smallint,
        (e->>'cascade_id')::uuid, ${automationId}::uuid
      FROM jsonb_array_elements(${JSON.stringify(slice)}::jsonb) WITH ORDINALITY AS t(e, n)
      ORDER BY n`);
  }
};

export const recordEvent = (tx: Db, event: NewEvent): Promise<void> => recordEvents(tx, [event]);
