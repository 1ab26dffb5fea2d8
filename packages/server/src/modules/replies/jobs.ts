import type { Db } from '../../db/connection.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { checkDueInboxes } from './service.ts';

export const REPLY_TICK_QUEUE = 'email-replies-tick';

/**
 * The periodic reply check, for the job queue to run once a minute in one process at a time:
 * every user's inbox is checked for replies every `minutes`.
 */
export const replyCheckTick = (db: Db, box: SecretBox, minutes: number) => ({
  queue: REPLY_TICK_QUEUE,
  everySeconds: 60,
  run: async () => {
    await checkDueInboxes(db, box, minutes);
  },
});
