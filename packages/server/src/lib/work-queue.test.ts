import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalesce.ts';
import { ServerBusy, createWorkQueue } from './work-queue.ts';

/** A task that ends when `finish` is called. */
const gate = () => {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
};

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks, the others in arrival order', async () => {
    const queue = createWorkQueue({
      concurrency: 2,
      maxWaitMs: 60_000,
      initialTaskMs: 10,
      busyMessage: 'busy',
    });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load()).toMatchObject({ running: 2, waiting: 3 });
    gates[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.finish();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After a task that would wait longer than maxWaitMs', async () => {
    const queue = createWorkQueue({
      concurrency: 1,
      maxWaitMs: 2500,
      initialTaskMs: 1000,
      busyMessage: 'The server is busy',
    });
    const g = gate();
    const runs = [0, 1, 2].map(() => queue.run(() => g.done));
    // One runs, two wait (2 s expected); a fourth would wait 3 s.
    const refused = await queue.run(() => g.done).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServerBusy);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 3 });
    g.finish();
    await Promise.all(runs);
    await expect(queue.run(async () => 'now')).resolves.toBe('now');
  });
});

describe('createCoalescer', () => {
  it('shares a computation not yet started, never one begun before the question', async () => {
    const shared = createCoalescer<number>();
    let computations = 0;
    const gates: ReturnType<typeof gate>[] = [];
    const compute = async () => {
      computations += 1;
      const g = gate();
      gates.push(g);
      await g.done;
      return computations;
    };
    const first = shared('org', compute);
    // Asked while the first runs: all three share the next computation.
    const later = [shared('org', compute), shared('org', compute), shared('org', compute)];
    const other = shared('other org', compute);
    expect(computations).toBe(2);
    gates[0]!.finish();
    expect(await first).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(computations).toBe(3);
    gates[1]!.finish();
    gates[2]!.finish();
    expect(await Promise.all(later)).toEqual([3, 3, 3]);
    expect(await other).toBe(3);
  });
});
