// A lead spreadsheet for the import benchmark: mostly good rows, a share of rows the import
// must refuse, and a share repeating an earlier row's email (in other letter case), written
// as .xlsx (SheetJS) and as .csv.
import * as XLSX from '@e965/xlsx';
import {
  COMPANY_SIZES,
  INDUSTRIES,
  LEAD_FIELDS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  SOCIAL_SOURCES,
} from '@leadline/shared/leads';
import {
  COMPANY_NOUNS,
  COMPANY_SUFFIXES,
  COMPANY_WORDS,
  DESIGNATIONS,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  NOTES,
} from './vocabulary.ts';

// The optional link columns are left out to keep the .csv well under the 25 MB upload cap.
const COLUMNS = [
  'companyName',
  'industry',
  'size',
  'personFirstName',
  'personLastName',
  'personEmail',
  'personDesignation',
  'personCity',
  'personState',
  'personCountry',
  'source',
  'status',
  'contactProfileLink',
  'subject',
] as const satisfies readonly (keyof typeof LEAD_FIELDS)[];

/** Small deterministic generator (mulberry32), so every run imports the same file. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export type LeadSheet = {
  rows: string[][];
  expected: { rows: number; inserted: number; duplicates: number; errors: number };
};

/**
 * `count` data rows under a header of the export's labels. One row in `errorEvery` has a
 * problem, in turn: a bad email or no company (refused), an unknown status or a social source
 * without a profile link (warnings: imported); one in `duplicateEvery` repeats an earlier email.
 */
export const leadSheet = (count: number, errorEvery = 100, duplicateEvery = 100): LeadSheet => {
  const next = random(20_261_121);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const rows: string[][] = [COLUMNS.map((column) => LEAD_FIELDS[column])];
  const emails: string[] = [];
  const expected = { rows: count, inserted: 0, duplicates: 0, errors: 0 };
  for (let i = 1; i <= count; i += 1) {
    const [word, noun, suffix] = [pick(COMPANY_WORDS), pick(COMPANY_NOUNS), pick(COMPANY_SUFFIXES)];
    const [first, last] = [pick(FIRST_NAMES), pick(LAST_NAMES)];
    const [city, state, country] = pick(LOCATIONS);
    const source = pick(LEAD_SOURCES);
    const row: Record<(typeof COLUMNS)[number], string> = {
      companyName: `${word} ${noun} ${suffix}`,
      industry: pick(INDUSTRIES),
      size: pick(['', ...COMPANY_SIZES]),
      personFirstName: first,
      personLastName: last,
      personEmail: `${first}.${last}.${i}@${word}${noun}.example`.toLowerCase(),
      personDesignation: pick(DESIGNATIONS),
      personCity: city,
      personState: state,
      personCountry: country,
      source,
      status: pick(LEAD_STATUSES),
      contactProfileLink: SOCIAL_SOURCES.includes(source)
        ? `https://${source.toLowerCase()}.com/${first.toLowerCase()}${i}`
        : '',
      subject: pick(NOTES),
    };
    const problem = i % errorEvery === 0 ? (i / errorEvery) % 4 : null;
    if (problem === 0 || problem === 1) {
      if (problem === 0) row.personEmail = `${first}.${last}.${i}-at-nowhere`;
      else row.companyName = '';
      expected.errors += 1;
    } else if (problem === 2 || problem === 3) {
      // Warnings, not errors: the row goes in (status Cold Lead, no profile link).
      if (problem === 2) row.status = 'Lukewarm';
      else [row.source, row.contactProfileLink] = ['LinkedIn', ''];
      emails.push(row.personEmail);
      expected.inserted += 1;
    } else if (i % duplicateEvery === 1 && emails.length > 0) {
      row.personEmail = pick(emails).toUpperCase();
      expected.duplicates += 1;
    } else {
      emails.push(row.personEmail);
      expected.inserted += 1;
    }
    rows.push(COLUMNS.map((column) => row[column]));
  }
  return { rows, expected };
};

export const toXlsx = (rows: string[][]): Buffer => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
  return XLSX.write(book, {
    type: 'buffer',
    bookType: 'xlsx',
    bookSST: true,
    compression: true,
  }) as Buffer;
};

const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

export const toCsv = (rows: string[][]): Buffer =>
  Buffer.from(rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n');
