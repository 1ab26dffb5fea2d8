import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../src/db/connection.ts';
import { events, organizations } from '../src/db/tables.ts';
import { withEventDepth } from '../src/modules/events/context.ts';
import { dispatchEvents } from '../src/modules/events/dispatch.ts';
import type { DispatchedEvent, EventConsumer } from '../src/modules/events/dispatch.ts';
import { recordEvent, recordEvents } from '../src/modules/events/record.ts';
import { pruneEvents } from '../src/modules/events/prune.ts';
import { startJobQueue } from '../src/jobs/queue.ts';
import { openTestDatabase } from './db.ts';

let database: Database;
let organizationId: string;

const collector = () => {
  const seen: DispatchedEvent[] = [];
  const consumer: EventConsumer = {
    name: 'collector',
    accept: async (_tx, batch) => {
      seen.push(...batch);
    },
  };
  return { seen, consumer };
};

const drain = async (consumers: EventConsumer[]) => {
  let total = 0;
  for (;;) {
    const n = await dispatchEvents(database.db, consumers);
    if (n === 0) return total;
    total += n;
  }
};

const newEvent = (subjectId = randomUUID()) => ({
  organizationId,
  type: 'lead.updated' as const,
  subjectId,
  leadId: subjectId,
  data: { lead: { _id: subjectId } },
});

beforeAll(async () => {
  database = await openTestDatabase();
  const [org] = await database.db
    .insert(organizations)
    .values({ name: `outbox-${randomUUID()}` })
    .returning();
  organizationId = org!.id;
});
afterAll(async () => {
  await database.close();
});

describe('the events outbox', () => {
  it('keeps an event only when its transaction commits', async () => {
    const subject = randomUUID();
    await expect(
      database.db.transaction(async (tx) => {
        await recordEvent(tx, newEvent(subject));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await database.db.select().from(events).where(eq(events.subjectId, subject));
    expect(rows).toHaveLength(0);
    await database.db.transaction((tx) => recordEvent(tx, newEvent(subject)));
    const kept = await database.db.select().from(events).where(eq(events.subjectId, subject));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ organizationId, type: 'lead.updated', depth: 0 });
  });

  it('marks the events a rule run writes with its depth', async () => {
    const subject = randomUUID();
    await withEventDepth(2, () =>
      database.db.transaction((tx) => recordEvent(tx, newEvent(subject))),
    );
    const [row] = await database.db.select().from(events).where(eq(events.subjectId, subject));
    expect(row!.depth).toBe(2);
  });

  it('hands every event to every consumer once, in order, and marks it dispatched', async () => {
    await drain([]);
    const subject = randomUUID();
    await database.db.transaction((tx) =>
      recordEvents(
        tx,
        Array.from({ length: 1200 }, () => newEvent(subject)),
      ),
    );
    const first = collector();
    const second = collector();
    expect(await drain([first.consumer, second.consumer])).toBe(1200);
    expect(first.seen).toHaveLength(1200);
    expect(second.seen.map((e) => e.id)).toEqual(first.seen.map((e) => e.id));
    const seqs = first.seen.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(await drain([first.consumer])).toBe(0);
  });

  it('keeps a batch undispatched when a consumer fails, and hands it over on the next try', async () => {
    await drain([]);
    const subject = randomUUID();
    await database.db.transaction((tx) => recordEvent(tx, newEvent(subject)));
    const failing: EventConsumer = {
      name: 'failing',
      accept: async () => {
        throw new Error('consumer down');
      },
    };
    await expect(dispatchEvents(database.db, [failing])).rejects.toThrow('consumer down');
    const [row] = await database.db.select().from(events).where(eq(events.subjectId, subject));
    expect(row!.dispatchedAt).toBeNull();
    const { seen, consumer } = collector();
    expect(await drain([consumer])).toBe(1);
    expect(seen[0]!.subjectId).toBe(subject);
  });

  it('dispatches each event once when several dispatchers run at the same time', async () => {
    await drain([]);
    await database.db.transaction((tx) =>
      recordEvents(
        tx,
        Array.from({ length: 1500 }, () => newEvent()),
      ),
    );
    const { seen, consumer } = collector();
    await Promise.all(Array.from({ length: 4 }, () => drain([consumer])));
    expect(seen).toHaveLength(1500);
    expect(new Set(seen.map((e) => e.id)).size).toBe(1500);
  });
});

describe('pruning', () => {
  it('deletes dispatched events older than the retention, keeps newer and undispatched ones', async () => {
    await drain([]);
    const [oldDone, oldWaiting, recent] = [randomUUID(), randomUUID(), randomUUID()];
    await database.db.transaction((tx) =>
      recordEvents(tx, [newEvent(oldDone), newEvent(oldWaiting), newEvent(recent)]),
    );
    await drain([]);
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    await database.db
      .update(events)
      .set({ occurredAt: fortyDaysAgo })
      .where(inArray(events.subjectId, [oldDone, oldWaiting]));
    await database.db
      .update(events)
      .set({ dispatchedAt: null })
      .where(eq(events.subjectId, oldWaiting));
    expect(await pruneEvents(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db
      .select({ subjectId: events.subjectId })
      .from(events)
      .where(inArray(events.subjectId, [oldDone, oldWaiting, recent]));
    expect(left.map((row) => row.subjectId).sort()).toEqual([oldWaiting, recent].sort());
  });
});

describe('the job queue loop', () => {
  it('runs again at once while there is more work, and stops with the queue', async () => {
    const queue = await startJobQueue(database, () => undefined);
    let runs = 0;
    let stoppedSeen = false;
    queue.loop('outbox-test', 50, async (signal) => {
      runs += 1;
      if (signal.aborted) stoppedSeen = true;
      return runs < 5;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs).toBeGreaterThanOrEqual(5);
    await queue.stop(2000);
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toBe(after);
    expect(stoppedSeen).toBe(false);
  });
});
