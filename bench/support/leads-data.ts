// A million leads for one organisation, generated inside PostgreSQL (INSERT ... SELECT FROM
// generate_series). Every field is picked by hashing the row number with a salt of its own
// (hashint8extended), so the fields are independent of each other and every run makes the
// same data.
import type pg from 'pg';
import {
  COMPANY_SIZES,
  INDUSTRIES,
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
import { connect } from './postgres.ts';

const YEAR_SECONDS = 365 * 24 * 3600;

/** A value in 0..n-1 from row number `i` and a salt. */
const hash = (salt: number, n: number) => `((hashint8extended(i, ${salt}) % ${n} + ${n}) % ${n})`;

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `ARRAY[${values.map(literal).join(', ')}]::text[]`;
/** One of `values`, picked by the row number and `salt`. */
const pick = (values: readonly string[], salt: number) =>
  `(${textArray(values)})[1 + ${hash(salt, values.length)}]`;

// Sizes: one lead in seven has none. Sources and statuses cover every choice.
const SIZES = ['', ...COMPANY_SIZES];

const rowsSql = (from: number, to: number) => `
INSERT INTO leads (
  organization_id, created_by, company_name, industry, size, company_site, company_linkedin,
  person_first_name, person_last_name, person_email, person_designation, person_linkedin,
  person_city, person_state, person_country, source, status, contact_profile_link, subject,
  mail_sent, sent_count, mail_sent_date, created_at, updated_at, deal_value, status_changed_at
)
SELECT $1::uuid, $2::uuid, company, industry, size,
  'https://' || domain, 'https://linkedin.com/company/' || split_part(domain, '.', 1),
  first_name, last_name,
  lower(first_name) || '.' || lower(last_name) || '.' || i || '@' || domain,
  designation, 'https://linkedin.com/in/' || lower(first_name) || '-' || lower(last_name) || '-' || i,
  (${textArray(LOCATIONS.map((l) => l[0]))})[1 + location],
  (${textArray(LOCATIONS.map((l) => l[1]))})[1 + location],
  (${textArray(LOCATIONS.map((l) => l[2]))})[1 + location],
  source, status,
  CASE WHEN source = ANY (${textArray(SOCIAL_SOURCES)})
    THEN 'https://' || lower(source) || '.com/' || lower(first_name) || i ELSE '' END,
  notes,
  sent, CASE WHEN sent THEN 1 + ${hash(12, 3)} ELSE 0 END,
  CASE WHEN sent THEN created_at + interval '2 days' END,
  created_at, created_at,
  -- One lead in five without a deal value; the others 500.00 to 99,999.99. The status changed
  -- somewhere between the lead's creation and now.
  CASE WHEN ${hash(16, 5)} = 0 THEN NULL ELSE (50000 + ${hash(17, 9950000)}) / 100.0 END,
  created_at + ($3::timestamptz - created_at) * (${hash(18, 1000)} / 1000.0)
FROM (
  SELECT i,
    word || ' ' || noun || ' ' || suffix AS company,
    lower(word || noun || suffix) || '.example' AS domain,
    ${pick(INDUSTRIES, 1)} AS industry,
    ${pick(SIZES, 2)} AS size,
    ${pick(FIRST_NAMES, 3)} AS first_name,
    ${pick(LAST_NAMES, 4)} AS last_name,
    ${pick(DESIGNATIONS, 5)} AS designation,
    ${hash(6, LOCATIONS.length)} AS location,
    ${pick(LEAD_SOURCES, 7)} AS source,
    ${pick(LEAD_STATUSES, 8)} AS status,
    ${pick(NOTES, 9)} AS notes,
    ${hash(10, 4)} = 0 AS sent,
    $3::timestamptz - make_interval(secs => ${hash(11, YEAR_SECONDS)}) AS created_at
  FROM (
    SELECT i,
      ${pick(COMPANY_WORDS, 13)} AS word,
      ${pick(COMPANY_NOUNS, 14)} AS noun,
      ${pick(COMPANY_SUFFIXES, 15)} AS suffix
    FROM generate_series(${from}::bigint, ${to}::bigint) AS i
  ) AS c
) AS g`;

/**
 * Inserts `count` leads for the organisation in the database at `url`, created over the year
 * before now. The leads' secondary indexes are dropped first and built again afterwards from
 * their own definitions (much faster than maintaining them row by row); foreign-key triggers
 * are skipped for the load (the organisation and user exist). Two connections share the work
 * (one per core here). Ends with VACUUM ANALYZE, the state autovacuum reaches after such a
 * load.
 */
export const generateLeads = async (
  url: string,
  options: {
    organizationId: string;
    createdBy: string;
    count: number;
    log?: (message: string) => void;
  },
): Promise<{ seconds: number; tableMb: number; totalMb: number }> => {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const now = new Date();
  const clients = [await connect(url), await connect(url)] as const;
  try {
    const [first] = clients;
    const { rows: indexes } = await first.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = 'public' AND tablename = 'leads' AND indexname <> 'leads_pkey'`,
    );
    for (const index of indexes) await first.query(`DROP INDEX ${index.name}`);
    for (const client of clients) {
      await client.query(`SET maintenance_work_mem = '512MB'`);
      await client.query(`SET session_replication_role = replica`);
    }
    const chunks: [number, number][] = [];
    for (let from = 1; from <= options.count; from += CHUNK)
      chunks.push([from, Math.min(options.count, from + CHUNK - 1)]);
    let inserted = 0;
    const insertChunks = async (client: pg.Client) => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        await client.query(rowsSql(...chunk), [options.organizationId, options.createdBy, now]);
        inserted += chunk[1] - chunk[0] + 1;
        log(`  ${inserted.toLocaleString('en')} leads inserted`);
      }
    };
    await Promise.all(clients.map(insertChunks));
    // The trigram index of the search text takes longest: it has a connection to itself.
    const longest = indexes.filter((index) => index.name === 'leads_search_idx');
    const others = indexes.filter((index) => index.name !== 'leads_search_idx');
    const build = async (client: pg.Client, list: typeof indexes) => {
      for (const index of list) {
        await client.query(index.definition);
        log(`  index ${index.name} built`);
      }
    };
    await Promise.all([build(clients[0], longest), build(clients[1], others)]);
    await first.query('VACUUM (ANALYZE) leads');
    const { rows } = await first.query<{ table: string; total: string }>(
      `SELECT pg_table_size('leads') AS table, pg_total_relation_size('leads') AS total`,
    );
    return {
      seconds: (Date.now() - started) / 1000,
      tableMb: Math.round(Number(rows[0]!.table) / 1024 / 1024),
      totalMb: Math.round(Number(rows[0]!.total) / 1024 / 1024),
    };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
};

const CHUNK = 125_000;

/** The organisation of a user (the Admin created through the API). */
export const organizationOfUser = async (url: string, userId: string): Promise<string> => {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ id: string }>(
      'SELECT organization_id AS id FROM users WHERE id = $1',
      [userId],
    );
    if (!rows[0]?.id) throw new Error(`user ${userId} has no organisation`);
    return rows[0].id;
  } finally {
    await client.end();
  }
};
