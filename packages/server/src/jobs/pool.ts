import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * What a task in a pool belongs to, by kind: for example `{ organization: id, webhook: id }`.
 * Each kind has its own cap (`perKey`), so that one organisation (or one webhook) never holds
 * every slot.
 */
export type PoolKeys = Readonly<Record<string, string>>;

/**
 * Work one process runs at once, each task finishing on its own: at most `size` tasks in
 * flight, and at most `perKey[kind]` of them with the same key of that kind. The caller takes
 * work (claims rows) only for the room `room()` and `inFlight()` report, and starts each piece
 * as soon as it has it; a finished task frees its slot at once, whatever its siblings do.
 */
export type WorkPool = {
  size: number;
  /** The cap of each kind of key. */
  perKey: Readonly<Record<string, number>>;
  /** Tasks under way. */
  running: () => number;
  /** Slots free now. */
  room: () => number;
  /** How many tasks under way hold each key of `kind` (only keys with at least one). */
  inFlight: (kind: string) => Map<string, number>;
  /** Runs `task` in the background; what it throws goes to the pool's `onError`. */
  start: (keys: PoolKeys, task: () => Promise<void>) => void;
  /**
   * Waits until a task ends (answers true), `ms` passes or `signal` is aborted (false).
   */
  settled: (ms: number, signal?: AbortSignal) => Promise<boolean>;
  /** Waits until no task is under way. */
  idle: () => Promise<void>;
};

export const createWorkPool = (options: {
  size: number;
  perKey: Readonly<Record<string, number>>;
  onError: (error: Error) => void;
}): WorkPool => {
  let running = 0;
  const counts = new Map<string, Map<string, number>>();
  let waiting: (() => void)[] = [];

  const count = (keys: PoolKeys, delta: number) => {
    for (const [kind, key] of Object.entries(keys)) {
      const byKey = counts.get(kind) ?? new Map<string, number>();
      counts.set(kind, byKey);
      const n = (byKey.get(key) ?? 0) + delta;
      if (n > 0) byKey.set(key, n);
      else byKey.delete(key);
    }
  };

  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resolve of woken) resolve();
  };

  const settled = (ms: number, signal?: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal?.aborted) return resolve(false);
      const done = (value: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        waiting = waiting.filter((entry) => entry !== ended);
        resolve(value);
      };
      const ended = () => done(true);
      const aborted = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      signal?.addEventListener('abort', aborted);
      waiting.push(ended);
    });

  return {
    size: options.size,
    perKey: options.perKey,
    running: () => running,
    room: () => options.size - running,
    inFlight: (kind) => new Map(counts.get(kind)),
    start: (keys, task) => {
      running += 1;
      count(keys, 1);
      void task()
        .catch((error: unknown) =>
          options.onError(error instanceof Error ? error : new Error(String(error))),
        )
        .finally(() => {
          running -= 1;
          count(keys, -1);
          wake();
        });
    },
    settled,
    idle: async () => {
      while (running > 0) await settled(60_000);
    },
  };
};

/**
 * Counts by id (a pool's `inFlight`) as rows `(id uuid, n int)` for a claim's SQL: the claim
 * then leaves out what the pool has no room for.
 */
export const countRows = (counts: ReadonlyMap<string, number>): SQL => {
  const list = (values: SQL[]) => sql.join(values, sql`, `);
  const ids = [...counts.keys()];
  if (ids.length === 0) return sql`SELECT NULL::uuid AS id, 0 AS n WHERE false`;
  return sql`SELECT * FROM unnest(ARRAY[${list(ids.map((id) => sql`${id}`))}]::uuid[],
    ARRAY[${list(ids.map((id) => sql`${counts.get(id)!}`))}]::int[]) AS t(id, n)`;
};
