import { z } from 'zod';
import { answerSchema, isoDateTime, text } from './answers.ts';
import type { PermissionKey } from './permissions.ts';

/* Saved views: a list's filters, sort, page size and columns kept by name, private or shared
   with the organisation, listed in the navigation with a live count. */

export const SAVED_VIEW_ENTITIES = ['lead', 'client'] as const;
export type SavedViewEntity = (typeof SAVED_VIEW_ENTITIES)[number];

/** The page each kind of view opens, and the permission it needs. */
export const SAVED_VIEW_PAGES: Record<
  SavedViewEntity,
  { path: string; permission: PermissionKey }
> = {
  lead: { path: '/leads-table', permission: 'leadsTable' },
  client: { path: '/all-clients', permission: 'allClients' },
};

export const SAVED_VIEW_NAME_MAX = 60;
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Views one user may keep (their own; shared ones of others are not counted). */
export const SAVED_VIEWS_PER_USER = 50;

export const VIEW_NAME_REQUIRED = 'Please give the view a name';
export const VIEW_NAME_TAKEN = 'You already have a view with this name';
export const VIEW_NOT_FOUND = 'Saved view not found';
export const VIEW_NOT_YOURS =
  'Only the person who saved a view (or an Admin, for a shared one) can change it';
export const TOO_MANY_VIEWS = `You can keep at most ${SAVED_VIEWS_PER_USER} saved views`;

/** The URL parameters a view never keeps: the page number and the record open in a drawer. */
export const TRANSIENT_VIEW_PARAMS: readonly string[] = ['page', 'lead', 'client', 'view'];

/** A list's URL query without its transient parameters, sorted so equal views compare equal. */
export const viewQueryOf = (search: string): string => {
  const params = new URLSearchParams(search);
  for (const name of TRANSIENT_VIEW_PARAMS) params.delete(name);
  params.sort();
  return params.toString();
};

const name = z
  .string({ error: VIEW_NAME_REQUIRED })
  .trim()
  .min(1, VIEW_NAME_REQUIRED)
  .max(SAVED_VIEW_NAME_MAX, `A view's name has at most ${SAVED_VIEW_NAME_MAX} characters`);
const query = z
  .string({ error: 'query must be text' })
  .max(SAVED_VIEW_QUERY_MAX, `A view's filters take at most ${SAVED_VIEW_QUERY_MAX} characters`)
  .transform(viewQueryOf);
const columns = z
  .array(z.string().max(100), { error: 'columns must be a list of column names' })
  .max(100)
  .nullable();

/** POST /api/saved-views */
export const savedViewSchema = z.object({
  entity: z.enum(SAVED_VIEW_ENTITIES, { error: 'entity must be lead or client' }),
  name,
  query: query.default(''),
  columns: columns.default(null),
  shared: z.boolean({ error: 'shared must be true or false' }).default(false),
});
export type SavedViewInput = z.input<typeof savedViewSchema>;

/** PUT /api/saved-views/:id: any of name, query, columns, shared. */
export const savedViewUpdateSchema = z
  .object({ name, query, columns, shared: z.boolean({ error: 'shared must be true or false' }) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type SavedViewUpdateInput = z.input<typeof savedViewUpdateSchema>;

export const savedViewsQuerySchema = z.object({
  entity: z.enum(SAVED_VIEW_ENTITIES, { error: 'entity must be lead or client' }).optional(),
});

export type SavedView = {
  _id: string;
  entity: SavedViewEntity;
  name: string;
  /** The list's URL query (filters, sort, page size). */
  query: string;
  /** The columns shown, in order; null: the user's own choice. */
  columns: string[] | null;
  shared: boolean;
  /** Saved by the caller. */
  mine: boolean;
  ownerName: string | null;
  /** The records the view shows now (for the caller: "My leads" means theirs); null: not countable. */
  count: number | null;
  /** The count stopped at its cap ("10,000+"). */
  countCapped: boolean;
  createdAt: string;
};

export const savedViewAnswerSchema = answerSchema<SavedView>()({
  _id: text,
  entity: z.enum(SAVED_VIEW_ENTITIES),
  name: text,
  query: text,
  columns: z.array(text).nullable(),
  shared: z.boolean(),
  mine: z.boolean(),
  ownerName: text.nullable(),
  count: z.number().nullable(),
  countCapped: z.boolean(),
  createdAt: isoDateTime,
});
export const savedViewListAnswerSchema = z.object({ views: z.array(savedViewAnswerSchema) });

/**
 * A leads view's parameters as the leads page reads them for this user: "owner=all" is every
 * owner, and no owner is "me" for a Sales Rep (who starts on My leads), everyone for the rest.
 */
export const leadViewParams = (
  params: Record<string, string>,
  role: string,
): Record<string, string> => {
  const { owner, ...rest } = params;
  if (owner === 'all') return rest;
  if (!owner && role === 'Sales Rep') return { ...rest, owner: 'me' };
  return owner ? { ...rest, owner } : rest;
};

/** Where a view opens: its page with its query and its id (so the page applies its columns). */
export const savedViewPath = (view: Pick<SavedView, '_id' | 'entity' | 'query'>): string => {
  const params = new URLSearchParams(view.query);
  params.set('view', view._id);
  return `${SAVED_VIEW_PAGES[view.entity].path}?${params.toString()}`;
};
