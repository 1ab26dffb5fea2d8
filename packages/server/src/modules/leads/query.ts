import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LeadSortField } from '@leadline/shared/leads';
import { leads } from '../../db/schema.ts';

/** What the leads list is narrowed to; every part is optional. */
export type LeadFilter = {
  search?: string;
  industry?: string;
  size?: string;
  location?: string;
  source?: string;
  status?: string;
  mailSent?: boolean;
  /** Created at or after this instant. */
  createdFrom?: Date;
  /** Created strictly before this instant. */
  createdBefore?: Date;
};

export type LeadSort = { field: LeadSortField; descending: boolean };

const SORT_COLUMNS: Record<LeadSortField, PgColumn> = {
  createdAt: leads.createdAt,
  companyName: leads.companyName,
  personFirstName: leads.personFirstName,
  personLastName: leads.personLastName,
  personEmail: leads.personEmail,
  industry: leads.industry,
  size: leads.size,
  source: leads.source,
  status: leads.status,
  personCountry: leads.personCountry,
  mailSentDate: leads.mailSentDate,
  sentCount: leads.sentCount,
};

/** A LIKE pattern matching the text anywhere, with the term's own wildcards taken literally. */
export const containsPattern = (term: string): string =>
  `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The WHERE clause of the leads list. Search and location use the trigram-indexed, lower-cased
 * `search_text` and `location_text`; industry is compared case-insensitively through its
 * lower() index.
 */
export const leadConditions = (organizationId: string, filter: LeadFilter): SQL | undefined => {
  const location = filter.location ? containsPattern(filter.location) : undefined;
  return and(
    eq(leads.organizationId, organizationId),
    filter.search
      ? sql`${leads.searchText} LIKE lower(${containsPattern(filter.search)})`
      : undefined,
    filter.industry ? sql`lower(${leads.industry}) = lower(${filter.industry})` : undefined,
    filter.size ? sql`${leads.size} = ${filter.size}` : undefined,
    filter.source ? sql`${leads.source} = ${filter.source}` : undefined,
    filter.status ? sql`${leads.status} = ${filter.status}` : undefined,
    location ? sql`${leads.locationText} LIKE lower(${location})` : undefined,
    filter.mailSent === undefined ? undefined : eq(leads.mailSent, filter.mailSent),
    filter.createdFrom ? gte(leads.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(leads.createdAt, filter.createdBefore) : undefined,
  );
};

/**
 * ORDER BY the chosen field, then the id so that equal values page deterministically. The
 * null placement mirrors the (organization_id, created_at DESC NULLS LAST, id DESC NULLS LAST)
 * index, so the default order reads the index forwards and the ascending one backwards.
 */
export const leadOrder = ({ field, descending }: LeadSort): SQL[] => {
  const direction = descending ? sql`DESC NULLS LAST` : sql`ASC NULLS FIRST`;
  return [sql`${SORT_COLUMNS[field]} ${direction}`, sql`${leads.id} ${direction}`];
};
