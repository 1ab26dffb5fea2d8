import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import type { UserStatus } from '@leadline/shared/auth';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('active'),
    department: text('department').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_org_idx').on(t.organizationId),
    index('users_status_idx').on(t.status),
  ],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    userId: uuid('user_id'),
    type: text('type').notNull(),
    action: text('action').notNull(),
    details: text('details').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('activity_org_time_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc())],
);
