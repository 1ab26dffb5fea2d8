import type { Suppression } from '@leadline/shared/suppression';
import { DEFAULT_SOURCES, isDomainEntry } from '@leadline/shared/suppression';
import type { SuppressionRow } from './repo.ts';

export const toSuppression = (row: SuppressionRow): Suppression => ({
  _id: row.id,
  email: row.email,
  domain: isDomainEntry(row.email),
  reason: row.reason,
  // Entries written without a source (the demo's, say) read as their reason's usual one.
  source: row.source || DEFAULT_SOURCES[row.reason],
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});
