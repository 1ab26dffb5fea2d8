import type { ApiKey, ApiKeyStatus, OrganizationApiKey } from '@leadline/shared/api-keys';
import type { ApiKeyRow, OrganizationApiKeyRow } from './repo.ts';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export const statusOf = (row: ApiKeyRow, now = Date.now()): ApiKeyStatus => {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'active';
};

/** A key as lists show it: its prefix, never the key or its hash. */
export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: iso(row.expiresAt),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  status: statusOf(row),
});

export const toOrganizationApiKey = (row: OrganizationApiKeyRow): OrganizationApiKey => ({
  ...toApiKey(row),
  owner: { _id: row.userId, name: row.ownerName, email: row.ownerEmail },
});
