import type { AuditEntry } from '@leadline/shared/audit';
import { AUDIT_KIND_LABELS } from '@leadline/shared/audit';
import { csvLine } from '../../lib/csv.ts';
import type { AuditRow } from './repo.ts';

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  kind: row.kind,
  actor: row.actorLabel,
  actorId: row.actorId,
  organizationId: row.organizationId,
  at: row.at.toISOString(),
  ip: row.ip,
  device: row.device,
  details: row.details,
});

export const AUDIT_CSV_HEADER = csvLine([
  'When',
  'Kind',
  'What',
  'Who',
  'IP address',
  'Device',
  'Details',
  'Organisation ID',
]);

/** One entry as a line of the CSV export (formula-safe, lib/csv.ts). */
export const auditCsvLine = (row: AuditRow): string =>
  csvLine([
    row.at.toISOString(),
    row.kind,
    AUDIT_KIND_LABELS[row.kind] ?? row.kind,
    row.actorLabel,
    row.ip ?? '',
    row.device ?? '',
    JSON.stringify(row.details),
    row.organizationId ?? '',
  ]);
