import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_REQUESTS_PER_MINUTE } from '@leadline/shared/api-keys';
import type { Db } from '../../db/connection.ts';
import { TooManyRequests } from '../../lib/errors.ts';
import { createWindowCounter } from '../rate-limits/counter.ts';

/** At most `max` requests per `timeWindow` milliseconds. */
export type ApiKeyLimit = { max: number; timeWindow: number };

export const DEFAULT_API_KEY_LIMIT: ApiKeyLimit = {
  max: API_KEY_REQUESTS_PER_MINUTE,
  timeWindow: 60_000,
};

/**
 * The guard's rate limit for requests made with an API key: one count per key (its id) and
 * fixed window, kept in the database (one UPSERT … RETURNING per request), so that every
 * process on it counts together and a restart forgets nothing. Routes keep their own limits
 * besides.
 */
export const apiKeyLimiter = (
  db: Db,
  limit: ApiKeyLimit = DEFAULT_API_KEY_LIMIT,
  now: () => number = Date.now,
) => {
  const count = createWindowCounter(db, 'api-key', limit, now);
  return async (_request: FastifyRequest, reply: FastifyReply, apiKeyId: string) => {
    const { count: used, resetInMs } = await count(apiKeyId);
    if (used <= limit.max) return;
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('x-ratelimit-limit', String(limit.max));
    reply.header('x-ratelimit-remaining', '0');
    throw new TooManyRequests(
      `Too many requests with this API key (at most ${limit.max} a minute). Try again in ${seconds} seconds.`,
      seconds,
    );
  };
};
