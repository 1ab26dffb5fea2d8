import { eq } from 'drizzle-orm';
import { DEFAULT_BOUNCE_PAUSE_PERCENT } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { organizations } from '../../db/schema.ts';

/**
 * The organisations module's door for the bounce protection: the hard-bounce rate (percent)
 * above which the organisation's bulk runs and campaigns pause themselves.
 */
export const bouncePausePercentOf = async (db: Db, organizationId: string): Promise<number> => {
  const [row] = await db
    .select({ percent: organizations.bouncePausePercent })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.percent ?? DEFAULT_BOUNCE_PAUSE_PERCENT;
};
