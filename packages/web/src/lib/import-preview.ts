import type { ColumnMapping } from '@leadline/shared/import-rows';
import type { ImportPreset, ImportPreview, ImportStatus } from '@leadline/shared/imports';
import { apiFetch, apiRequest } from './api-client.ts';
import { downloadFile } from './download.ts';
import type { DateOrder, UploadExtras } from './import-mapping.ts';

export type { ColumnMapping, ImportPreset, ImportPreview };

/**
 * Sends a file (and its chosen mapping, if any) as the multipart body of an upload, with the
 * mapping step's other choices: the date order, the Owner set to round-robin (`roundRobin=all`).
 */
export const uploadBody = (
  file: File,
  mapping?: ColumnMapping,
  extras?: UploadExtras,
): FormData => {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (extras?.dateOrder) body.append('dateOrder', extras.dateOrder);
  if (extras?.roundRobin) body.append('roundRobin', 'all');
  body.append('file', file);
  return body;
};

/** POST …/upload/preview: the file's columns, the mapping to start from and its first rows. */
export const previewUpload = async (path: string, file: File): Promise<ImportPreview> => {
  const response = await apiFetch(path, { method: 'POST', body: uploadBody(file) });
  return (await response.json()) as ImportPreview;
};

/** A preset as saved: the mapping, and the date order and round-robin Owner chosen with it. */
export type PresetChoice = {
  name: string;
  headers: string[];
  mapping: ColumnMapping;
  dateOrder?: DateOrder | null;
  roundRobin?: boolean;
};

/** PUT …/import-presets: saves the mapping for files with the same header row. */
export const saveImportPreset = (path: string, preset: PresetChoice): Promise<ImportPreset> =>
  apiRequest<ImportPreset>(path, { method: 'PUT', body: preset });

/** GET /api/imports/:id/failed-rows, saved as a CSV named after the uploaded file. */
export const downloadFailedRows = (status: ImportStatus): Promise<void> =>
  downloadFile(
    `/api/imports/${encodeURIComponent(status.importId)}/failed-rows`,
    `${status.filename.replace(/\.[^.]*$/, '') || 'import'}-failed-rows.csv`,
  );

export type SummaryTone = 'success' | 'warning' | 'error';

const plural = (value: number, singular: string, many = `${singular}s`) =>
  `${value.toLocaleString('en')} ${value === 1 ? singular : many}`;

/**
 * What an import did, in one line and the colour it deserves: "8 rows: 2 added,
 * 6 with errors" is a warning; nothing added while rows failed is an error.
 */
export const importSummary = (status: ImportStatus): { text: string; tone: SummaryTone } => {
  const rows = status.processed;
  const errors = Math.max(status.errorCount, status.errors.length);
  const warnings = status.warningCount ?? 0;
  const parts = [`${status.inserted.toLocaleString('en')} added`];
  if (status.duplicates > 0) parts.push(`${plural(status.duplicates, 'duplicate')} skipped`);
  if (errors > 0) parts.push(`${errors.toLocaleString('en')} with errors`);
  if (warnings > 0) parts.push(plural(warnings, 'warning'));
  const text = `${plural(rows, 'row')}: ${parts.join(', ')}`;
  const tone: SummaryTone =
    status.inserted === 0 && errors > 0
      ? 'error'
      : errors > 0 || warnings > 0 || status.inserted === 0
        ? 'warning'
        : 'success';
  return { text, tone };
};
