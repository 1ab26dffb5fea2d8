import type { Db } from '../../db/connection.ts';
import { updateUser } from '../users/store.ts';
import { voidPasswordResets } from './resets-repo.ts';
import { endUserSessions } from './sessions-repo.ts';

/**
 * Gives the user a new password hash: every session of theirs ends and every reset link of
 * theirs stops working. `mustChange`: the next sign-in must choose a new password.
 */
export const replacePassword = async (
  db: Db,
  userId: string,
  passwordHash: string,
  mustChange: boolean,
): Promise<void> => {
  await updateUser(db, userId, { passwordHash, mustChangePassword: mustChange });
  await endUserSessions(db, userId);
  await voidPasswordResets(db, userId);
};
