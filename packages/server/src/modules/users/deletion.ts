import type { Db } from '../../db/connection.ts';
import type { CurrentUser, UserRow } from '../../caller/current-user.ts';

/** A user about to be deleted, and who takes over what they held. */
export type UserHandOver = {
  actor: CurrentUser;
  user: UserRow;
  successor: { id: string; name: string };
};

type Listener = (tx: Db, handOver: UserHandOver) => Promise<void>;

const listeners = new Set<Listener>();

/**
 * Who holds records a deleted user leaves behind (the leads they own): the listener moves them
 * to the successor inside the deletion's transaction. Listening here keeps the users module
 * below the modules that name users.
 */
export const onUserDeleting = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Runs every listener, one after the other, in the deletion's transaction. */
export const handOverUser = async (tx: Db, handOver: UserHandOver): Promise<void> => {
  for (const listener of listeners) await listener(tx, handOver);
};
