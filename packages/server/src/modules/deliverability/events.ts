import type { Db } from '../../db/connection.ts';

/** A lead's out-of-office answer named the day its writer is back (YYYY-MM-DD). */
export type ReturnDate = { organizationId: string; leadId: string; returnsOn: string };

type Listener = (db: Db, event: ReturnDate) => Promise<void>;

const listeners = new Set<Listener>();

/**
 * Who wants to hear of a lead's return date (the campaigns push the lead's next step past
 * it). Listening here keeps this module below the campaigns.
 */
export const onReturnDate = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tells every listener of a lead's return date (inside the caller's transaction). */
export const returnDateNoted = async (db: Db, event: ReturnDate): Promise<void> => {
  for (const listener of listeners) await listener(db, event);
};
