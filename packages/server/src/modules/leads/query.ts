import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LeadSortField } from '@leadline/shared/leads';
import { leads } from '../../db/schema.ts';
import { customSortValue, customWhere } from '../custom-fields/values.ts';
import type { CustomCondition } from '../custom-fields/values.ts';

/** What the leads list is narrowed to; every part is optional. */
export type LeadFilter = {
  search?: string;
  industry?: string;
  size?: string;
  location?: string;
  source?: string;
  status?: string;
  mailSent?: boolean;
  /** Owned by this user. */
  ownerId?: string;
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created strictly before this instant. */
  createdBefore?: Date;
  /** Custom field conditions (checked against the organisation's fields). */
  custom?: CustomCondition[];
};

/** `customKey`: sorted by that custom field's value instead of `field`. */
export type LeadSort = { field: LeadSortField; descending: boolean; customKey?: string };

const SORT_COLUMNS: Record<LeadSortField, PgColumn> = {
  createdAt: leads.createdAt,
  companyName: leads.companyName,
  personFirstName: leads.personFirstName,
  personEmail: leads.personEmail,
  industry: leads.industry,
  size: leads.size,
  source: leads.source,
  status: leads.status,
  personCountry: leads.personCountry,
};

/** A LIKE pattern matching the text anywhere, with the term's own wildcards taken literally. */
export const containsPattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** pg_trgm takes trigrams from a LIKE term of at least three characters; a shorter one cannot use the index. */
const TRIGRAM_TERM = 3;

/**
 * The WHERE clause of the leads list. Search and location use the trigram-indexed, lower-cased
 * `search_text` and `location_text`; industry is compared case-insensitively through its
 * lower() index.
 *
 * With a search term the trigram index can use, the other filters are checked on the rows it
 * finds (`IS TRUE` keeps the planner from ANDing a B-tree bitmap into the scan). It would
 * otherwise AND in the status or industry index, and building that bitmap of 30,000 to 125,000
 * entries costs more than checking the few thousand rows the search finds: measured on a
 * million leads, 25 ms against 15 ms.
 */
export const leadConditions = (organizationId: string, filter: LeadFilter): SQL | undefined => {
  const location = filter.location ? containsPattern(filter.location) : undefined;
  const onFoundRows = (filter.search?.length ?? 0) >= TRIGRAM_TERM;
  const check = (condition: SQL | undefined) =>
    condition && onFoundRows ? sql`(${condition}) IS TRUE` : condition;
  return and(
    eq(leads.organizationId, organizationId),
    filter.search
      ? sql`${leads.searchText} LIKE lower(${containsPattern(filter.search)})`
      : undefined,
    check(filter.industry ? sql`lower(${leads.industry}) = lower(${filter.industry})` : undefined),
    check(filter.size ? sql`${leads.size} = ${filter.size}` : undefined),
    check(filter.source ? sql`${leads.source} = ${filter.source}` : undefined),
    check(filter.status ? sql`${leads.status} = ${filter.status}` : undefined),
    location ? sql`${leads.locationText} LIKE lower(${location})` : undefined,
    check(filter.ownerId ? eq(leads.ownerId, filter.ownerId) : undefined),
    check(filter.mailSent === undefined ? undefined : eq(leads.mailSent, filter.mailSent)),
    check(filter.createdFrom ? gte(leads.createdAt, filter.createdFrom) : undefined),
    check(filter.createdBefore ? lt(leads.createdAt, filter.createdBefore) : undefined),
    filter.custom?.length ? customWhere(leads.custom, filter.custom) : undefined,
  );
};

/** The column the list is sorted on. */
export const sortColumn = ({ field, customKey }: LeadSort): PgColumn | SQL =>
  customKey ? customSortValue(leads.custom, customKey) : SORT_COLUMNS[field];

/**
 * ORDER BY the chosen field, then the id so that equal values page deterministically. The
 * null placement mirrors the (organization_id, created_at DESC NULLS LAST, id DESC NULLS LAST)
 * index, so the default order reads the index forwards and the ascending one backwards.
 * `key` and `id` name the same values elsewhere (a subquery's columns).
 */
export const leadOrder = (
  sort: LeadSort,
  key: SQLWrapper = sortColumn(sort),
  id: SQLWrapper = leads.id,
): SQL[] => {
  const direction = sort.descending ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
  return [sql`${key} ${direction}`, sql`${id} ${direction}`];
};
