// What the job reads each row with: the date order of each date column, and the custom fields
// the mapping may name.
import { detectDateOrder } from '@leadline/shared/import-readers';
import type { DateOrder } from '@leadline/shared/import-readers';
import { customMappingName } from '@leadline/shared/import-custom';
import type { ImportCustomField } from '@leadline/shared/import-custom';
import type { ColumnMapping, ImportRowOptions } from '@leadline/shared/import-rows';
import type { Db } from '../../db/connection.ts';
import { importableFields } from './custom-fields.ts';
import { cellText, detectType, openSheet } from './read.ts';
import type { ImportRow } from './repo.ts';

const BUILT_IN_DATE = 'expectedCloseDate';

/**
 * The order of each date column (the Expected Close Date, custom date fields) when the mapping
 * step did not choose one: read from the column's values before the import (the first value
 * with a part over 12 tells). Only those columns' cells are looked at, and only until each has
 * told.
 */
const columnDateOrders = async (
  job: ImportRow,
  file: Buffer,
  mapping: ColumnMapping | undefined,
  customFields: readonly ImportCustomField[],
): Promise<Map<string, DateOrder>> => {
  const dateFields = new Set([
    ...(job.kind === 'leads' ? [BUILT_IN_DATE] : []),
    ...customFields
      .filter((field) => field.type === 'date')
      .map((field) => customMappingName(field.key)),
  ]);
  const orders = new Map<string, DateOrder>();
  const sheet = await openSheet(
    job.kind,
    file,
    detectType(job.filename, file),
    mapping,
    customFields,
  );
  const columns = [...sheet.columns].filter(([, field]) => dateFields.has(field));
  try {
    if (columns.length > 0)
      for await (const row of sheet.rows) {
        for (const [index, field] of columns) {
          if (orders.has(field)) continue;
          const order = detectDateOrder([cellText(row.cells[index])]);
          if (order) orders.set(field, order);
        }
        if (orders.size === columns.length) break;
      }
  } finally {
    await sheet.rows.return(undefined);
  }
  return orders;
};

/**
 * The row options of an import: the date order chosen on the mapping step applies to every
 * date column; without one, each column's own values tell (the Expected Close Date as before;
 * a custom date column that does not tell follows the file's other date columns, else day first).
 */
export const importRowOptions = async (
  db: Db,
  job: ImportRow,
  file: Buffer,
  details: { mapping?: ColumnMapping; dateOrder?: DateOrder },
): Promise<ImportRowOptions> => {
  const customFields = await importableFields(db, job.organizationId, job.kind);
  const { dateOrder } = details;
  const detected = dateOrder
    ? new Map<string, DateOrder>()
    : await columnDateOrders(job, file, details.mapping, customFields);
  const fileOrder = detected.values().next().value;
  return {
    dateOrder: dateOrder ?? detected.get(BUILT_IN_DATE),
    customFields,
    customDateOrders: Object.fromEntries(
      customFields.map((field) => [
        field.key,
        dateOrder ?? detected.get(customMappingName(field.key)) ?? fileOrder,
      ]),
    ),
  };
};
