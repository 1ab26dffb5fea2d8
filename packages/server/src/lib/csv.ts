/*
 * CSV as spreadsheets read it: UTF-8 with a byte-order mark, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. A text that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with ' so that it
 * is shown, never run; numbers are written as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvField = (value: string | number): string => {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** One line of a CSV file, with its CRLF. */
export const csvLine = (values: readonly (string | number)[]): string =>
  `${values.map(csvField).join(',')}\r\n`;

/** The byte-order mark a CSV file starts with, so that a spreadsheet opens it as UTF-8. */
export const CSV_BOM = '\uFEFF';
