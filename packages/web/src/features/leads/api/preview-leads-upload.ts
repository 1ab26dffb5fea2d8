import { previewUpload } from '../../../lib/import-preview.ts';
import type { ImportPreview } from '../../../lib/import-preview.ts';

/** POST /api/leads/upload/preview: the file's columns, their fields and its first rows. */
export const previewLeadsUpload = (file: File): Promise<ImportPreview> =>
  previewUpload('/api/leads/upload/preview', file);
