import { SSO_ONLY_MESSAGE } from '@leadline/shared/sso';
import type { Db } from '../../db/connection.ts';
import { forbidden } from '../../lib/errors.ts';
import { isSsoOnly } from './repo.ts';

type Member = { role: string; organizationId: string | null };

/**
 * "SSO only": a member of an organisation that signs in with single sign-on has no password
 * way in; Super Admins keep theirs.
 */
export const passwordsOff = async (db: Db, user: Member): Promise<boolean> =>
  user.role !== 'Super Admin' &&
  user.organizationId !== null &&
  (await isSsoOnly(db, user.organizationId));

/** Password sign-in, reset and change: 403 for a member of an "SSO only" organisation. */
export const refuseIfSsoOnly = async (db: Db, user: Member): Promise<void> => {
  if (await passwordsOff(db, user)) throw forbidden(SSO_ONLY_MESSAGE);
};
