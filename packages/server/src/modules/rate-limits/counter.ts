import type { Db } from '../../db/connection.ts';
import { addHit, deleteHits, findHits, pruneHits, removeHit } from './repo.ts';
import type { HitSlice } from './repo.ts';

/** At most `max` events per `timeWindow` milliseconds. */
export type RateLimit = { max: number; timeWindow: number };

/** The first delay once a key is over its limit, and the longest one (milliseconds). */
export type Delays = { first: number; cap: number };

/** A window is counted in this many slices (one row each at most): its precision. */
const SLICES = 60;
/** Old slices of a limit are deleted at most this often by each process. */
const PRUNE_EVERY_MS = 60_000;

/** Deletes the slices of one limit that no longer count, at most once a minute. */
const pruner = (db: Db, name: string, now: () => number) => {
  let prunedAt = Number.NEGATIVE_INFINITY;
  return async (): Promise<void> => {
    const at = now();
    if (Math.abs(at - prunedAt) < PRUNE_EVERY_MS) return;
    prunedAt = at;
    await pruneHits(db, `${name} `, new Date(at));
  };
};

/**
 * How long `key` must wait, from its slices: with delays, once `max` events fall in the window
 * each further one blocks the key for a delay that doubles from `first` up to `cap`, counted
 * from the latest event; without, the key waits until enough of its oldest events leave the
 * window to bring it under `max`.
 */
const waitOf = (slices: HitSlice[], limit: RateLimit, at: number, delays?: Delays): number => {
  // A slice counts until its latest event has left the window.
  const live = slices.filter(
    (row) => row.count > 0 && row.lastAt.getTime() > at - limit.timeWindow,
  );
  const total = live.reduce((sum, row) => sum + row.count, 0);
  if (total < limit.max) return 0;
  if (delays) {
    const latest = Math.max(...live.map((row) => row.lastAt.getTime()));
    const over = total - limit.max;
    return Math.max(0, latest + Math.min(delays.first * 2 ** Math.min(over, 30), delays.cap) - at);
  }
  // Newest first: the slice holding the max-th newest event decides.
  const newestFirst = [...live].sort((a, b) => b.lastAt.getTime() - a.lastAt.getTime());
  let seen = 0;
  for (const row of newestFirst) {
    seen += row.count;
    if (seen >= limit.max) return Math.max(0, row.lastAt.getTime() + limit.timeWindow - at);
  }
  return 0;
};

/**
 * Counts events (failed sign-ins, sign-ups, reset requests) per key in a sliding window kept in
 * the database, so that every process on it counts together and a restart forgets nothing. The
 * window is kept in slices of 1/60 of it (at least a second), each with its latest event: a
 * slice's events count until that latest one has left the window, so an event counts for the
 * window and at most one slice longer, never shorter. `name` sets the keys apart from other limits' (`signin-account`…).
 */
export const createSharedCounter = (
  db: Db,
  name: string,
  limit: RateLimit,
  now: () => number,
  delays?: Delays,
) => {
  const slice = Math.max(1000, Math.ceil(limit.timeWindow / SLICES));
  const rowKey = (key: string) => `${name} ${key}`;
  const prune = pruner(db, name, now);
  return {
    /** Milliseconds until `key` may try again; 0 when it may now. */
    async waitFor(key: string): Promise<number> {
      const at = now();
      const slices = await findHits(db, rowKey(key), new Date(at - limit.timeWindow - slice));
      return waitOf(slices, limit, at, delays);
    },
    /** Counts one event now; answers a function that takes it back. */
    async record(key: string): Promise<() => Promise<void>> {
      const at = now();
      const windowStart = new Date(Math.floor(at / slice) * slice);
      await addHit(db, {
        key: rowKey(key),
        windowStart,
        at: new Date(at),
        expiresAt: new Date(at + limit.timeWindow),
      });
      await prune();
      return () => removeHit(db, rowKey(key), windowStart);
    },
    /** Forgets every event of `key`. */
    async forget(key: string): Promise<void> {
      await deleteHits(db, rowKey(key));
    },
  };
};

export type SharedCounter = ReturnType<typeof createSharedCounter>;

/**
 * A fixed-window request counter kept in the database (the API keys' requests a minute): one
 * UPSERT … RETURNING per request, counted whether or not it is let through, as
 * @fastify/rate-limit did in memory. Answers the count in the current window and the
 * milliseconds until the window ends.
 */
export const createWindowCounter = (
  db: Db,
  name: string,
  limit: RateLimit,
  now: () => number = Date.now,
) => {
  const prune = pruner(db, name, now);
  return async (key: string): Promise<{ count: number; resetInMs: number }> => {
    const at = now();
    const start = Math.floor(at / limit.timeWindow) * limit.timeWindow;
    const count = await addHit(db, {
      key: `${name} ${key}`,
      windowStart: new Date(start),
      at: new Date(at),
      expiresAt: new Date(start + limit.timeWindow),
    });
    await prune();
    return { count, resetInMs: start + limit.timeWindow - at };
  };
};

/**
 * Runs `run` once no earlier call for any of `keys` is still running in this process, so that
 * a check and the count that follows it are not interleaved with another request's for the
 * same key (tries sent all at once cannot all pass the check together).
 */
export const createKeyedLock = () => {
  const tails = new Map<string, Promise<void>>();
  return async <T>(keys: readonly string[], run: () => Promise<T>): Promise<T> => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const unique = [...new Set(keys)];
    const before = unique.map((key) => tails.get(key));
    for (const key of unique) tails.set(key, done);
    await Promise.all(before);
    try {
      return await run();
    } finally {
      release();
      for (const key of unique) if (tails.get(key) === done) tails.delete(key);
    }
  };
};
