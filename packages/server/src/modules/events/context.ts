import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The change under way, as the events it writes record it:
 * - `depth`: 0 for a person's or the system's change, n+1 while an Automation rule runs for an
 *   event of depth n, so a rule's change reaches rules again only up to AUTOMATION_MAX_DEPTH;
 * - `cascadeId`: the original change a rule's change descends from (every event of one cascade
 *   carries it, so Automation can count the runs one change set off, whatever their depth);
 *   none for an original change, whose events start a cascade of their own;
 * - `automationId`: the rule whose run makes the change (that rule does not react to it).
 * Every event written meanwhile carries them, whatever service writes it.
 */
export type EventContext = {
  depth: number;
  cascadeId: string | null;
  automationId: string | null;
};

const ORIGINAL: EventContext = { depth: 0, cascadeId: null, automationId: null };

const contextStore = new AsyncLocalStorage<EventContext>();

export const currentEventContext = (): EventContext => contextStore.getStore() ?? ORIGINAL;

export const currentEventDepth = (): number => currentEventContext().depth;

/** Runs `work` with the events it writes marked as made in `context` (a rule's run). */
export const withEventContext = <T>(context: EventContext, work: () => Promise<T>): Promise<T> =>
  contextStore.run(context, work);

/** Runs `work` with the events it writes marked at `depth` (in no cascade of a rule's). */
export const withEventDepth = <T>(depth: number, work: () => Promise<T>): Promise<T> =>
  withEventContext({ ...ORIGINAL, depth }, work);
