// Custom fields in a spreadsheet import: a column maps to `custom.<key>`, and each cell is read
// with the field's type the way spreadsheets write it (dates in any common form, European
// amounts, yes/no words in several languages), then checked with the fields' one rule.
import { checkCustomValue } from './custom-fields.ts';
import type { CheckedValue, CustomValues, FieldRule } from './custom-fields.ts';
import { readAmount, readDate } from './import-readers.ts';
import type { DateOrder } from './import-readers.ts';

/** A field an import may fill: what the value rule needs of it. */
export type ImportCustomField = FieldRule;

export const CUSTOM_MAPPING_PREFIX = 'custom.';

/** The mapping's name of a custom field: `custom.<key>`. */
export const customMappingName = (key: string): string => `${CUSTOM_MAPPING_PREFIX}${key}`;

/** The key a mapping entry names (`custom.seats` -> `seats`), or undefined for a built-in field. */
export const customKeyOf = (field: string): string | undefined =>
  field.startsWith(CUSTOM_MAPPING_PREFIX) ? field.slice(CUSTOM_MAPPING_PREFIX.length) : undefined;

const YES = new Set(['yes', 'y', 'true', '1', 'ja', 'oui', 'si', 'sí', 'x']);
const NO = new Set(['no', 'n', 'false', '0', 'nein', 'non']);

/** A yes/no word of a spreadsheet (yes, ja, oui, sí, true, 1 / no, nein, non, false, 0). */
const yesNoOf = (text: string): boolean | undefined => {
  const word = text.toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
};

/**
 * A number as a spreadsheet writes it: an amount with either decimal mark, grouping and a
 * currency sign (as the built-in amount columns read it), with a leading minus; a plain
 * decimal with more than two places (3.14159) kept whole, not rounded like an amount.
 */
const numberFrom = (text: string): number | undefined => {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1).trim() : text;
  const plain = /^\d+\.\d+$/.test(body) && !/^\d{1,3}\.\d{3}$/.test(body);
  const amount = plain ? Number(body) : readAmount(body);
  if (amount === undefined) return undefined;
  return negative ? -amount : amount;
};

const shown = (text: string) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`;

/**
 * One cell of a column mapped to a custom field, as the value to store: null for an empty
 * cell (the field is left unset), or a message naming the field's label and the value.
 */
export const readImportedValue = (
  field: FieldRule,
  cell: string,
  dateOrder?: DateOrder,
): CheckedValue => {
  const text = cell.trim();
  if (text === '') return { value: null };
  const { label } = field;
  let input: unknown = text;
  if (field.type === 'date') {
    input = readDate(text, dateOrder);
    if (input === undefined) return { error: `${label} must be a date: ${shown(text)}` };
  } else if (field.type === 'number' || field.type === 'currency') {
    input = numberFrom(text);
    if (input === undefined) return { error: `${label} must be a number: ${shown(text)}` };
  } else if (field.type === 'boolean') {
    input = yesNoOf(text);
    if (input === undefined) return { error: `${label} must be yes or no: ${shown(text)}` };
  }
  const checked = checkCustomValue(field, input);
  if ('value' in checked) return checked;
  // The multiple choice's message names the choice that does not fit already.
  return {
    error: checked.error.includes('"') ? checked.error : `${checked.error}: ${shown(text)}`,
  };
};

/**
 * A row's custom values from the record of its cells (keyed by mapping name): the values to
 * store, and the problems, each naming a field's label and its value. Fields without a column
 * and empty cells are left out. `dateOrders`: by key, the order of a date column's dates.
 */
export const readImportedValues = (
  fields: readonly FieldRule[],
  record: Record<string, string>,
  dateOrders: Record<string, DateOrder | undefined> = {},
): { values: CustomValues; errors: string[] } => {
  const values: CustomValues = {};
  const errors: string[] = [];
  for (const field of fields) {
    const cell = record[customMappingName(field.key)];
    if (cell === undefined) continue;
    const read = readImportedValue(field, cell, dateOrders[field.key]);
    if ('error' in read) errors.push(read.error);
    else if (read.value !== null) values[field.key] = read.value;
  }
  return { values, errors };
};
