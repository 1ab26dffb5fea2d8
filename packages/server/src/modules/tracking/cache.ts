import type { TrackedEmail } from './repo.ts';

/** A tracked email as the endpoints keep it, with what this process saw of its clicks. */
export type CachedEmail = TrackedEmail & {
  /** Each link's latest click (ms), for "every link clicked within 5 s". */
  clicks: Map<number, number>;
  /** When an event of a kind/class/link last went out (ms): repeats within a minute do not. */
  events: Map<string, number>;
};

/**
 * The recent tracked emails (null: not a tracked email), least recently used dropped past
 * `max`: the endpoints' hot path is one lookup here.
 */
export const createEmailCache = (max: number) => {
  const entries = new Map<string, CachedEmail | null>();
  return {
    get: (id: string): CachedEmail | null | undefined => {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      // Moved to the end: the Map's order is the use order.
      entries.delete(id);
      entries.set(id, entry);
      return entry;
    },
    set: (id: string, email: TrackedEmail | null): CachedEmail | null => {
      const entry = email && { ...email, clicks: new Map(), events: new Map() };
      entries.delete(id);
      entries.set(id, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return entry;
    },
    clear: () => entries.clear(),
  };
};
export type EmailCache = ReturnType<typeof createEmailCache>;
