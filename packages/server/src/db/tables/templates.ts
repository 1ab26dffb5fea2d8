// Tables of this feature; re-exported by ../tables.ts so drizzle-kit and the typed client see them.
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, updatedAt, users } from '../schema.ts';

/** A saved email: personal to its owner, or shared with the whole organisation. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('email_templates_org_name_idx').on(t.organizationId, t.name)],
);
