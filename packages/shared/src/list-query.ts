import { z } from 'zod';

/** `page` of a paged list query (?page=): a whole number from 1, 1 when absent. */
export const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(1_000_000)
  .default(1);

/** `limit` of a list query: a whole number from 1 to `max`, `byDefault` when absent. */
export const limitParam = (max: number, byDefault: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .default(byDefault);
