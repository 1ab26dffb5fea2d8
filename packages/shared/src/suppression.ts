import { z } from 'zod';
import { answerSchema, isoDateTime, nullableText, text as anyText } from './answers.ts';
import { DEFAULT_BOUNCE_PAUSE_PERCENT, SUPPRESSION_REASONS } from './deliverability.ts';
import type { SuppressionReason } from './deliverability.ts';
import { limitParam, pageParam } from './list-query.ts';

/*
 * The organisation's suppression list: addresses (ada@example.com) and whole domains
 * (@example.com) no email is sent to, whatever the path (single send, follow-up, bulk run,
 * campaign). Entries are kept lower-cased.
 */

export const SUPPRESSIONS_PER_PAGE = 25;
/** Entries one POST /api/suppression may add. */
export const SUPPRESSION_ENTRIES_MAX = 1000;
/** Rows an uploaded CSV may hold, and its size in characters. */
export const SUPPRESSION_CSV_ROWS_MAX = 10_000;
export const SUPPRESSION_CSV_CHARS_MAX = 1_000_000;
export const INVALID_SUPPRESSION_ID = 'Invalid suppression ID';
export const SUPPRESSION_NOT_FOUND = 'Suppressed address not found';
export const NOT_AN_ENTRY = 'Not an email address or @domain';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = `${LABEL}(?:\\.${LABEL})+`;
const ADDRESS_PATTERN = new RegExp(`^[^\\s@<>(),;:"\\[\\]]{1,64}@${DOMAIN}$`);
const DOMAIN_PATTERN = new RegExp(`^@${DOMAIN}$`);

/** An address or `@domain` as stored (trimmed, lower-cased), or null when it is neither. */
export const suppressionEntryOf = (value: string): string | null => {
  const entry = value.trim().toLowerCase();
  if (entry.length > 254) return null;
  return ADDRESS_PATTERN.test(entry) || DOMAIN_PATTERN.test(entry) ? entry : null;
};

/** How an entry's source reads when its writer named none. */
export const DEFAULT_SOURCES: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribe link',
  manual: 'Added by hand',
  bounced: 'Bounce',
};

export const isDomainEntry = (entry: string): boolean => entry.startsWith('@');

/** The `@domain` entry that covers an address. */
export const domainEntryOf = (email: string): string => {
  const address = email.trim().toLowerCase();
  return address.slice(address.lastIndexOf('@'));
};

/** A line a list may hold (longer ones are refused as a whole request). */
export const SUPPRESSION_LINE_MAX = 1000;

const DOMAIN_ONLY = new RegExp(`^${DOMAIN}$`);

/**
 * Why a line is no address or `@domain` ("Not an email address or @domain: no @"), or null
 * when it is one.
 */
export const suppressionRefusalOf = (value: string): string | null => {
  if (suppressionEntryOf(value) !== null) return null;
  const entry = value.trim().toLowerCase();
  const why = (reason: string) => `${NOT_AN_ENTRY}: ${reason}`;
  if (entry.length > 254) return why('longer than 254 characters');
  if (/\s/.test(entry)) return why('it has spaces (one address or @domain a line)');
  const at = entry.lastIndexOf('@');
  if (at === -1) return why('no @');
  const domain = entry.slice(at + 1);
  if (domain === '') return why('nothing after the @');
  if (!DOMAIN_ONLY.test(domain)) return why(`“${domain}” is not a domain like example.com`);
  return why('the part before the @ is not valid');
};

/** A line that is no address or `@domain`, and why: listed in the answer, never added. */
export type RefusedLine = { value: string; reason: string };
/** Refused lines an answer lists (the count says how many there were). */
export const REFUSED_LISTED_MAX = 100;

/** The lines' entries (each once) and the refused lines with their reasons. */
export const sortSuppressionLines = (
  lines: readonly string[],
): { entries: string[]; refused: RefusedLine[] } => {
  const entries = new Set<string>();
  const refused: RefusedLine[] = [];
  for (const line of lines) {
    const entry = suppressionEntryOf(line);
    if (entry) entries.add(entry);
    else refused.push({ value: line.trim(), reason: suppressionRefusalOf(line)! });
  }
  return { entries: [...entries], refused };
};

const lineField = z
  .string({ error: 'entries must be a list of addresses or @domains' })
  .max(SUPPRESSION_LINE_MAX, `A line may be at most ${SUPPRESSION_LINE_MAX} characters`);

const reasonField = z.enum(SUPPRESSION_REASONS, {
  error: `reason must be one of ${SUPPRESSION_REASONS.join(', ')}`,
});

/**
 * POST /api/suppression: addresses and `@domains` added by hand (pasted lines). The valid ones
 * are added and the others listed with their reason; a list with no valid line is refused.
 */
export const suppressionAddSchema = z.object({
  entries: z
    .array(lineField, { error: 'entries must be a list of addresses or @domains' })
    .min(1, 'Add at least one address or @domain')
    .max(SUPPRESSION_ENTRIES_MAX, `At most ${SUPPRESSION_ENTRIES_MAX} entries at a time`),
  reason: reasonField.optional().default('manual'),
});
export type SuppressionAddInput = z.input<typeof suppressionAddSchema>;
export type SuppressionAddData = z.output<typeof suppressionAddSchema>;

/** POST /api/suppression/import: a CSV or text file's content (one entry a line, first column). */
export const suppressionImportSchema = z.object({
  csv: z
    .string({ error: 'csv must be the text of the file' })
    .max(SUPPRESSION_CSV_CHARS_MAX, 'The file is larger than 1 MB'),
  reason: reasonField.optional().default('manual'),
});
export type SuppressionImportData = z.output<typeof suppressionImportSchema>;

export type SuppressionCsv = { entries: string[]; refused: RefusedLine[] };

/** A CSV cell without its quotes. */
const cell = (line: string): string => {
  const first = line.split(/[,;\t]/)[0] ?? '';
  return first
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
};

/**
 * The entries of an uploaded file: the first column of each line, blank lines skipped, a
 * first line without an `@` read as a header. Throws with the reason when the file is no list
 * of addresses (binary content, too many rows, nothing valid at all).
 */
export const parseSuppressionCsv = (text: string): SuppressionCsv => {
  if (text.includes('\u0000')) throw new Error('The file is not a text or CSV file');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map(cell)
    .filter((line) => line !== '');
  if (lines.length > 0 && !lines[0]!.includes('@')) lines.shift();
  if (lines.length > SUPPRESSION_CSV_ROWS_MAX)
    throw new Error(
      `The file has more than ${SUPPRESSION_CSV_ROWS_MAX.toLocaleString('en-US')} rows`,
    );
  const sorted = sortSuppressionLines(lines);
  if (sorted.entries.length === 0) throw new Error('The file holds no email address or @domain');
  return sorted;
};

export const suppressionListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(100, SUPPRESSIONS_PER_PAGE),
  search: z.string().trim().max(254, 'search must be at most 254 characters').optional(),
});
export type SuppressionListParams = z.output<typeof suppressionListQuerySchema>;

/** GET|PUT /api/suppression/settings. */
export const BOUNCE_PAUSE_PERCENT_MAX = 100;
export const suppressionSettingsSchema = z.object({
  bouncePausePercent: z
    .number({ error: 'bouncePausePercent must be a number' })
    .min(0.1, 'bouncePausePercent must be at least 0.1')
    .max(BOUNCE_PAUSE_PERCENT_MAX, 'bouncePausePercent must be at most 100'),
});
export type SuppressionSettings = z.output<typeof suppressionSettingsSchema>;
export const DEFAULT_SUPPRESSION_SETTINGS: SuppressionSettings = {
  bouncePausePercent: DEFAULT_BOUNCE_PAUSE_PERCENT,
};

export type Suppression = {
  _id: string;
  email: string;
  domain: boolean;
  reason: SuppressionReason;
  source: string;
  createdBy: string | null;
  createdAt: string;
};
export type SuppressionList = {
  suppressions: Suppression[];
  total: number;
  page: number;
  limit: number;
};
export type SuppressionAdded = {
  message: string;
  added: number;
  alreadyListed: number;
  /** Lines refused (no address or @domain). */
  invalid: number;
  /** The refused lines and why, the first REFUSED_LISTED_MAX of them. */
  refused: RefusedLine[];
};

/* Answers (the server's response schemas, and so /api/docs). */

export const suppressionAnswerSchema = answerSchema<Suppression>()({
  _id: anyText,
  email: anyText,
  domain: z.boolean(),
  reason: z.enum(SUPPRESSION_REASONS),
  source: anyText,
  createdBy: nullableText,
  createdAt: isoDateTime,
});
export const suppressionListAnswerSchema = answerSchema<SuppressionList>()({
  suppressions: z.array(suppressionAnswerSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export const suppressionAddedAnswerSchema = answerSchema<SuppressionAdded>()({
  message: anyText,
  added: z.number(),
  alreadyListed: z.number(),
  invalid: z.number(),
  refused: z.array(answerSchema<RefusedLine>()({ value: anyText, reason: anyText })),
});
export const suppressionSettingsAnswerSchema = answerSchema<SuppressionSettings>()({
  bouncePausePercent: z.number(),
});

/** 'Added 3 entries; 1 was already listed; 2 lines were refused (not an address or @domain).' */
export const addedMessage = ({
  added,
  alreadyListed,
  invalid,
}: Pick<SuppressionAdded, 'added' | 'alreadyListed' | 'invalid'>) => {
  const parts = [`Added ${added} ${added === 1 ? 'entry' : 'entries'}`];
  if (alreadyListed > 0)
    parts.push(`${alreadyListed} ${alreadyListed === 1 ? 'was' : 'were'} already listed`);
  if (invalid > 0)
    parts.push(
      `${invalid} ${invalid === 1 ? 'line was' : 'lines were'} refused (not an address or @domain)`,
    );
  return `${parts.join('; ')}.`;
};
