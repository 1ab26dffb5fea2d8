import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { OrganizationSettings } from '@leadline/shared/organization';
import type { Db } from '../../db/connection.ts';
import { leads, organizations, users } from '../../db/schema.ts';

export type OrganizationRef = { id: string; name: string };
export type OrganizationCountRow = OrganizationRef & { users: number };

export const findOrganizationByName = async (
  db: Db,
  name: string,
): Promise<OrganizationRef | undefined> => {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.name, name))
    .limit(1);
  return row;
};

/** At most `limit` organisations, by name: enough to tell "exactly one" from "several". */
export const firstOrganizations = (db: Db, limit: number): Promise<OrganizationRef[]> =>
  db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .orderBy(asc(organizations.name))
    .limit(limit);

/** Organisations by name with their members (pending sign-ups left out); one when given. */
export const listOrganizations = (
  db: Db,
  organizationId?: string,
): Promise<OrganizationCountRow[]> =>
  db
    .select({ id: organizations.id, name: organizations.name, users: count(users.id) })
    .from(organizations)
    .leftJoin(users, and(eq(users.organizationId, organizations.id), ne(users.status, 'pending')))
    .where(organizationId ? eq(organizations.id, organizationId) : undefined)
    .groupBy(organizations.id, organizations.name)
    .orderBy(asc(organizations.name));

export const hasLeads = async (db: Db, organizationId: string): Promise<boolean> => {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.organizationId, organizationId))
    .limit(1);
  return rows.length > 0;
};

/** Whether a member other than this user belongs to the organisation (pending sign-ups aside). */
export const hasOtherMember = async (
  db: Db,
  organizationId: string,
  userId: string,
): Promise<boolean> => {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        ne(users.id, userId),
        ne(users.status, 'pending'),
      ),
    )
    .limit(1);
  return rows.length > 0;
};

/** The hard-bounce rate (percent) above which the organisation's runs pause themselves. */
export const findBouncePausePercent = async (
  db: Db,
  organizationId: string,
): Promise<number | undefined> => {
  const [row] = await db
    .select({ percent: organizations.bouncePausePercent })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.percent;
};

export const updateBouncePausePercent = async (
  db: Db,
  organizationId: string,
  percent: number,
): Promise<void> => {
  await db
    .update(organizations)
    .set({ bouncePausePercent: percent })
    .where(eq(organizations.id, organizationId));
};

/** The organisation's name and the currency its deal values are in. */
export const findOrganizationSettings = async (
  db: Db,
  organizationId: string,
): Promise<OrganizationSettings | undefined> => {
  const [row] = await db
    .select({
      organization: organizations.name,
      currency: organizations.currency,
      tracking: organizations.tracking,
      requireTwoFactor: organizations.requireTwoFactor,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
};

export const updateOrganizationSettings = async (
  db: Db,
  organizationId: string,
  changes: Partial<Omit<OrganizationSettings, 'organization'>>,
): Promise<void> => {
  await db.update(organizations).set(changes).where(eq(organizations.id, organizationId));
};
