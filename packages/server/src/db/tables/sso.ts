// Tables of single sign-on with OpenID Connect; re-exported by ../tables.ts.
import type { MEMBER_ROLES } from '@leadline/shared/roles';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizations, users } from '../schema.ts';

/**
 * An organisation's OpenID Connect provider (one at most): its issuer, the client Leadline is
 * registered as (the secret sealed with SECRET_KEY), the role a new user gets, and whether
 * passwords are off for its members.
 */
export const ssoConfigs = pgTable('sso_configs', {
  id: id(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretEncrypted: text('client_secret_encrypted').notNull(),
  defaultRole: text('default_role').$type<(typeof MEMBER_ROLES)[number]>().notNull(),
  ssoOnly: boolean('sso_only').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The email domains a configuration covers: a domain belongs to one organisation at most. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    configId: uuid('config_id')
      .notNull()
      .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_config_idx').on(t.configId)],
);

/**
 * A sign-in sent to the provider: the SHA-256 of its state (with the browser's cookie), its
 * nonce and PKCE verifier (sealed), bound to the configuration; single use, 10 minutes.
 */
export const ssoStates = pgTable('sso_states', {
  stateHash: text('state_hash').primaryKey(),
  configId: uuid('config_id')
    .notNull()
    .references(() => ssoConfigs.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  verifierEncrypted: text('verifier_encrypted').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A finished single sign-on waiting for the web page to take its session: hashed, 60 s, once. */
export const ssoTickets = pgTable('sso_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
