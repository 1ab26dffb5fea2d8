import type { ColumnMapping } from '@leadline/shared/import-rows';
import { apiFetch } from '../../../lib/api-client.ts';
import type { ImportAccepted } from '../../../lib/import-job.ts';
import { uploadBody } from '../../../lib/import-preview.ts';

/**
 * POST /api/leads/upload: 400 at once for a file that cannot be imported, else 202 { importId }.
 * With `mapping` (from the mapping step) the columns fill the fields chosen there; with
 * `roundRobin` the new leads go to those users in turn.
 */
export const uploadLeads = async (
  file: File,
  mapping?: ColumnMapping,
  roundRobin: readonly string[] = [],
): Promise<ImportAccepted> => {
  const body = uploadBody(file, mapping);
  if (roundRobin.length > 0) body.append('roundRobin', JSON.stringify(roundRobin));
  const response = await apiFetch('/api/leads/upload', { method: 'POST', body });
  return (await response.json()) as ImportAccepted;
};
