import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { webhooks } from '../../db/tables.ts';
import type { DispatchedEvent, EventConsumer } from '../events/dispatch.ts';
import { insertDeliveries } from './repo.ts';

/**
 * Turns each event into one pending delivery per active webhook of its organisation that
 * subscribes to its type, in the dispatch transaction (so exactly once per event and webhook).
 */
export const webhookConsumer: EventConsumer = {
  name: 'webhooks',
  accept: async (tx: Db, batch: readonly DispatchedEvent[]) => {
    const organizations = [...new Set(batch.map((event) => event.organizationId))];
    const hooks = await tx
      .select({ id: webhooks.id, organizationId: webhooks.organizationId, events: webhooks.events })
      .from(webhooks)
      .where(and(inArray(webhooks.organizationId, organizations), eq(webhooks.active, true)));
    if (hooks.length === 0) return;
    const rows = batch.flatMap((event) =>
      hooks
        .filter((hook) => hook.organizationId === event.organizationId)
        .filter((hook) => hook.events.includes(event.type))
        .map((hook) => ({
          organizationId: event.organizationId,
          webhookId: hook.id,
          eventId: event.id,
          eventSeq: event.seq,
          subjectId: event.subjectId,
        })),
    );
    await insertDeliveries(tx, rows);
  },
};
