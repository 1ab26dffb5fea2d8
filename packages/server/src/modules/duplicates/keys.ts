import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * The keys two leads share when they are one person, as SQL over a column or a value, so that
 * the Duplicates screen (grouping every lead) and the create form's check (one value) compare
 * exactly alike. Plain string functions; the two patterns are anchored and linear.
 */

/** Providers that ignore a "+tag" in the local part; Gmail also ignores dots. */
const PLUS_PROVIDERS = [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'me.com',
  'fastmail.com',
  'protonmail.com',
  'proton.me',
];
const GMAIL = ['gmail.com', 'googlemail.com'];

const list = (names: readonly string[]): SQL => sql.raw(names.map((n) => `'${n}'`).join(', '));

/** An address in lower case, with Gmail's dots and known providers' +tags taken out. */
export const emailKey = (value: SQL): SQL => {
  const address = sql`lower(btrim(${value}))`;
  const local = sql`split_part(${address}, '@', 1)`;
  const domain = sql`split_part(${address}, '@', 2)`;
  const untagged = sql`split_part(${local}, '+', 1)`;
  return sql`(CASE
    WHEN ${domain} IN (${list(GMAIL)}) THEN replace(${untagged}, '.', '') || '@gmail.com'
    WHEN ${domain} IN (${list(PLUS_PROVIDERS)}) THEN ${untagged} || '@' || ${domain}
    ELSE ${address} END)`;
};

/** A profile URL without scheme, "www.", query, fragment or trailing slashes, in lower case. */
export const profileKey = (value: SQL): SQL =>
  sql`NULLIF(rtrim(split_part(split_part(
    regexp_replace(lower(btrim(${value})), '^https?://(www[.])?', ''), '?', 1), '#', 1), '/'), '')`;

/** A phone's digits (an international "00" prefix dropped); null below seven digits. */
export const phoneKey = (value: SQL): SQL => {
  const digits = sql`regexp_replace(${value}, '[^0-9]+', '', 'g')`;
  const key = sql`(CASE WHEN ${digits} LIKE '00%' THEN substr(${digits}, 3) ELSE ${digits} END)`;
  return sql`(CASE WHEN length(${key}) >= 7 THEN ${key} END)`;
};

/** First and last name at the company (its website's domain, else its name); null if any is missing. */
export const nameKey = (first: SQL, last: SQL, company: SQL): SQL =>
  sql`(CASE WHEN btrim(${first}) <> '' AND btrim(${last}) <> '' AND ${company} IS NOT NULL
      AND ${company} <> 'name:'
    THEN lower(btrim(${first})) || ' ' || lower(btrim(${last})) || ' at ' || ${company} END)`;
