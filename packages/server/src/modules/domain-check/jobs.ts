import type { Db } from '../../db/connection.ts';
import type { Tick } from '../../jobs/tick.ts';
import { findChecksDue } from './repo.ts';
import { DOMAIN_CHECK_HOURS, runDomainCheck } from './service.ts';

export const DOMAIN_CHECK_TICK_QUEUE = 'domain-check-tick';
/** Mailboxes rechecked per tick (taken in turns across organisations). */
export const DOMAIN_CHECKS_PER_TICK = 20;
const CHECKS_AT_ONCE = 4;

/** Rechecks the mailboxes whose check is older than a day; answers how many it checked. */
export const recheckDueDomains = async (
  db: Db,
  limit = DOMAIN_CHECKS_PER_TICK,
): Promise<number> => {
  const due = await findChecksDue(db, DOMAIN_CHECK_HOURS, limit);
  const waiting = [...due];
  const worker = async () => {
    for (let mailbox = waiting.shift(); mailbox; mailbox = waiting.shift()) {
      // One mailbox's failure (its row gone meanwhile) does not stop the others.
      await runDomainCheck(db, mailbox).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
  return due.length;
};

/** The daily recheck, run every ten minutes by one process at a time, a bounded batch each. */
export const domainCheckTick = (db: Db): Tick => ({
  queue: DOMAIN_CHECK_TICK_QUEUE,
  everySeconds: 600,
  run: async () => {
    await recheckDueDomains(db);
  },
});
