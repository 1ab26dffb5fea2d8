import { downloadFile } from '../../../lib/download.ts';
import { auditParams } from './audit-filters.ts';
import type { AuditFilters } from './audit-filters.ts';

/** GET /api/audit/export: every entry of the filters as CSV (the download is itself audited). */
export const downloadAuditCsv = (filters: AuditFilters): Promise<void> =>
  downloadFile(
    `/api/audit/export?${auditParams(filters).toString()}`,
    `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  );
