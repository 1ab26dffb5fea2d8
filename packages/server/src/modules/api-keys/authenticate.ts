import { API_KEY_EXPIRED, API_KEY_INVALID, API_KEY_REVOKED } from '@leadline/shared/api-keys';
import type { Db } from '../../db/connection.ts';
import { unauthorized } from '../../lib/errors.ts';
import { findApiKeyByHash, touchApiKey } from './repo.ts';
import { hashApiKey } from './secret.ts';

/** When each key's last use was last written, in this process (a write a minute at most). */
const lastNoted = new Map<string, number>();
const NOTE_EVERY_MS = 60_000;

const noteUsed = async (db: Db, id: string): Promise<void> => {
  const now = Date.now();
  if (now - (lastNoted.get(id) ?? 0) < NOTE_EVERY_MS) return;
  lastNoted.set(id, now);
  // A process that has run for long forgets keys not used for a while.
  if (lastNoted.size > 10_000) {
    for (const [key, at] of lastNoted) if (now - at >= NOTE_EVERY_MS) lastNoted.delete(key);
  }
  await touchApiKey(db, id);
};

/**
 * The key a Bearer value names, read fresh on every request (a revocation counts from the
 * next request): 401 with the reason when it is unknown, revoked or expired. Answers the key's
 * id and its owner; the caller checks that the owner may still act.
 */
export const usableApiKey = async (
  db: Db,
  key: string,
): Promise<{ id: string; userId: string }> => {
  const row = await findApiKeyByHash(db, hashApiKey(key));
  if (!row) throw unauthorized(API_KEY_INVALID);
  if (row.revokedAt) throw unauthorized(API_KEY_REVOKED);
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) throw unauthorized(API_KEY_EXPIRED);
  await noteUsed(db, row.id);
  return { id: row.id, userId: row.userId };
};
