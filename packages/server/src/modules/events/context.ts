import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The depth of the change under way: 0 for a person's or the system's change, n+1 while an
 * Automation rule runs for an event of depth n. Every event written meanwhile carries it, so a
 * rule's change reaches rules again only up to AUTOMATION_MAX_DEPTH, whatever service it calls.
 */
const depthStore = new AsyncLocalStorage<number>();

export const currentEventDepth = (): number => depthStore.getStore() ?? 0;

/** Runs `work` with the events it writes marked at `depth`. */
export const withEventDepth = <T>(depth: number, work: () => Promise<T>): Promise<T> =>
  depthStore.run(depth, work);
