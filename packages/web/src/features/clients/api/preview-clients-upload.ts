import { previewUpload } from '../../../lib/import-preview.ts';
import type { ImportPreview } from '../../../lib/import-preview.ts';

/** POST /api/clients/upload/preview: the file's columns, their fields and its first rows. */
export const previewClientsUpload = (file: File): Promise<ImportPreview> =>
  previewUpload('/api/clients/upload/preview', file);
