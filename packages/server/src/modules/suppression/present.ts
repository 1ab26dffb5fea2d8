import type { Suppression } from '@leadline/shared/suppression';
import { isDomainEntry } from '@leadline/shared/suppression';
import type { SuppressionRow } from './repo.ts';

export const toSuppression = (row: SuppressionRow): Suppression => ({
  _id: row.id,
  email: row.email,
  domain: isDomainEntry(row.email),
  reason: row.reason,
  source: row.source,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});
