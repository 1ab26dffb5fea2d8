// The mapping step's choices besides the fields: how a date column is written, the Owner column
// set to round-robin, and the columns left out. Pure, so that the step and its tests share them.
import { dateColumnOrder } from '@leadline/shared/import-readers';
import type { DateOrder } from '@leadline/shared/import-readers';
import type { ColumnMapping } from '@leadline/shared/import-rows';
import { customMappingName } from '@leadline/shared/import-custom';
import type { ImportCustomField, ImportPreview } from '@leadline/shared/imports';

export type { DateOrder };

/** What the mapping step sends with the file besides the mapping. */
export type UploadExtras = {
  /** How the date column's numeric dates are written (day or month first). */
  dateOrder?: DateOrder;
  /** The Owner mapped to round-robin: the new leads go to every active user in turn. */
  roundRobin?: boolean;
};

/** The select value of a column whose Owner goes round-robin (never a field's name). */
export const ROUND_ROBIN_CHOICE = '@roundRobin';

export const DATE_ORDER_LABELS: Record<DateOrder, string> = {
  dmy: 'Day first (15/01/2027)',
  mdy: 'Month first (01/15/2027)',
};

/**
 * The date column whose dates' order is asked: the one mapped to the Expected Close Date, else
 * the first mapped to a custom date field (the order chosen applies to every date column).
 */
export const dateColumnOf = (
  mapping: ColumnMapping,
  customFields: readonly ImportCustomField[] = [],
): number | undefined => {
  const dates = new Set([
    'expectedCloseDate',
    ...customFields
      .filter((field) => field.type === 'date')
      .map((field) => customMappingName(field.key)),
  ]);
  const builtIn = mapping.indexOf('expectedCloseDate');
  if (builtIn !== -1) return builtIn;
  const index = mapping.findIndex((field) => field !== null && dates.has(field));
  return index === -1 ? undefined : index;
};

/** The dropdown's choices of custom fields: `custom.<key>`, labelled by the field's label. */
export const customFieldChoices = (
  customFields: readonly ImportCustomField[],
): { value: string; label: string }[] =>
  customFields.map((field) => ({ value: customMappingName(field.key), label: field.label }));

/**
 * What a column's values say of the order of its dates: the server's reading of the file's
 * first rows when it gave one, else the preview rows' own.
 */
export const detectedDateOrder = (
  preview: Pick<ImportPreview, 'rows' | 'dateOrders'>,
  column: number,
): DateOrder | 'ambiguous' | undefined => {
  const told = preview.dateOrders?.[column];
  if (told !== undefined) return told ?? undefined;
  return dateColumnOrder(preview.rows.map((row) => row.cells[column] ?? ''));
};

/** The column the Owner comes from, or would (the header named the Owner). */
export const ownerColumnOf = (
  preview: Pick<ImportPreview, 'automatic'>,
  mapping: ColumnMapping,
): number | undefined => {
  const chosen = mapping.indexOf('owner');
  if (chosen !== -1) return chosen;
  const named = preview.automatic.indexOf('owner');
  return named === -1 ? undefined : named;
};

/** The headers of the columns holding values in the preview rows that no field takes. */
export const leftOutColumns = (
  preview: Pick<ImportPreview, 'headers' | 'rows'>,
  mapping: ColumnMapping,
  roundRobinColumn: number | null,
): string[] =>
  preview.headers.flatMap((header, index) =>
    mapping[index] ||
    index === roundRobinColumn ||
    !preview.rows.some((row) => (row.cells[index] ?? '').trim() !== '')
      ? []
      : [header || `Column ${index + 1}`],
  );
