/*
 * CSV as spreadsheets read it: UTF-8 with a byte-order mark, CRLF line ends, fields quoted
 * when they hold a comma, quote or line break. A text that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is prefixed with ' so that it
 * is shown, never run; numbers are written as they are.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

const field = (value: string | number): string => {
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (header: string[], rows: (string | number)[][]): string =>
  `\uFEFF${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
