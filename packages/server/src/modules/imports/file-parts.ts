import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import { importFileParts } from '../../db/schema.ts';

/**
 * Half a megabyte a statement. On PGlite one statement of a whole 18 MB file took 70 s as a
 * bytea parameter (8 s as base64 text) and grew its memory by over half a gigabyte, while every
 * other request waited; a part takes a fraction of a second and others take turns between parts.
 */
const PART_BYTES = 512 * 1024;

/**
 * Stores the file in parts, sent and read back as base64 text (which PGlite converts in C; a
 * binary parameter it converts a byte at a time in JavaScript).
 */
export const storeImportFile = async (db: Db, importId: string, file: Buffer): Promise<void> => {
  for (let part = 0; part * PART_BYTES < file.length; part += 1) {
    const slice = file.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
    await db.execute(
      sql`INSERT INTO ${importFileParts} (import_id, part, data)
          VALUES (${importId}, ${part}, decode(${slice.toString('base64')}, 'base64'))`,
    );
  }
};

/** The stored parts put together; null when the import has none. */
export const loadImportFileParts = async (db: Db, importId: string): Promise<Buffer | null> => {
  const parts = await db
    .select({ part: importFileParts.part })
    .from(importFileParts)
    .where(eq(importFileParts.importId, importId))
    .orderBy(asc(importFileParts.part));
  if (parts.length === 0) return null;
  const buffers: Buffer[] = [];
  for (const { part } of parts) {
    const result = await db.execute(
      sql`SELECT encode(data, 'base64') AS data FROM ${importFileParts}
          WHERE ${and(eq(importFileParts.importId, importId), eq(importFileParts.part, part))}`,
    );
    const [row] = rowsOf<{ data: string }>(result);
    buffers.push(Buffer.from(row!.data, 'base64'));
  }
  return Buffer.concat(buffers);
};

export const deleteImportFileParts = async (db: Db, importId: string): Promise<void> => {
  await db.delete(importFileParts).where(eq(importFileParts.importId, importId));
};
