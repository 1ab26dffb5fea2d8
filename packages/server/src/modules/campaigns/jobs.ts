import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { UnsubscribeLinks } from '../unsubscribe/links.ts';
import { CAMPAIGN_QUEUE, enqueueTick } from './chain.ts';
import type { TickData } from './chain.ts';
import { DEFAULT_ENGINE_OPTIONS } from './engine-options.ts';
import type { EngineOptions } from './engine-options.ts';
import { runTick } from './engine.ts';
import { nameUuid } from './ids.ts';

/**
 * The tick that takes over from tick `n` cut short by the process stopping: queued now, beside
 * the successor tick `n` may have queued for later (the two then queue the same next tick,
 * which exists once, so the chain stays one).
 */
const handBack = (queue: JobQueue, data: TickData) =>
  enqueueTick(
    queue,
    { ...data, n: data.n + 1 },
    null,
    nameUuid(`tick:${data.chain}:${data.n}:handed-back`),
  );

/** The campaign engine's jobs, drained by this process. */
export const registerCampaignJobs = async (
  db: Db,
  queue: JobQueue,
  { box, links }: { box: SecretBox; links: UnsubscribeLinks },
  options: Partial<EngineOptions> = {},
): Promise<void> => {
  const engine: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, links, ...options };
  await queue.work<TickData>(CAMPAIGN_QUEUE, async (data, { signal }) => {
    const end = await runTick(
      db,
      box,
      data,
      engine,
      (next, at) => enqueueTick(queue, next, at),
      signal,
    );
    if (end === 'interrupted') await handBack(queue, data);
  });
};
