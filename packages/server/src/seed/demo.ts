import { seedDemoStages } from './demo-stages.ts';
import { count } from 'drizzle-orm';
import { defaultPermissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import type { Db } from '../db/connection.ts';
import { organizations } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { logActivity } from '../modules/activity/repo.ts';
import type { NewActivity } from '../modules/activity/repo.ts';
import { insertClientRows } from '../modules/clients/repo.ts';
import { insertLeadRows } from '../modules/leads/repo.ts';
import { ensureOrganization, findUserByEmail, insertUser } from '../modules/users/repo.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { demoClients, demoLeads } from './demo-data.ts';
import { recordDemoLeadEmails } from './demo-mail.ts';
import { seedDemoMeetings } from './demo-meetings.ts';
import { seedDemoWork } from './demo-work.ts';

export const DEMO_ORGANIZATION = 'demo-company';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_LEADS = 5000;
export const DEMO_CLIENTS = 200;

/** One user of every role; the Super Admin only when none exists yet. */
export const DEMO_USERS: readonly { name: string; email: string; role: Role }[] = [
  { name: 'Sam Super', email: 'superadmin@demo.leadline.test', role: 'Super Admin' },
  { name: 'Ada Admin', email: 'admin@demo.leadline.test', role: 'Admin' },
  { name: 'Max Manager', email: 'manager@demo.leadline.test', role: 'Sales Manager' },
  { name: 'Rita Rep', email: 'rep@demo.leadline.test', role: 'Sales Rep' },
  { name: 'Omar Outreach', email: 'rep2@demo.leadline.test', role: 'Sales Rep' },
  { name: 'Lena Lindqvist', email: 'rep3@demo.leadline.test', role: 'Sales Rep' },
  { name: 'Mia Marketing', email: 'marketing@demo.leadline.test', role: 'Marketing' },
  { name: 'Carl Clients', email: 'clients@demo.leadline.test', role: 'Client Manager' },
];

type DemoEntry = Pick<NewActivity, 'type' | 'action' | 'details'>;

const DEMO_ACTIVITY: readonly DemoEntry[] = [
  { type: 'User', action: 'created', details: 'Demo organisation loaded' },
  { type: 'Lead', action: 'imported', details: `${DEMO_LEADS} leads imported` },
  { type: 'Client', action: 'imported', details: `${DEMO_CLIENTS} clients imported` },
  {
    type: 'Lead',
    action: 'status changed',
    details: 'Status of Grace Hopper changed from Cold Lead to Hot Lead',
  },
  { type: 'Client', action: 'updated', details: 'Client Globex Systems updated' },
];

/** The demo entries, an hour apart, the last one now. */
const demoActivity = (organizationId: string, userId: string | null): NewActivity[] => {
  const now = Date.now();
  return DEMO_ACTIVITY.map((entry, i) => ({
    ...entry,
    organizationId,
    userId,
    createdAt: new Date(now - (DEMO_ACTIVITY.length - 1 - i) * 3_600_000),
  }));
};

/**
 * Loads the demo organisation once, into a database that has no organisation yet: a user of
 * every role (three Sales Reps), 5,000 leads spread over the sales team with their deal values,
 * calls and notes, 200 clients and a few activity entries (a few seconds on PGlite).
 */
export const seedDemo = async (db: Db, hasSuperAdmin: boolean): Promise<boolean> => {
  const [row] = await db.select({ n: count() }).from(organizations);
  if (row!.n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const organizationId = await ensureOrganization(tx, DEMO_ORGANIZATION);
    let adminId: string | null = null;
    let repId: string | null = null;
    /** The sales team: the leads are spread over them. */
    const sellers: string[] = [];
    for (const user of DEMO_USERS) {
      if (user.role === 'Super Admin' && hasSuperAdmin) continue;
      if (await findUserByEmail(tx, user.email)) continue;
      // Every demo user holds exactly their role's defaults, as a new organisation's would.
      const permissions = defaultPermissions(user.role);
      const id = await insertUser(tx, {
        organizationId: user.role === 'Super Admin' ? null : organizationId,
        name: user.name,
        email: user.email,
        passwordHash,
        role: user.role,
        permissions,
        status: 'active',
        department: user.role === 'Marketing' ? 'Marketing' : 'Sales',
      });
      if (user.role === 'Admin') adminId = id;
      if (user.role === 'Sales Rep') repId ??= id;
      if (user.role === 'Sales Rep' || user.role === 'Sales Manager') sellers.push(id);
    }
    await insertLeadRows(tx, demoLeads(organizationId, sellers, DEMO_LEADS));
    await seedDemoWork(tx, organizationId);
    await seedDemoStages(tx, organizationId);
    // The leads' own emails are their owners' (the sales team's): the Admin's daily limit starts untouched.
    if (repId) await recordDemoLeadEmails(tx, organizationId, repId);
    await insertClientRows(tx, demoClients(organizationId, adminId, DEMO_CLIENTS));
    for (const entry of demoActivity(organizationId, adminId)) await logActivity(tx, entry);
    await seedDemoCampaigns(tx, organizationId, adminId);
    await seedDemoMeetings(tx, organizationId, adminId);
  });
  return true;
};
