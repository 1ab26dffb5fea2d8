// The audit log's table; re-exported by ../tables.ts.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditDetails, AuditKind } from '@leadline/shared/audit';
import { id, organizations } from '../schema.ts';

/**
 * Security events (who, when, from where). Written only through `modules/audit/record.ts`, in
 * the transaction of the change recorded. A trigger (migration 0040) refuses every UPDATE, and
 * every DELETE outside the retention job. No foreign key on the actor: a deleted user's
 * entries stay, named by the email they had (`actor_label`).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    /** None for an event of no organisation (a Super Admin's, a sign-in with an unknown email). */
    organizationId: uuid('organization_id').references(() => organizations.id),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    kind: text('kind').$type<AuditKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    device: text('device'),
    details: jsonb('details')
      .$type<AuditDetails>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_org_at_idx').on(t.organizationId, t.at.desc(), t.id.desc()),
    index('audit_org_kind_at_idx').on(t.organizationId, t.kind, t.at.desc(), t.id.desc()),
    index('audit_org_actor_at_idx').on(t.organizationId, t.actorId, t.at.desc(), t.id.desc()),
    index('audit_at_idx').on(t.at.desc(), t.id.desc()),
  ],
);
