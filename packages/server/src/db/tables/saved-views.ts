// Saved views of the leads and clients lists; re-exported by ../tables.ts.
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SavedViewEntity } from '@leadline/shared/saved-views';
import { createdAt, id, organizationId, updatedAt, users } from '../schema.ts';

/** A list's filters, sort, page size (`query`, as in its URL) and columns, kept by name. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entity: text('entity').$type<SavedViewEntity>().notNull(),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    columns: jsonb('columns').$type<string[] | null>(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_views_user_name_key').on(t.userId, t.entity, t.name),
    index('saved_views_org_idx').on(t.organizationId, t.entity),
  ],
);
