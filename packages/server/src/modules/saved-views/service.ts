import {
  SAVED_VIEW_ENTITIES,
  SAVED_VIEW_PAGES,
  SAVED_VIEWS_PER_USER,
  TOO_MANY_VIEWS,
  leadViewParams,
  VIEW_NAME_TAKEN,
  VIEW_NOT_FOUND,
  VIEW_NOT_YOURS,
} from '@leadline/shared/saved-views';
import type { SavedView, SavedViewEntity } from '@leadline/shared/saved-views';
import type { savedViewSchema, savedViewUpdateSchema } from '@leadline/shared/saved-views';
import { clientListQuerySchema } from '@leadline/shared/clients';
import { leadListQuerySchema } from '@leadline/shared/leads';
import { hasPermission, isAdministrator } from '@leadline/shared/permissions';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { HttpError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { countClientList } from '../clients/service.ts';
import { countLeadList, organizationOf } from '../leads/service.ts';
import {
  countOwnViews,
  deleteView,
  findView,
  findVisibleViews,
  insertView,
  updateView,
} from './repo.ts';
import type { SavedViewRow } from './repo.ts';

const mayOpen = (actor: CurrentUser, entity: SavedViewEntity): boolean =>
  hasPermission(actor, SAVED_VIEW_PAGES[entity].permission);

/** The records a view shows now, as its page would count them for the caller. */
const countOf = async (
  db: Db,
  actor: CurrentUser,
  row: SavedViewRow,
): Promise<{ count: number | null; countCapped: boolean }> => {
  const params = Object.fromEntries(new URLSearchParams(row.query));
  if (row.entity === 'lead') {
    const own = leadViewParams(params, actor.role);
    const query = leadListQuerySchema.safeParse({ ...own, page: 1, limit: 10 });
    if (!query.success) return { count: null, countCapped: false };
    const { total, totalCapped } = await countLeadList(db, actor, query.data);
    return { count: total, countCapped: totalCapped };
  }
  const query = clientListQuerySchema.safeParse({ ...params, page: 1, limit: 10 });
  if (!query.success) return { count: null, countCapped: false };
  return { count: await countClientList(db, actor, query.data), countCapped: false };
};

const present = async (db: Db, actor: CurrentUser, row: SavedViewRow): Promise<SavedView> => ({
  _id: row.id,
  entity: row.entity,
  name: row.name,
  query: row.query,
  columns: row.columns ?? null,
  shared: row.shared,
  mine: row.userId === actor.id,
  ownerName: row.ownerName,
  ...(await countOf(db, actor, row)),
  createdAt: row.createdAt.toISOString(),
});

const nameTakenAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, VIEW_NAME_TAKEN, { name: VIEW_NAME_TAKEN });
    throw error;
  }
};

/** GET /api/saved-views: the caller's views and the shared ones, of the lists they may open, counted. */
export const listSavedViews = async (
  db: Db,
  actor: CurrentUser,
  entity?: SavedViewEntity,
): Promise<{ views: SavedView[] }> => {
  const entities = SAVED_VIEW_ENTITIES.filter(
    (kind) => (!entity || kind === entity) && mayOpen(actor, kind),
  );
  if (entities.length === 0) return { views: [] };
  const rows = await findVisibleViews(db, organizationOf(actor), actor.id, entities);
  return { views: await Promise.all(rows.map((row) => present(db, actor, row))) };
};

const loadView = async (db: Db, actor: CurrentUser, id: string): Promise<SavedViewRow> => {
  const row = await findView(db, organizationOf(actor), id.toLowerCase());
  if (!row || (row.userId !== actor.id && !row.shared) || !mayOpen(actor, row.entity))
    throw notFound(VIEW_NOT_FOUND);
  return row;
};

export const getSavedView = async (db: Db, actor: CurrentUser, id: string): Promise<SavedView> =>
  present(db, actor, await loadView(db, actor, id));

export const createSavedView = async (
  db: Db,
  actor: CurrentUser,
  body: z.output<typeof savedViewSchema>,
): Promise<SavedView> => {
  if (!mayOpen(actor, body.entity)) throw forbidden('You cannot open this list');
  if ((await countOwnViews(db, actor.id)) >= SAVED_VIEWS_PER_USER)
    throw new HttpError(409, TOO_MANY_VIEWS);
  const id = await nameTakenAsConflict(() =>
    insertView(db, { ...body, organizationId: organizationOf(actor), userId: actor.id }),
  );
  return getSavedView(db, actor, id);
};

/** Only its owner changes a view; an Admin may also rename, unshare or delete a shared one. */
const checkChange = (actor: CurrentUser, row: SavedViewRow): void => {
  if (row.userId !== actor.id && !(row.shared && isAdministrator(actor)))
    throw forbidden(VIEW_NOT_YOURS);
};

export const updateSavedView = async (
  db: Db,
  actor: CurrentUser,
  id: string,
  changes: z.output<typeof savedViewUpdateSchema>,
): Promise<SavedView> => {
  const row = await loadView(db, actor, id);
  checkChange(actor, row);
  await nameTakenAsConflict(() => updateView(db, row.id, changes));
  return getSavedView(db, actor, row.id);
};

export const deleteSavedView = async (db: Db, actor: CurrentUser, id: string): Promise<void> => {
  const row = await loadView(db, actor, id);
  checkChange(actor, row);
  await deleteView(db, row.id);
};
