// Tables of accounts: sessions and password-reset links; re-exported by ../tables.ts.
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, users } from '../schema.ts';

/**
 * One row per signed-in session. The signed token names its session, and a request is let in
 * only while the row exists: signing out, a password change, a reset or a deactivation ends
 * sessions at once, in every process.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The browser that signed in (its User-Agent, cut short), shown in the session list. */
    userAgent: text('user_agent'),
    /** The client address it signed in from (see TRUST_PROXY). */
    address: text('address'),
    /** Signed in through the organisation's single sign-on: its provider asked any second step. */
    viaSso: boolean('via_sso').notNull().default(false),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Password-reset links: only the SHA-256 of the token is stored; single use, short-lived. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The limits' counters (failed sign-ins, sign-ups, reset and forgot-password requests, each API
 * key's requests), shared by every process on the database and kept across restarts: one row
 * per key (`signin-account someone@example.com`, `api-key <id>`…) and time slice of its window,
 * counted up with one UPSERT. `last_at` is the latest event in the slice (the growing sign-in
 * delays count from it); `expires_at` is when the slice no longer counts, so that the old rows
 * of every limit are pruned by one DELETE whatever their windows.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_expires_idx').on(t.expiresAt),
  ],
);
