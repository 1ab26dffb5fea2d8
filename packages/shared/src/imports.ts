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
};
