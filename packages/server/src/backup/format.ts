/**
 * The backup file: plain SQL in the manner of `pg_dump --data-only`, so any PostgreSQL tool can
 * read it. A header of comments (format, schema migration, pg-boss schema version), session
 * settings, then one `COPY schema.table (columns) FROM stdin;` block per table in foreign-key
 * order, the sequences' values, and a last line that proves the file is complete.
 *
 * `npm run restore` does not run the file as arbitrary SQL: it accepts only the statement
 * shapes below, so a damaged or foreign file stops with a clear message and changes nothing.
 */

export const FORMAT_VERSION = 1;
export const TITLE = '-- Leadline backup';
export const SCHEMAS = ['public', 'drizzle', 'pgboss'] as const;

/** Session settings that make every value's text the same on every server (and in PGlite). */
export const SESSION_SETTINGS: readonly [string, string][] = [
  ['client_encoding', "'UTF8'"],
  ['standard_conforming_strings', 'on'],
  ['DateStyle', "'ISO, YMD'"],
  ['IntervalStyle', "'postgres'"],
  ['TimeZone', "'UTC'"],
  ['extra_float_digits', '3'],
  ['bytea_output', "'hex'"],
];

export type BackupHeader = {
  format: number;
  /** The last schema migration the data belongs to: its tag and drizzle's `when`. */
  migration: { tag: string; when: number };
  /** pg-boss's schema version (its `version` table). */
  pgboss: number;
};

export const headerLines = (header: BackupHeader, madeFrom: string, madeAt: Date): string[] => [
  TITLE,
  `-- format: ${header.format}`,
  `-- migration: ${header.migration.tag} ${header.migration.when}`,
  `-- pg-boss schema: ${header.pgboss}`,
  `-- made: ${madeAt.toISOString()} from ${madeFrom}`,
  '--',
  '-- Plain SQL (like pg_dump --data-only). `npm run restore -- FILE` loads it into an empty',
  "-- database after creating Leadline's tables; psql -1 -f FILE loads it into a database whose",
  '-- tables Leadline already created (npm start once) and that holds no data yet.',
  '',
];

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
export const quoteLiteral = (text: string): string => `'${text.replaceAll("'", "''")}'`;
export const qualified = (schema: string, name: string): string =>
  `${quoteIdent(schema)}.${quoteIdent(name)}`;

export const settingLine = ([name, value]: [string, string]): string => `SET ${name} = ${value};`;
export const deleteLine = (schema: string, name: string): string =>
  `DELETE FROM ${qualified(schema, name)};`;
export const copyLine = (schema: string, name: string, columns: readonly string[]): string =>
  `COPY ${qualified(schema, name)} (${columns.map(quoteIdent).join(', ')}) FROM stdin;`;
export const COPY_END = '\\.';
export const createQueueLine = (name: string, options: object): string =>
  `SELECT pgboss.create_queue(${quoteLiteral(name)}, ${quoteLiteral(JSON.stringify(options))});`;
export const setvalLine = (schema: string, name: string, value: string, called: boolean) =>
  `SELECT pg_catalog.setval(${quoteLiteral(qualified(schema, name))}, ${value}, ${called});`;
/** Jobs that were running when the backup was made run again in the restored database. */
export const REQUEUE_ACTIVE_JOBS =
  "UPDATE pgboss.job SET state = 'retry', started_on = NULL WHERE state = 'active';";
export const trailerLine = (tables: number, rows: number): string =>
  `-- end of Leadline backup: ${tables} tables, ${rows} rows`;

/** One value in COPY's text format: `\N` for null, backslash escapes for the rest. */
export const copyValue = (value: string | null): string =>
  value === null
    ? '\\N'
    : value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      );

const ident = '"[A-Za-z_][A-Za-z0-9_$]*"';
const schemaIdent = `"(?:${SCHEMAS.join('|')})"`;
const literal = "'(?:[^']|'')*'";

/** What a line outside a COPY block may be; anything else means the file is not ours. */
export const STATEMENTS = {
  setting: new RegExp(
    `^SET (?:${SESSION_SETTINGS.map(([name]) => name).join('|')}) = (?:'[A-Za-z0-9_, ]+'|on|\\d+);$`,
  ),
  delete: /^DELETE FROM "(?:drizzle|pgboss)"\."[A-Za-z_][A-Za-z0-9_]*";$/,
  createQueue: new RegExp(`^SELECT pgboss\\.create_queue\\(${literal}, ${literal}\\);$`),
  copy: new RegExp(`^COPY (${schemaIdent}\\.${ident}) \\(${ident}(?:, ${ident})*\\) FROM stdin;$`),
  setval: new RegExp(
    `^SELECT pg_catalog\\.setval\\('${schemaIdent}\\.${ident}', \\d+, (?:true|false)\\);$`,
  ),
  trailer: /^-- end of Leadline backup: (\d+) tables, (\d+) rows$/,
} as const;

/** Reads the header's lines; null for a line that is not the expected one. */
export const HEADER_PATTERNS = {
  format: /^-- format: (\d+)$/,
  migration: /^-- migration: (\S+) (\d+)$/,
  pgboss: /^-- pg-boss schema: (\d+)$/,
} as const;
