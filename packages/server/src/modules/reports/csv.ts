import { CSV_BOM, csvLine } from '../../lib/csv.ts';

/** A whole CSV file (lib/csv.ts: formula-safe fields, a byte-order mark, CRLF). */
export const toCsv = (header: string[], rows: (string | number)[][]): string =>
  `${CSV_BOM}${[header, ...rows].map(csvLine).join('')}`;
