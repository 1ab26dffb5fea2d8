import type { Db } from '../../db/connection.ts';
import type { CurrentUser, UserRow } from '../../caller/current-user.ts';
import type { SystemMailer } from '../system-mail/mailer.ts';

/** The system mailbox for notices a deletion causes (none: no email). */
export type DeletionMail = {
  mailer: SystemMailer;
  publicUrl: string;
  onError: (error: Error) => void;
};

/** Work to do once the deletion is committed (an email about what it changed). */
export type AfterDeletion = (db: Db, mail: DeletionMail | undefined) => Promise<void>;

/** A user about to be deleted, and who takes over what they held. */
export type UserHandOver = {
  actor: CurrentUser;
  user: UserRow;
  successor: { id: string; name: string };
  /** Queues work for after the deletion's transaction is committed. */
  afterCommit: (task: AfterDeletion) => void;
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
