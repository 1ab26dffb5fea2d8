import type { Db } from '../../db/connection.ts';

type Listener = (db: Db, organizationId: string) => void;

const listeners = new Set<Listener>();

/**
 * Who wants to hear that an organisation's leads were written (the dashboard's cached lead
 * figures forget theirs). Listening here keeps the leads module below the readers of leads.
 */
export const onLeadsChanged = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tells every listener that the organisation's leads changed (a create, edit, delete, import). */
export const leadsChanged = (db: Db, organizationId: string): void => {
  for (const listener of listeners) listener(db, organizationId);
};
