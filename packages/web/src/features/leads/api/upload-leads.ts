import { apiFetch } from '../../../lib/api-client.ts';
import type { ImportAccepted } from '../../../lib/import-job.ts';

/** POST /api/leads/upload: 400 at once for a file that cannot be imported, else 202 { importId }. */
export const uploadLeads = async (file: File): Promise<ImportAccepted> => {
  const body = new FormData();
  body.append('file', file);
  const response = await apiFetch('/api/leads/upload', { method: 'POST', body });
  return (await response.json()) as ImportAccepted;
};
