import { z } from 'zod';
import { DATE_ORDERS } from './import-readers.ts';
import type { DateOrder } from './import-readers.ts';
import type { ImportCustomField } from './import-custom.ts';

export type { DateOrder, ImportCustomField };

/**
 * The upload's optional `dateOrder` field, sent with the `mapping`: how to read a date such as
 * 02/03/2027 (dmy: 2 March; mdy: February 3). Without it the import tells the order from the
 * date column's values (a part over 12), day first when none tells.
 */
export const importDateOrderSchema = z.enum(DATE_ORDERS, {
  error: 'The date order must be "dmy" (day first) or "mdy" (month first)',
});

/** A row a spreadsheet import refused, by its row number in the file (the header is row 1). */
export type ImportError = { row: number; message: string };

/** POST /api/leads/upload and /api/clients/upload. */
export type ImportAccepted = { importId: string };

/** GET /api/imports/:importId: the progress and outcome of an import. */
export type ImportStatus = {
  importId: string;
  kind: 'leads' | 'clients';
  filename: string;
  status: 'running' | 'completed' | 'failed';
  message?: string;
  total: number;
  processed: number;
  inserted: number;
  duplicates: number;
  /** How many rows were refused in all; `errors` keeps the first of them. */
  errorCount: number;
  errors: ImportError[];
  /** How many imported rows carry a warning; `warnings` keeps the first of them. */
  warningCount?: number;
  warnings?: ImportWarning[];
};

/** A row imported with a change the file did not ask for (a source set to Other, say). */
export type ImportWarning = { row: number; message: string };

/** A saved mapping, chosen again for a file whose header row is the same. */
export type ImportPreset = {
  id: string;
  name: string;
  headers: string[];
  mapping: (string | null)[];
  /** How the dates of its date column are written, when the user chose it. */
  dateOrder?: DateOrder | null;
  /** Leads: the Owner set to round-robin over the organisation's active users. */
  roundRobin?: boolean;
  updatedAt: string;
};

/** POST /api/leads/upload/preview and /api/clients/upload/preview. */
export type ImportPreview = {
  filename: string;
  headers: string[];
  /** The mapping to start from: the preset's when one matches the headers, else the automatic. */
  mapping: (string | null)[];
  /** The mapping the headers alone give. */
  automatic: (string | null)[];
  preset: ImportPreset | null;
  /** The first data rows, their cells as the import reads them. */
  rows: { row: number; cells: string[] }[];
  /** About how many data rows the file holds. */
  estimatedRows: number;
  /**
   * Per column, the order its numeric dates are written in as its first rows tell (see
   * dateColumnOrder): 'ambiguous' when they could be either, null when it holds no such date.
   */
  dateOrders?: (DateOrder | 'ambiguous' | null)[];
  /**
   * The organisation's custom fields of the entity a column may fill (shown, not deleted), in
   * form order: a column maps to one as `custom.<key>`.
   */
  customFields?: ImportCustomField[];
};
