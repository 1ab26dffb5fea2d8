import type { Lead } from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { findFirstAdmin, findUserNames } from '../users/store.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { toLead } from './present.ts';
import type { LeadRow } from './repo.ts';

/** Leads as the API shows them, their owners named (one read of the owners' names). */
export const presentLeads = async (db: Db, rows: readonly LeadRow[]): Promise<Lead[]> => {
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
  const names = await findUserNames(db, ownerIds);
  return rows.map((row) => toLead(row, row.ownerId ? names.get(row.ownerId) : undefined));
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
