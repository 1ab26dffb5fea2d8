import { z } from 'zod';
import { limitParam } from './list-query.ts';

export const ACTIVITY_TYPES = [
  'Lead',
  'Client',
  'Campaign',
  'Email',
  'Meeting',
  'User',
  'Automation',
  'Integration',
  'Settings',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export type ActivityEntry = {
  _id: string;
  type: ActivityType;
  action: string;
  details: string;
  timestamp: string;
};

export const activityQuerySchema = z.object({
  limit: limitParam(200, 50),
  /** The `_id` of the last entry already shown: the next page starts after it. */
  before: z.string().max(100).optional(),
  /** Only the entries about one record (a lead's or a client's history). */
  entityId: z.string().max(100).optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export type ActivityParams = z.output<typeof activityQuerySchema>;
