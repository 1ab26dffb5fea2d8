import { asc, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { events } from '../../db/tables.ts';

export type EventRow = typeof events.$inferSelect;
/** An event as consumers get it: without its data (read when a delivery or a rule needs it). */
export type DispatchedEvent = Omit<EventRow, 'data'>;

const { data: _data, ...dispatchedColumns } = getTableColumns(events);

/**
 * What becomes of events once written: a consumer turns a batch into durable work of its own
 * (webhook deliveries, Automation runs), inside the dispatch transaction, so an event is
 * handed over exactly once: with its consumers' rows or not at all.
 */
export type EventConsumer = {
  name: string;
  accept: (tx: Db, batch: readonly DispatchedEvent[]) => Promise<void>;
};

/** One number for the dispatcher's transaction-scoped advisory lock (any fixed value). */
const DISPATCH_LOCK = 7_320_116;
const BATCH = 500;

/**
 * Hands the oldest undispatched events (in `seq` order) to every consumer and marks them
 * dispatched. One dispatcher at a time across processes (advisory lock): the consumers see
 * events in order, so per-record order holds downstream. Answers how many were dispatched.
 */
export const dispatchEvents = async (
  db: Db,
  consumers: readonly EventConsumer[],
): Promise<number> =>
  db.transaction(async (tx) => {
    const locked = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK}) as locked`,
    );
    if (!rowsOf<{ locked: boolean }>(locked)[0]?.locked) return 0;
    const batch = await tx
      .select(dispatchedColumns)
      .from(events)
      .where(isNull(events.dispatchedAt))
      .orderBy(asc(events.seq))
      .limit(BATCH);
    if (batch.length === 0) return 0;
    for (const consumer of consumers) await consumer.accept(tx, batch);
    await tx
      .update(events)
      .set({ dispatchedAt: sql`now()` })
      .where(
        inArray(
          events.id,
          batch.map((event) => event.id),
        ),
      );
    return batch.length;
  });
