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

export const listClients = async (
  db: Db,
  actor: CurrentUser,
  query: ClientListParams,
): Promise<ClientListResponse> => {
  const organizationId = organizationOf(actor);
  const { rows, total } = await findClients(
    db,
    organizationId,
    { search: query.search, category: query.category },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    clients: rows.map(toClient),
    total,
    page: query.page,
    limit: query.limit,
    categories: await clientCategories(db, organizationId),
  };
};

export const getClient = async (db: Db, actor: CurrentUser, id: string): Promise<Client> =>
  toClient(await loadClient(db, organizationOf(actor), id));

/** Inserts a client and its activity entry (inside the caller's transaction). */
export const addClientRow = async (
  db: Db,
  actor: CurrentUser,
  organizationId: string,
  data: ClientData,
): Promise<ClientRow> => {
  const created = await insertClient(db, { ...data, organizationId, createdBy: actor.id });
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
  return toClient(row);
};

/** PUT /api/clients/:id: the fields sent change (the PIC follows the contact). */
export const updateClient = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: ClientUpdateData,
): Promise<Client> => {
  const organizationId = organizationOf(actor);
  const row = await duplicateAsConflict(() =>
    db.transaction(async (tx) => {
      await loadClient(tx, organizationId, id);
      const updated = (await updateClientRow(tx, organizationId, id, changes))!;
      await logActivity(tx, {
        organizationId,
        userId: actor.id,
        type: 'Client',
        entityId: updated.id,
        action: 'updated',
        details: `${describeClient(updated)} updated`,
      });
      return updated;
    }),
  );
  return toClient(row);
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
