import { decodeOrganizationHeader } from '@leadline/shared/organization';
import type { GettingStarted, OrganizationSummary } from '@leadline/shared/organization';
import type { Db } from '../../db/connection.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { findMailAccount, smtpOf } from '../mail-accounts/stored.ts';
import { scopeOf } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { DEFAULT_BOUNCE_PAUSE_PERCENT } from '@leadline/shared/deliverability';
import {
  findBouncePausePercent,
  findOrganizationByName,
  firstOrganizations,
  hasLeads,
  hasOtherMember,
  listOrganizations,
  updateBouncePausePercent,
} from './repo.ts';

const unknownOrganization = (name: string) =>
  badRequest(`There is no organisation named “${name}”`);

const notYours = (name: string) =>
  forbidden(`You do not have permission to work in the organisation “${name}”.`);

/**
 * The caller as they act on this request, given the X-Organization header (raw value, or
 * undefined). A Super Admin works in the organisation it names, or in the only one when there
 * is exactly one; with several and no header they act in none (reads cover every
 * organisation). Anyone else may name only their own organisation.
 */
export const actingUser = async (
  db: Db,
  user: CurrentUser,
  header: string | undefined,
): Promise<CurrentUser> => {
  const name = header === undefined ? '' : decodeOrganizationHeader(header);
  if (user.role !== 'Super Admin') {
    if (name && name !== user.organization) throw notYours(name);
    return user;
  }
  const chosen = name
    ? await findOrganizationByName(db, name)
    : await firstOrganizations(db, 2).then((rows) => (rows.length === 1 ? rows[0] : undefined));
  if (name && !chosen) throw unknownOrganization(name);
  if (!chosen) return user;
  return { ...user, organizationId: chosen.id, organization: chosen.name, actingIn: true };
};

/** GET /api/organizations: a Super Admin's every organisation, anyone else's own. */
export const organizationsFor = async (
  db: Db,
  actor: CurrentUser,
): Promise<OrganizationSummary[]> => {
  const homeId = actor.row.organizationId;
  if (actor.role !== 'Super Admin' && !homeId) return [];
  const rows = await listOrganizations(db, actor.role === 'Super Admin' ? undefined : homeId!);
  return rows.map((row) => ({ _id: row.id, name: row.name, users: Number(row.users) }));
};

/** GET /api/organizations/getting-started: real checks of the dashboard's first steps. */
export const gettingStarted = async (db: Db, actor: CurrentUser): Promise<GettingStarted> => {
  const organizationId = scopeOf(actor);
  const [mailbox, leads, teammate] = await Promise.all([
    findMailAccount(db, actor.id).then((row) => smtpOf(row) !== null),
    organizationId ? hasLeads(db, organizationId) : false,
    organizationId ? hasOtherMember(db, organizationId, actor.id) : false,
  ]);
  return { organization: organizationId ? actor.organization : null, mailbox, leads, teammate };
};

/**
 * The organisation's bounce protection: a bulk run or campaign pauses itself when more than
 * this percentage of its emails (once it has sent BOUNCE_RATE_MIN_SENDS) hard-bounce.
 */
export const bouncePausePercentOf = async (db: Db, organizationId: string): Promise<number> =>
  (await findBouncePausePercent(db, organizationId)) ?? DEFAULT_BOUNCE_PAUSE_PERCENT;

/** Changes the organisation's bounce protection (the caller checks who may). */
export const setBouncePausePercent = (db: Db, organizationId: string, percent: number) =>
  updateBouncePausePercent(db, organizationId, percent);
