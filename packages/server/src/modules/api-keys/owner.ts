import type { Db } from '../../db/connection.ts';
import { logActivity } from '../activity/log.ts';
import { statusOf } from './present.ts';
import { revokeUserApiKeyRows } from './repo.ts';

/** A key as the account emails name it: its name and first letters, never the key. */
export type RevokedKey = { name: string; prefix: string };

/**
 * Ends every API key of the user (their password was reset, or they asked to be signed out
 * everywhere with their keys), in the caller's transaction, with one activity entry on the
 * owner. Answers the keys that still worked until now (expired ones are revoked too, unlisted).
 */
export const revokeUserApiKeys = async (
  db: Db,
  owner: { id: string; organizationId: string | null },
  by: { id: string; name: string },
  why: string,
): Promise<RevokedKey[]> => {
  const at = Date.now();
  const rows = await revokeUserApiKeyRows(db, owner.id, by.id);
  const working = rows.filter((row) => statusOf({ ...row, revokedAt: null }, at) === 'active');
  if (rows.length > 0) {
    await logActivity(db, {
      organizationId: rows[0]!.organizationId ?? owner.organizationId,
      userId: by.id,
      type: 'User',
      entityId: owner.id,
      action: 'API keys revoked',
      details: `${rows.length === 1 ? '1 API key' : `${rows.length} API keys`} revoked (${why}): ${rows.map((row) => `"${row.name}" (${row.prefix}…)`).join(', ')}`,
    });
  }
  return working.map((row) => ({ name: row.name, prefix: row.prefix }));
};
