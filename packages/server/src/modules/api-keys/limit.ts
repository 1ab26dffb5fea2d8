import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_REQUESTS_PER_MINUTE } from '@leadline/shared/api-keys';
import { TooManyRequests } from '../../lib/errors.ts';

/** At most `max` requests per `timeWindow` milliseconds. */
export type ApiKeyLimit = { max: number; timeWindow: number };

export const DEFAULT_API_KEY_LIMIT: ApiKeyLimit = {
  max: API_KEY_REQUESTS_PER_MINUTE,
  timeWindow: 60_000,
};

/**
 * The guard's rate limit for requests made with an API key: one count per key (its id), in
 * @fastify/rate-limit's store. Routes keep their own limits besides (this one does not mark
 * the request as limited).
 */
export const apiKeyLimiter = (app: FastifyInstance, limit: ApiKeyLimit = DEFAULT_API_KEY_LIMIT) => {
  const keyOf = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `api-key:${keyOf.get(request) ?? request.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply, apiKeyId: string) => {
    keyOf.set(request, apiKeyId);
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('x-ratelimit-limit', String(result.max));
    reply.header('x-ratelimit-remaining', '0');
    throw new TooManyRequests(
      `Too many requests with this API key (at most ${result.max} a minute). Try again in ${result.ttlInSeconds} seconds.`,
      result.ttlInSeconds,
    );
  };
};
