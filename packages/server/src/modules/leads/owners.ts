import { OWNER_INVALID } from '@leadline/shared/leads';
import type { Lead, LeadOwnerOption } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import {
  findFirstAdmin,
  findUserById,
  findUserNames,
  listOrganizationMembers,
} from '../users/store.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { logActivities } from '../activity/log.ts';
import { customPresenter } from '../custom-fields/values.ts';
import { describeLead, toLead } from './present.ts';
import { findLeadsByIds } from './repo.ts';
import type { LeadRow, ReassignedLead } from './repo.ts';

/** Leads as the API shows them, their owners named (one read of the owners' names). */
export const presentLeads = async (db: Db, rows: readonly LeadRow[]): Promise<Lead[]> => {
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
  const names = await findUserNames(db, ownerIds);
  const customOf = await customPresenter(db, 'lead', rows);
  return rows.map((row) =>
    toLead(row, row.ownerId ? names.get(row.ownerId) : undefined, customOf(row)),
  );
};

/** The organisation's leads among `ids` as the API shows them, by id (unknown ids left out). */
export const presentLeadsById = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, Lead>> => {
  const leads = await presentLeads(db, await findLeadsByIds(db, organizationId, ids));
  return new Map(leads.map((lead) => [lead._id, lead]));
};

export const presentLead = async (db: Db, row: LeadRow): Promise<Lead> =>
  (await presentLeads(db, [row]))[0]!;

/**
 * Who owns a lead nobody was named for: its creator when they are a user of the organisation,
 * else (a Super Admin working in it, an import by the system) the organisation's first Admin.
 */
export const defaultOwner = async (
  db: Db,
  actor: Pick<CurrentUser, 'id' | 'row'>,
  organizationId: string,
): Promise<string | null> =>
  actor.row.organizationId === organizationId
    ? actor.id
    : ((await findFirstAdmin(db, organizationId)) ?? null);

/** The users a lead of the organisation can belong to (GET /api/leads/owners). */
export const leadOwnerOptions = async (
  db: Db,
  organizationId: string,
): Promise<LeadOwnerOption[]> =>
  (await listOrganizationMembers(db, organizationId)).map((user) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    active: user.status === 'active',
  }));

/**
 * The user named as a lead's owner, when they are an active user of the organisation; else
 * 400 "Please choose a valid owner".
 */
export const validOwner = async (
  db: Db,
  organizationId: string,
  ownerId: string,
): Promise<{ id: string; name: string }> => {
  const user = await findUserById(db, ownerId);
  if (!user || user.organizationId !== organizationId || user.status !== 'active')
    throw badRequest(OWNER_INVALID, { ownerId: OWNER_INVALID });
  return { id: user.id, name: user.name };
};

/** "Owner of Lead Ada Lovelace (Acme) changed from Bob to Carol". */
const ownerChange = (leadDescription: string, from: string, to: string): string =>
  `Owner of ${leadDescription} changed from ${from || 'nobody'} to ${to}`;

/** One history entry per lead whose owner changed, naming the previous and the new owner. */
export const logOwnerChanges = async (
  db: Db,
  organizationId: string,
  userId: string,
  changed: readonly ReassignedLead[],
  owner: { name: string },
): Promise<void> => {
  const previous = await findUserNames(db, [
    ...new Set(changed.flatMap((lead) => (lead.previousOwnerId ? [lead.previousOwnerId] : []))),
  ]);
  await logActivities(
    db,
    changed.map((lead) => ({
      organizationId,
      userId,
      type: 'Lead' as const,
      entityId: lead.id,
      action: 'owner changed',
      details: ownerChange(
        describeLead(lead),
        lead.previousOwnerId ? (previous.get(lead.previousOwnerId) ?? '') : '',
        owner.name,
      ),
    })),
  );
};
