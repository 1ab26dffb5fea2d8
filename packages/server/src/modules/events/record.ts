import type { EventType } from '@leadline/shared/events';
import type { Db } from '../../db/connection.ts';
import { events } from '../../db/tables.ts';
import { currentEventDepth } from './context.ts';

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
 * does. The depth is the change's own (see context.ts).
 */
export const recordEvents = async (tx: Db, list: readonly NewEvent[]): Promise<void> => {
  if (list.length === 0) return;
  const depth = currentEventDepth();
  // Thousands of rows (a bulk change) go in slices, within the statement parameter limit.
  for (let start = 0; start < list.length; start += 1000) {
    await tx.insert(events).values(
      list.slice(start, start + 1000).map((event) => ({
        organizationId: event.organizationId,
        type: event.type,
        subjectId: event.subjectId,
        leadId: event.leadId ?? null,
        actorId: event.actorId ?? null,
        data: event.data,
        depth,
      })),
    );
  }
};

export const recordEvent = (tx: Db, event: NewEvent): Promise<void> => recordEvents(tx, [event]);
