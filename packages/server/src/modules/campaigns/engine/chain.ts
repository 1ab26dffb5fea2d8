import { randomUUID } from 'node:crypto';
import type { JobQueue } from '../../../jobs/queue.ts';
import { tickJobId } from '../store/ids.ts';

/** The queue of engine jobs: each runs one tick of one campaign's chain. */
export const CAMPAIGN_QUEUE = 'campaign-send';

/** Tick `n` of chain `chain` of a campaign. */
export type TickData = { campaignId: string; chain: string; n: number };

/**
 * Queues tick `n` of a chain at `at` (now when absent or past). Its id comes from the chain and
 * the number, so a tick queued twice (a retried job, two processes) exists once; `id` replaces
 * it for a tick queued beside the chain's own (a tick handed back when a process stops).
 */
export const enqueueTick = async (
  queue: Pick<JobQueue, 'send'>,
  data: TickData,
  at?: Date | null,
  id = tickJobId(data.chain, data.n),
): Promise<void> => {
  await queue.send(CAMPAIGN_QUEUE, data, {
    id,
    ...(at && at.getTime() > Date.now() ? { startAfter: at } : {}),
    retryLimit: 10,
    retryDelay: 10,
    // A tick sends for a third of the claim lease at most; one whose process died is retried
    // after this (the chain goes on even if it died before queueing its successor).
    expireInSeconds: 300,
  });
};

/** A new chain id: jobs of an older chain of the campaign stop at their next run. */
export const newChain = (): string => randomUUID();

/** Starts the chain `chain` (already stored on the campaign) with its first tick, now. */
export const startChain = (queue: Pick<JobQueue, 'send'>, campaignId: string, chain: string) =>
  enqueueTick(queue, { campaignId, chain, n: 0 });
