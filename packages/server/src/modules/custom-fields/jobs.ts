import type { Db } from '../../db/connection.ts';
import type { Tick } from '../../jobs/tick.ts';
import { reconcileFieldIndexes } from './indexes.ts';
import { purgeDeletedFields } from './service.ts';

/**
 * Every six hours (ticks are at most 12 h apart): custom fields deleted over 30 days ago go with
 * their values, then the per-key indexes are brought in line with the fields (indexes.ts).
 */
export const customFieldPurgeTick = (db: Db): Tick => ({
  queue: 'custom-fields-purge',
  everySeconds: 6 * 60 * 60,
  run: async () => {
    await purgeDeletedFields(db);
    await reconcileFieldIndexes(db);
  },
});
