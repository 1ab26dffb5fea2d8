import type { Db } from '../../db/connection.ts';
import { activityLog } from '../../db/schema.ts';

export type ActivityType = 'Lead' | 'Client' | 'Campaign' | 'Email' | 'Meeting' | 'User';

export type NewActivity = {
  organizationId: string | null;
  userId: string | null;
  type: ActivityType;
  action: string;
  details: string;
};

export const logActivity = async (db: Db, entry: NewActivity): Promise<void> => {
  await db.insert(activityLog).values(entry);
};
