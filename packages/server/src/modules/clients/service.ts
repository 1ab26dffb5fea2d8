import type {
  Client,
  ClientData,
  ClientListParams,
  ClientListResponse,
  ClientUpdateData,
} from '@leadline/shared/clients';
import type { Db } from '../../db/connection.ts';
import { HttpError, notFound, isUniqueViolation } from '../../lib/errors.ts';
import { logActivity } from '../activity/log.ts';
import { chooseOrganization, organizationIn } from '../../caller/current-user.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { describeClient, toClient } from './present.ts';
import {
  clientCategories,
  deleteClient as deleteClientRow,
  findClient,
  findClients,
  insertClient,
  updateClient as updateClientRow,
} from './repo.ts';
import type { ClientRow } from './repo.ts';
import {
  activeFields,
  applyPatch,
  changedKeys,
  checkCustomInput,
  customConditionsOf,
  customPresenter,
  customSortKey,
  describeCustomChanges,
} from '../custom-fields/values.ts';
import type { CustomFieldRow } from '../custom-fields/values.ts';

/** Clients as the API shows them, with the values of the organisation's fields not deleted. */
export const presentClients = async (db: Db, rows: readonly ClientRow[]): Promise<Client[]> => {
  const customOf = await customPresenter(db, 'client', rows);
  return rows.map((row) => toClient(row, customOf(row)));
};
export const presentClient = async (db: Db, row: ClientRow): Promise<Client> =>
  (await presentClients(db, [row]))[0]!;

export const NO_ORGANIZATION = chooseOrganization('manage clients');
export const INVALID_CLIENT_ID = 'Invalid client ID';
export const CLIENT_NOT_FOUND = 'Client not found';
export const DUPLICATE_CLIENT = 'A client with this email already exists';

/** Clients belong to an organisation: the caller's, or the one a Super Admin works in. */
export const organizationOf = (actor: CurrentUser): string =>
  organizationIn(actor, NO_ORGANIZATION);

export const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, DUPLICATE_CLIENT, { email: DUPLICATE_CLIENT });
    throw error;
  }
};

/** `id` is a UUID: the routes check it (a path id) before the services run. */
export const loadClient = async (
  db: Db,
  organizationId: string,
  id: string,
): Promise<ClientRow> => {
  const row = await findClient(db, organizationId, id);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
};

/** The list's filters as the clients repo reads them. */
const clientFilterOf = (fields: readonly CustomFieldRow[], query: ClientListParams) => ({
  search: query.search,
  category: query.category,
  custom: customConditionsOf(fields, query),
});

export const listClients = async (
  db: Db,
  actor: CurrentUser,
  query: ClientListParams,
): Promise<ClientListResponse> => {
  const organizationId = organizationOf(actor);
  const fields = await activeFields(db, organizationId, 'client');
  const { rows, total } = await findClients(
    db,
    organizationId,
    clientFilterOf(fields, query),
    { limit: query.limit, offset: (query.page - 1) * query.limit },
    query.sort
      ? { customKey: customSortKey(fields, query.sort)!, descending: query.sort.startsWith('-') }
      : undefined,
  );
  return {
    clients: await presentClients(db, rows),
    total,
    page: query.page,
    limit: query.limit,
    categories: await clientCategories(db, organizationId),
  };
};

/** How many clients the list's filters match, without reading them (a saved view's count). */
export const countClientList = async (
  db: Db,
  actor: CurrentUser,
  query: ClientListParams,
): Promise<number> => {
  const organizationId = organizationOf(actor);
  const fields = await activeFields(db, organizationId, 'client');
  const { total } = await findClients(db, organizationId, clientFilterOf(fields, query), {
    limit: 1,
    offset: 0,
  });
  return total;
};

export const getClient = async (db: Db, actor: CurrentUser, id: string): Promise<Client> =>
  presentClient(db, await loadClient(db, organizationOf(actor), id));

/** Inserts a client and its activity entry (inside the caller's transaction). */
export const addClientRow = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  data: ClientData,
): Promise<ClientRow> => {
  const patch = data.custom
    ? checkCustomInput(await activeFields(db, organizationId, 'client'), data.custom)
    : undefined;
  const created = await insertClient(db, {
    ...data,
    custom: patch ? applyPatch({}, patch) : {},
    organizationId,
    createdBy: actor.id,
  });
  await logActivity(db, {
    organizationId,
    userId: actor.id,
    type: 'Client',
    entityId: created.id,
    action: 'created',
    details: `${describeClient(created)} created`,
  });
  return created;
};

export const createClient = async (
  db: Db,
  actor: CurrentUser,
  data: ClientData,
): Promise<Client> => {
  const organizationId = organizationOf(actor);
  const row = await duplicateAsConflict(() =>
    db.transaction((tx) => addClientRow(tx, actor, organizationId, data)),
  );
  return presentClient(db, row);
};

/** PUT /api/clients/:id: the fields sent change (the PIC follows the contact). */
export const updateClient = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: ClientUpdateData,
): Promise<Client> => {
  const organizationId = organizationOf(actor);
  const fields = changes.custom ? await activeFields(db, organizationId, 'client') : [];
  const patch = changes.custom ? checkCustomInput(fields, changes.custom) : undefined;
  const row = await duplicateAsConflict(() =>
    db.transaction(async (tx) => {
      const existing = await loadClient(tx, organizationId, id);
      const customChanged = patch ? changedKeys(existing.custom, patch) : [];
      const { custom: _custom, ...plain } = changes;
      const updated = (await updateClientRow(tx, organizationId, id, {
        ...plain,
        ...(patch && customChanged.length > 0 ? { custom: patch } : {}),
      }))!;
      const customLines = describeCustomChanges(
        fields,
        existing.custom,
        updated.custom,
        customChanged,
      );
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Client',
        entityId: updated.id,
        action: 'updated',
        details: `${describeClient(updated)} updated${customLines.length ? `: ${customLines.join('; ')}` : ''}`,
      });
      return updated;
    }),
  );
  return presentClient(db, row);
};

export const deleteClient = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const organizationId = organizationOf(actor);
  await db.transaction(async (tx) => {
    const deleted = await deleteClientRow(tx, organizationId, id);
    if (!deleted) throw notFound(CLIENT_NOT_FOUND);
    await logActivity(tx, {
      organizationId,
      userId: actor.id,
      type: 'Client',
      entityId: deleted.id,
      action: 'deleted',
      details: `${describeClient(deleted)} deleted`,
    });
  });
};
