import { apiFetch } from '../../../lib/api-client.ts';
import type { ImportAccepted } from '../../../lib/import-job.ts';

/** POST /api/clients/upload: 400 at once for a file that cannot be imported, else 202 { importId }. */
export const uploadClients = async (file: File): Promise<ImportAccepted> => {
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch('/api/clients/upload', { method: 'POST', body });
  return (await response.json()) as ImportAccepted;
};
