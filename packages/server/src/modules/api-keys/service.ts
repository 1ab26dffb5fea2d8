import {
  API_KEY_NOT_FOUND,
  API_KEY_SESSION_ONLY,
  type ApiKeyCreateData,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyRevoked,
  type OrganizationApiKeyList,
} from '@leadline/shared/api-keys';
import { isAdministrator } from '@leadline/shared/permissions';
import type { Db } from '../../db/connection.ts';
import { chooseOrganization, organizationIn, scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { recordAudit, whoIn } from '../audit/record.ts';
import type { AuditWho } from '../audit/record.ts';
import { toApiKey, toOrganizationApiKey } from './present.ts';
import {
  findApiKey,
  findOrganizationApiKeys,
  findUserApiKeys,
  insertApiKey,
  revokeApiKeyRow,
} from './repo.ts';
import type { ApiKeyRow } from './repo.ts';
import { newApiKey } from './secret.ts';

/** Keys are made and revoked from a signed-in session only (a key cannot mint keys). */
const sessionOnly = (actor: CurrentUser) => {
  if (actor.apiKeyId) throw forbidden(API_KEY_SESSION_ONLY);
};

/** The activity and audit entries of a key made or revoked, on its owner (never the key itself). */
const logKeyChange = async (
  tx: Db,
  actor: CurrentUser,
  row: ApiKeyRow,
  change: 'created' | 'revoked',
  who: AuditWho,
): Promise<void> => {
  await logActivity(tx, {
    organizationId: row.organizationId,
    userId: actor.id,
    type: 'User',
    entityId: row.userId,
    action: `API key ${change}`,
    details: `API key "${row.name}" (${row.prefix}…) ${change} by ${actor.name}`,
  });
  await recordAudit(tx, whoIn(who, row.organizationId), `apikey.${change}`, {
    apiKeyId: row.id,
    name: row.name,
    prefix: row.prefix,
    ownerId: row.userId,
  });
};

/** POST /api/api-keys: the key is answered this once; only its SHA-256 is kept. */
export const createApiKey = async (
  db: Db,
  actor: CurrentUser,
  data: ApiKeyCreateData,
  who: AuditWho,
): Promise<ApiKeyCreated> => {
  sessionOnly(actor);
  const { key, prefix, keyHash } = newApiKey();
  const row = await db.transaction(async (tx) => {
    const created = await insertApiKey(tx, {
      // The owner's own organisation, whichever a Super Admin works in now.
      organizationId: actor.row.organizationId,
      userId: actor.id,
      name: data.name,
      prefix,
      keyHash,
      expiresAt: data.expiresAt ? new Date(data.expiresAt) : null,
    });
    await logKeyChange(tx, actor, created, 'created', who);
    return created;
  });
  return { key, apiKey: toApiKey(row) };
};

/** GET /api/api-keys: the caller's own keys. */
export const listOwnApiKeys = async (db: Db, actor: CurrentUser): Promise<ApiKeyList> => ({
  apiKeys: (await findUserApiKeys(db, actor.id)).map(toApiKey),
});

/** GET /api/api-keys/organization: every key of the organisation (administrators). */
export const listOrganizationApiKeys = async (
  db: Db,
  actor: CurrentUser,
): Promise<OrganizationApiKeyList> => {
  const organizationId = organizationIn(actor, chooseOrganization('see its API keys'));
  return { apiKeys: (await findOrganizationApiKeys(db, organizationId)).map(toOrganizationApiKey) };
};

/** The caller's own key, or (an administrator) any key of the organisation they work in. */
const mayRevoke = (actor: CurrentUser, row: ApiKeyRow): boolean => {
  if (row.userId === actor.id) return true;
  if (!isAdministrator(actor)) return false;
  const scope = scopeOf(actor);
  return scope === null || row.organizationId === scope;
};

/** DELETE /api/api-keys/:id: refused at once; anyone else's key answers 404. */
export const revokeApiKey = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  who: AuditWho,
): Promise<ApiKeyRevoked> => {
  sessionOnly(actor);
  const existing = await findApiKey(db, id);
  if (!existing || !mayRevoke(actor, existing)) throw notFound(API_KEY_NOT_FOUND);
  if (existing.revokedAt) return { message: 'API key already revoked', apiKey: toApiKey(existing) };
  const row = await db.transaction(async (tx) => {
    const revoked = (await revokeApiKeyRow(tx, id, actor.id))!;
    await logKeyChange(tx, actor, existing, 'revoked', who);
    return revoked;
  });
  return { message: 'API key revoked', apiKey: toApiKey(row) };
};
