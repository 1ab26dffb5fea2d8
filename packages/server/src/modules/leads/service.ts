import {
  LEAD_SORT_FIELDS,
  PROFILE_LINK_REQUIRED,
  requiresProfileLink,
} from '@leadline/shared/leads';
import type {
  Lead,
  LeadData,
  LeadListParams,
  LeadListResponse,
  LeadStatus,
  LeadUpdateData,
} from '@leadline/shared/leads';
import type { Db } from '../../db/connection.ts';
import { HttpError, badRequest, notFound, isUniqueViolation } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { leadsChanged } from './changes.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { isUuid } from '@leadline/shared/ids';
import { describeLead, leadName } from './present.ts';
import { checkLeadWrite } from './access.ts';
import { recordLeadEventList, recordLeadEvents } from './events.ts';
import type { LeadEvent } from './events.ts';
import { defaultOwner, logOwnerChanges, presentLead, presentLeads, validOwner } from './owners.ts';
import type { LeadFilter, LeadSort } from './query.ts';
import {
  activeFields,
  applyPatch,
  changedKeys,
  checkCustomInput,
  customConditionsOf,
  customSortKey,
  describeCustomChanges,
} from '../custom-fields/values.ts';
import type { CustomFieldRow, CustomPatch } from '../custom-fields/values.ts';
import {
  deleteLead as deleteLeadRow,
  deleteLeads,
  findLead,
  findOwnersOf,
  findLeads,
  insertLead,
  insertStatusChange,
  updateLead as updateLeadRow,
} from './repo.ts';
import type { LeadRow } from './repo.ts';
import { changeStageIn, STAGE_FIELDS } from './stage.ts';

export const NO_ORGANIZATION = chooseOrganization('manage leads');
export const INVALID_LEAD_ID = 'Invalid lead ID';
export const LEAD_NOT_FOUND = 'Lead not found';
export const DUPLICATE_LEAD = 'A lead with this email already exists';

/** Leads belong to an organisation: the caller's, or the one a Super Admin works in. */
export const organizationOf = (actor: CurrentUser): string =>
  organizationIn(actor, NO_ORGANIZATION);

const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, DUPLICATE_LEAD, { personEmail: DUPLICATE_LEAD });
    throw error;
  }
};

const dayStart = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
const nextDayStart = (date: string): Date => new Date(dayStart(date).getTime() + 86_400_000);

const toSort = (sort: string, fields: readonly CustomFieldRow[]): LeadSort => {
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  return {
    field: LEAD_SORT_FIELDS.find((f) => f === name) ?? 'createdAt',
    descending,
    customKey: customSortKey(fields, sort),
  };
};

/**
 * The list's filter with its `custom.<key>` conditions, checked against the organisation's
 * lead fields (400 naming the field when a value does not fit it).
 */
export const toLeadFilterWithCustom = async (
  db: Db,
  organizationId: string,
  query: LeadListParams,
  actor: Pick<CurrentUser, 'id'>,
): Promise<{ filter: LeadFilter; fields: CustomFieldRow[] }> => {
  const fields = await activeFields(db, organizationId, 'lead');
  return {
    filter: { ...toLeadFilter(query, actor), custom: customConditionsOf(fields, query) },
    fields,
  };
};

/** The list's query as a filter (shared by the list and the download). */
export const toLeadFilter = (
  query: Omit<LeadListParams, 'page' | 'limit' | 'sort'>,
  actor: Pick<CurrentUser, 'id'>,
): LeadFilter => ({
  search: query.search,
  industry: query.industry,
  size: query.size,
  location: query.location,
  source: query.source,
  status: query.status,
  mailSent: query.mailSent === undefined ? undefined : query.mailSent === 'true',
  ownerId: query.owner === 'me' ? actor.id : query.owner?.toLowerCase(),
  createdFrom: query.from ? dayStart(query.from) : undefined,
  // `to` is inclusive: everything before the start of the next day (UTC).
  createdBefore: query.to ? nextDayStart(query.to) : undefined,
});

/** The body's ids (any text to the route), checked and without repeats. */
export const leadIdsOf = (leadIds: readonly string[]): string[] => {
  if (!leadIds.every(isUuid)) throw badRequest(INVALID_LEAD_ID);
  return [...new Set(leadIds.map((id) => id.toLowerCase()))];
};

/** Records the change when `updated` left the status `existing` had. */
const noteStatusChange = async (
  db: Db,
  actor: CurrentUser,
  existing: LeadRow,
  updated: LeadRow,
): Promise<void> => {
  if (existing.status === updated.status) return;
  await insertStatusChange(db, {
    organizationId: updated.organizationId,
    leadId: updated.id,
    userId: actor.id,
    fromStatus: existing.status,
    toStatus: updated.status,
  });
};

/** GET /api/leads: filtered, sorted and paged in the database. */
export const listLeads = async (
  db: Db,
  actor: CurrentUser,
  query: LeadListParams,
): Promise<LeadListResponse> => {
  const organizationId = organizationOf(actor);
  const { filter, fields } = await toLeadFilterWithCustom(db, organizationId, query, actor);
  const { rows, total, totalCapped, hasMore } = await findLeads(
    db,
    organizationId,
    filter,
    toSort(query.sort, fields),
    {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    },
  );
  return {
    leads: await presentLeads(db, rows),
    total,
    totalCapped,
    hasMore,
    page: query.page,
    limit: query.limit,
  };
};

/** How many leads the list's filters match (capped as the list caps it), without reading them. */
export const countLeadList = async (
  db: Db,
  actor: CurrentUser,
  query: LeadListParams,
): Promise<{ total: number; totalCapped: boolean }> => {
  const organizationId = organizationOf(actor);
  const { filter } = await toLeadFilterWithCustom(db, organizationId, query, actor);
  const { total, totalCapped } = await findLeads(
    db,
    organizationId,
    filter,
    toSort('-createdAt', []),
    {
      limit: 1,
      offset: 0,
    },
  );
  return { total, totalCapped };
};

/** `id` is a UUID: the routes check it (a path id) before the services run. */
const loadLead = async (db: Db, organizationId: string, id: string): Promise<LeadRow> => {
  const row = await findLead(db, organizationId, id);
  if (!row) throw notFound(LEAD_NOT_FOUND);
  return row;
};

export const getLead = async (db: Db, actor: CurrentUser, id: string): Promise<Lead> =>
  presentLead(db, await loadLead(db, organizationOf(actor), id));

export const createLead = async (db: Db, actor: CurrentUser, data: LeadData): Promise<Lead> => {
  const organizationId = organizationOf(actor);
  if (data.ownerId !== undefined) {
    checkLeadWrite(actor, { nextOwner: data.ownerId });
    await validOwner(db, organizationId, data.ownerId);
  }
  const patch = data.custom
    ? checkCustomInput(await activeFields(db, organizationId, 'lead'), data.custom)
    : undefined;
  const row = await duplicateAsConflict(() =>
    db.transaction(async (tx) => {
      const created = await insertLead(tx, {
        ...data,
        custom: patch ? applyPatch({}, patch) : {},
        ownerId: data.ownerId ?? (await defaultOwner(tx, actor, organizationId)),
        organizationId,
        createdBy: actor.id,
      });
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Lead',
        entityId: created.id,
        action: 'created',
        details: `${describeLead(created)} created`,
      });
      await recordLeadEvents(tx, 'lead.created', actor.id, [created]);
      return created;
    }),
  );
  leadsChanged(db, organizationId);
  return presentLead(db, row);
};

/**
 * The fields of `changes` whose value differs from the lead's (an owner id in any case). A
 * form sent back as it was changes nothing, and an edit that changes nothing writes nothing: no
 * event, so webhooks and Automation rules do not hear of it, and no activity entry.
 */
const changedFields = (existing: LeadRow, changes: LeadUpdateData): (keyof LeadUpdateData)[] =>
  (Object.keys(changes) as (keyof LeadUpdateData)[]).filter((key) =>
    // The deal stage moves through stage.ts, custom values through their own patch.
    STAGE_FIELDS.includes(key) || key === 'custom'
      ? false
      : key === 'ownerId'
        ? changes.ownerId !== undefined && changes.ownerId.toLowerCase() !== existing.ownerId
        : changes[key] !== undefined && changes[key] !== existing[key],
  );

/**
 * PUT /api/leads/:id: the fields sent change, the others keep their value. Fields sent with
 * their current value are no change: when none differs the lead is answered as it is.
 */
export const updateLead = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: LeadUpdateData,
): Promise<Lead> => {
  const organizationId = organizationOf(actor);
  const fields = changes.custom ? await activeFields(db, organizationId, 'lead') : [];
  const patch: CustomPatch | undefined = changes.custom
    ? checkCustomInput(fields, changes.custom)
    : undefined;
  const result = await duplicateAsConflict(() =>
    db.transaction(async (tx) => {
      const existing = await loadLead(tx, organizationId, id);
      const changed = changedFields(existing, changes);
      const customChanged = patch ? changedKeys(existing.custom, patch) : [];
      const newOwner = changed.includes('ownerId') ? changes.ownerId!.toLowerCase() : undefined;
      checkLeadWrite(actor, { owners: [existing.ownerId], nextOwner: newOwner });
      const owner = newOwner ? await validOwner(tx, organizationId, newOwner) : undefined;
      const source = changes.source ?? existing.source;
      const link = changes.contactProfileLink ?? existing.contactProfileLink;
      if (requiresProfileLink(source) && !link) {
        throw badRequest(PROFILE_LINK_REQUIRED, { contactProfileLink: PROFILE_LINK_REQUIRED });
      }
      if (changed.length === 0 && customChanged.length === 0) {
        const staged = await changeStageIn(tx, actor, existing, changes);
        return { row: staged ?? existing, changed: staged !== null };
      }
      const written = Object.fromEntries(changed.map((key) => [key, changes[key]]));
      const updated = (await updateLeadRow(tx, organizationId, id, {
        ...written,
        ...(newOwner ? { ownerId: newOwner } : {}),
        ...(patch && customChanged.length > 0 ? { custom: patch } : {}),
      }))!;
      await noteStatusChange(tx, actor, existing, updated);
      if (owner) {
        const lead = { ...existing, previousOwnerId: existing.ownerId };
        await logOwnerChanges(tx, organizationId, actor.id, [lead], owner);
      }
      if (changed.some((key) => key !== 'ownerId') || customChanged.length > 0) {
        const customLines = describeCustomChanges(
          fields,
          existing.custom,
          updated.custom,
          customChanged,
        );
        await logActivity(tx, {
          organizationId,
          userId: actor.id,
          type: 'Lead',
          entityId: updated.id,
          action: 'updated',
          details: `${describeLead(updated)} updated${customLines.length ? `: ${customLines.join('; ')}` : ''}`,
        });
      }
      const events: LeadEvent[] = [{ type: 'lead.updated', row: updated }];
      if (updated.status !== existing.status) {
        const row = { ...updated, previousStatus: existing.status };
        events.push({ type: 'lead.status_changed', row });
      }
      if (owner) {
        const row = { ...updated, previousOwnerId: existing.ownerId };
        events.push({ type: 'lead.owner_changed', row });
      }
      await recordLeadEventList(tx, actor.id, events);
      return { row: (await changeStageIn(tx, actor, updated, changes)) ?? updated, changed: true };
    }),
  );
  if (result.changed) leadsChanged(db, organizationId);
  return presentLead(db, result.row);
};

/**
 * A lead's status changed (PUT /api/leads/:id/status, the board's status columns). With
 * `leaveStage` a deal in a stage first leaves it (a card moved back to a status column): both
 * in one transaction, so neither happens without the other.
 */
export const changeLeadStatus = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  status: LeadStatus,
  { leaveStage = false }: { leaveStage?: boolean } = {},
): Promise<Lead> => {
  const organizationId = organizationOf(actor);
  const row = await db.transaction(async (tx) => {
    const found = await loadLead(tx, organizationId, id);
    checkLeadWrite(actor, { owners: [found.ownerId] });
    const left =
      leaveStage && found.stageId ? await changeStageIn(tx, actor, found, { stageId: null }) : null;
    const existing = left ?? found;
    if (existing.status === status) return existing;
    const updated = (await updateLeadRow(tx, organizationId, id, { status }))!;
    await noteStatusChange(tx, actor, existing, updated);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Lead',
      entityId: existing.id,
      action: 'status changed',
      details: `Status of ${leadName(existing)} changed from ${existing.status || 'none'} to ${status}`,
    });
    const previous = { ...updated, previousStatus: existing.status };
    await recordLeadEvents(tx, 'lead.status_changed', actor.id, [previous]);
    return updated;
  });
  leadsChanged(db, organizationId);
  return presentLead(db, row);
};

export const deleteLead = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    checkLeadWrite(actor, { owners: [(await loadLead(tx, organizationId, id)).ownerId] });
    const deleted = await deleteLeadRow(tx, organizationId, id);
    if (!deleted) throw notFound(LEAD_NOT_FOUND);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Lead',
      entityId: deleted.id,
      action: 'deleted',
      details: `${describeLead(deleted)} deleted`,
    });
    await recordLeadEvents(tx, 'lead.deleted', actor.id, [deleted]);
  });
  leadsChanged(db, organizationId);
};

/** Deletes the caller's organisation's leads among the ids; other ids are ignored. */
export const bulkDeleteLeads = async (
  db: Db,
  actor: CurrentUser,
  leadIds: readonly string[],
): Promise<number> => {
  const organizationId = organizationOf(actor);
  if (leadIds.length === 0) throw badRequest('No lead IDs provided for bulk deletion');
  const ids = leadIdsOf(leadIds);
  const deleted = await db.transaction(async (tx) => {
    checkLeadWrite(actor, { owners: await findOwnersOf(tx, organizationId, ids) });
    const deletedRows = await deleteLeads(tx, organizationId, ids);
    const deletedCount = deletedRows.length;
    await recordLeadEvents(tx, 'lead.deleted', actor.id, deletedRows);
    if (deletedCount > 0) {
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Lead',
        action: 'bulk deleted',
        details: `${deletedCount} ${deletedCount === 1 ? 'lead' : 'leads'} deleted`,
      });
    }
    return deletedCount;
  });
  leadsChanged(db, organizationId);
  return deleted;
};
