import type { ActivityEntry } from '@leadline/shared/activity';
import type { ActivityRow } from './repo.ts';

export const toActivityEntry = (row: ActivityRow): ActivityEntry => ({
  _id: row.id,
  type: row.type,
  action: row.action,
  details: row.details,
  timestamp: row.createdAt.toISOString(),
});
