// Tables of two-step sign-in; re-exported by ../tables.ts.
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, users } from '../schema.ts';

/**
 * A user's authenticator secret (encrypted with SECRET_KEY), the one being set up, the last
 * time step whose code was accepted (a code is not taken twice) and the SHA-256 of their unused
 * recovery codes. `users.two_factor_enabled` says whether it is on.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted'),
  pendingEncrypted: text('pending_encrypted'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
});

/**
 * A sign-in waiting for its code: only the SHA-256 of the challenge is kept; short-lived,
 * single use, bound to its user.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
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
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
