import { saveImportPreset } from '../../../lib/import-preview.ts';
import type { ImportPreset, PresetChoice } from '../../../lib/import-preview.ts';

/** PUT /api/leads/import-presets: the mapping, chosen again for files with the same headers. */
export const saveLeadImportPreset = (preset: PresetChoice): Promise<ImportPreset> =>
  saveImportPreset('/api/leads/import-presets', preset);
