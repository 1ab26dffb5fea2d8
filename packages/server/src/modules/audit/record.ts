/**
 * The audit log's door for other modules: record a security event in the transaction of the
 * change it records (`tx`), so an entry exists exactly when its change does. Entries are never
 * events: nothing here reaches webhooks or Automation.
 */
import type { AuditDetails, AuditKind } from '@leadline/shared/audit';
import type { Db } from '../../db/connection.ts';
import { auditEntries } from '../../db/tables.ts';
import type { AuditWho } from './who.ts';

export { auditWho, callerWho, whoIn, whereOf } from './who.ts';
export type { AuditWho, AuditWhere } from './who.ts';

export const recordAudit = async (
  tx: Db,
  who: AuditWho,
  kind: AuditKind,
  details: AuditDetails = {},
): Promise<void> => {
  await tx.insert(auditEntries).values({
    organizationId: who.organizationId,
    actorId: who.actorId,
    actorLabel: who.actorLabel,
    kind,
    ip: who.ip,
    device: who.device,
    details,
  });
};
