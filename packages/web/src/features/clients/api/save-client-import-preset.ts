import { saveImportPreset } from '../../../lib/import-preview.ts';
import type { ColumnMapping, ImportPreset } from '../../../lib/import-preview.ts';

/** PUT /api/clients/import-presets: the mapping, chosen again for files with the same headers. */
export const saveClientImportPreset = (preset: {
  name: string;
  headers: string[];
  mapping: ColumnMapping;
}): Promise<ImportPreset> => saveImportPreset('/api/clients/import-presets', preset);
