import type { Db } from '../../db/connection.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import type { UnsubscribeLinks } from '../email/unsubscribe-links.ts';
import { CAMPAIGN_QUEUE, enqueueTick } from './chain.ts';
import type { TickData } from './chain.ts';
import { DEFAULT_ENGINE_OPTIONS, runTick } from './engine.ts';
import type { EngineOptions } from './engine.ts';

/** The campaign engine's jobs, drained by this process. */
export const registerCampaignJobs = async (
  db: Db,
  queue: JobQueue,
  { box, links }: { box: SecretBox; links: UnsubscribeLinks },
  options: Partial<EngineOptions> = {},
): Promise<void> => {
  const engine: EngineOptions = { ...DEFAULT_ENGINE_OPTIONS, links, ...options };
  await queue.work<TickData>(CAMPAIGN_QUEUE, (data) =>
    runTick(db, box, data, engine, (next, at) => enqueueTick(queue, next, at)),
  );
};
