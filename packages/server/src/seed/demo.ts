import { count } from 'drizzle-orm';
import { defaultPermissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import type { Db } from '../db/connection.ts';
import { organizations } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { logActivity } from '../modules/activity/repo.ts';
import { ensureOrganization, findUserByEmail, insertUser } from '../modules/users/repo.ts';

export const DEMO_ORGANIZATION = 'demo-company';
export const DEMO_PASSWORD = 'demo-password';

/** One user of every role; the Super Admin only when none exists yet. */
export const DEMO_USERS: readonly { name: string; email: string; role: Role }[] = [
  { name: 'Sam Super', email: 'superadmin@demo.leadline.test', role: 'Super Admin' },
  { name: 'Ada Admin', email: 'admin@demo.leadline.test', role: 'Admin' },
  { name: 'Max Manager', email: 'manager@demo.leadline.test', role: 'Sales Manager' },
  { name: 'Rita Rep', email: 'rep@demo.leadline.test', role: 'Sales Rep' },
  { name: 'Mia Marketing', email: 'marketing@demo.leadline.test', role: 'Marketing' },
  { name: 'Carl Clients', email: 'clients@demo.leadline.test', role: 'Client Manager' },
];

/** Loads the demo organisation once, into a database that has no organisation yet. */
export const seedDemo = async (db: Db, hasSuperAdmin: boolean): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(organizations);
  if (row!.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const organizationId = await ensureOrganization(tx, DEMO_ORGANIZATION);
    for (const user of DEMO_USERS) {
      if (user.role === 'Super Admin' && hasSuperAdmin) continue;
      if (await findUserByEmail(tx, user.email)) continue;
      const permissions = defaultPermissions(user.role);
      if (user.role === 'Sales Manager')
        Object.assign(permissions, {
          dashboard: true,
          teams: true,
          createUser: true,
          reports: true,
        });
      await insertUser(tx, {
        organizationId: user.role === 'Super Admin' ? null : organizationId,
        name: user.name,
        email: user.email,
        passwordHash,
        role: user.role,
        permissions,
        status: 'active',
        department: user.role === 'Marketing' ? 'Marketing' : 'Sales',
      });
    }
    await logActivity(tx, {
      organizationId,
      userId: null,
      type: 'User',
      action: 'created',
      details: 'Demo organisation loaded',
    });
  });
  return true;
};
