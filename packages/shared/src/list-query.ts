import { z } from 'zod';

/** `page` of a paged list query (?page=): a whole number from 1, 1 when absent. */
export const pageParam = z.coerce
  .number({ error: 'page must be a number' })
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .max(1_000_000)
  .default(1);
