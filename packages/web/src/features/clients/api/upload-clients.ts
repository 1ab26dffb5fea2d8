import type { ColumnMapping } from '@leadline/shared/import-rows';
import { apiFetch } from '../../../lib/api-client.ts';
import type { ImportAccepted } from '../../../lib/import-job.ts';
import { uploadBody } from '../../../lib/import-preview.ts';

/**
 * POST /api/clients/upload: 400 at once for a file that cannot be imported, else 202 { importId }.
 * With `mapping` (from the mapping step) the columns fill the fields chosen there.
 */
export const uploadClients = async (
  file: File,
  mapping?: ColumnMapping,
): Promise<ImportAccepted> => {
  const response = await apiFetch('/api/clients/upload', {
    method: 'POST',
    body: uploadBody(file, mapping),
  });
  return (await response.json()) as ImportAccepted;
};
