// Who owns the leads an import inserts: the Owner column (a user's email), the users chosen
// for round-robin, else the importer.
import { ASSIGN_NEEDS_PERMISSION, OWNER_INVALID } from '@leadline/shared/leads';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import { hasPermission } from '@leadline/shared/permissions';
import { isUuid } from '@leadline/shared/ids';
import type { Db } from '../../db/connection.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { findFirstAdmin, listOrganizationMembers } from '../users/store.ts';
import type { ImportKind } from './headers.ts';
import type { ImportRow } from './repo.ts';
import type { RowOutcome } from './rows.ts';

const ROUND_ROBIN_MAX = 100;
const ROUND_ROBIN_INVALID = 'Round-robin owners must be user IDs, separated by commas';

/** The `roundRobin` field naming every active user of the organisation, in turn. */
export const ROUND_ROBIN_ALL = 'all';

/**
 * The upload's `roundRobin` field: user ids as a JSON array or separated by commas, or "all"
 * (the Owner mapped to round-robin on the mapping step: every active user of the organisation).
 */
export const parseRoundRobin = (
  value: string | undefined,
): string[] | typeof ROUND_ROBIN_ALL | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  if (value.trim().toLowerCase() === ROUND_ROBIN_ALL) return ROUND_ROBIN_ALL;
  let ids: unknown;
  try {
    ids = value.trim().startsWith('[') ? JSON.parse(value) : value.split(',');
  } catch {
    throw badRequest(ROUND_ROBIN_INVALID);
  }
  if (!Array.isArray(ids) || ids.length > ROUND_ROBIN_MAX) throw badRequest(ROUND_ROBIN_INVALID);
  const trimmed = ids.map((id) => (typeof id === 'string' ? id.trim().toLowerCase() : ''));
  if (!trimmed.every(isUuid)) throw badRequest(ROUND_ROBIN_INVALID);
  return [...new Set(trimmed)];
};

/**
 * At upload: the round-robin owners, checked (active users of the organisation; "all": every
 * one of them, in the order of their names); giving leads to others (round-robin or an Owner
 * column) needs Lead Management.
 */
export const roundRobinOwners = async (
  db: Db,
  actor: CurrentUser,
  kind: ImportKind,
  mapping: ColumnMapping,
  roundRobin: readonly string[] | typeof ROUND_ROBIN_ALL | undefined,
): Promise<string[]> => {
  if (kind !== 'leads') return [];
  const manages = hasPermission(actor, 'leadManagement');
  if (!manages && mapping.includes('owner'))
    throw forbidden(`${ASSIGN_NEEDS_PERMISSION}: leave the Owner column out`);
  if (!roundRobin?.length) return [];
  const active = (await listOrganizationMembers(db, actor.organizationId!))
    .filter((user) => user.status === 'active')
    .map((user) => user.id);
  const chosen = roundRobin === ROUND_ROBIN_ALL ? active : roundRobin;
  if (!manages && chosen.some((id) => id !== actor.id)) throw forbidden(ASSIGN_NEEDS_PERMISSION);
  const known = new Set(active);
  if (!chosen.every((id) => known.has(id))) throw badRequest(OWNER_INVALID);
  return [...chosen];
};

export type ImportOwners = {
  roundRobin: readonly string[];
  /**
   * A validated row with its owner set; an Owner that is no active user of the organisation (a
   * file exported elsewhere) gives the importer's default owner and a warning.
   */
  check: <T>(record: Record<string, string>, outcome: RowOutcome<T>) => RowOutcome<T>;
};

/** When the job runs: the organisation's users by email, and the importer's default owner. */
export const importOwners = async (
  db: Db,
  job: Pick<ImportRow, 'kind' | 'organizationId' | 'userId'>,
  roundRobin: readonly string[],
): Promise<ImportOwners> => {
  if (job.kind !== 'leads') return { roundRobin: [], check: (_, outcome) => outcome };
  const members = await listOrganizationMembers(db, job.organizationId);
  const byEmail = new Map(
    members
      .filter((user) => user.status === 'active')
      .map((user) => [user.email.toLowerCase(), user.id]),
  );
  const importer = members.some((user) => user.id === job.userId) ? job.userId : null;
  const fallback = importer ?? (await findFirstAdmin(db, job.organizationId)) ?? null;
  return {
    roundRobin,
    check: (record, outcome) => {
      if (!outcome.ok) return outcome;
      const email = (record.owner ?? '').trim().toLowerCase();
      const ownerId = email && roundRobin.length === 0 ? byEmail.get(email) : fallback;
      if (ownerId === undefined)
        return {
          ...outcome,
          value: { ...outcome.value, ownerId: fallback },
          warnings: [
            ...outcome.warnings,
            `Owner "${record.owner!.trim()}" is not an active user of the organisation: given to the default owner`,
          ],
        };
      return { ...outcome, value: { ...outcome.value, ownerId } };
    },
  };
};
