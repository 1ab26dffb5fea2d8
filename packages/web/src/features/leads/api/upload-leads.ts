import type { ColumnMapping } from '@leadline/shared/import-rows';
import { apiFetch } from '../../../lib/api-client.ts';
import type { ImportAccepted } from '../../../lib/import-job.ts';
import { uploadBody } from '../../../lib/import-preview.ts';
import type { UploadExtras } from '../../../lib/import-mapping.ts';

/**
 * POST /api/leads/upload: 400 at once for a file that cannot be imported, else 202 { importId }.
 * With `mapping` (from the mapping step) the columns fill the fields chosen there; with
 * `roundRobin` the new leads go to those users in turn.
 */
export const uploadLeads = async (
  file: File,
  mapping?: ColumnMapping,
  roundRobin: readonly string[] = [],
  extras?: UploadExtras,
): Promise<ImportAccepted> => {
  const body = uploadBody(file, mapping, extras);
  // The users chosen for round-robin, rather than all (the Owner mapped to round-robin).
  if (roundRobin.length > 0) body.set('roundRobin', JSON.stringify(roundRobin));
  const response = await apiFetch('/api/leads/upload', { method: 'POST', body });
  return (await response.json()) as ImportAccepted;
};
