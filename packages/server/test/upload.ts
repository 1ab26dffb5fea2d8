import * as XLSX from '@e965/xlsx';
import { expect } from 'vitest';
import type { TestContext } from './context.ts';

/**
 * A multipart/form-data body holding text `fields` (in order), then one file in `field`.
 */
export const multipart = (
  filename: string,
  content: Buffer | string,
  field = 'file',
  fields: Record<string, string> = {},
) => {
  const boundary = `----leadline${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(texts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export const xlsxFile = (rows: unknown[][], bookType: 'xlsx' | 'xls' = 'xlsx'): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
};

export type ImportResult = {
  status: string;
  total: number;
  processed: number;
  inserted: number;
  duplicates: number;
  errorCount: number;
  errors: { row: number; message: string }[];
  warningCount?: number;
  warnings?: { row: number; message: string }[];
  message?: string;
};

/** Uploads and waits for the background job to finish. */
export const uploadAndWait = async (
  t: TestContext,
  token: string,
  url: string,
  filename: string,
  content: Buffer | string,
  timeoutMs?: number,
): Promise<ImportResult> => {
  const response = await t.request({ method: 'POST', url, token, ...multipart(filename, content) });
  expect(response.statusCode, response.body).toBe(202);
  return waitForImport(t, token, response.json().importId as string, timeoutMs);
};

/** A multipart/form-data body holding text fields and then one file in the field `file`. */
export const multipartWithFields = (
  filename: string,
  content: Buffer | string,
  fields: Record<string, string>,
) => multipart(filename, content, 'file', fields);

/** Waits for an import to finish and answers its status. */
export const waitForImport = async (
  t: TestContext,
  token: string,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportResult> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await t.request({ method: 'GET', url: `/api/imports/${importId}`, token });
    expect(status.statusCode).toBe(200);
    const body = status.json() as ImportResult;
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('import did not finish');
};
