import { useCallback, useMemo } from 'react';
import { isAcceptedDay } from '@leadline/shared/dates';
import { DEFAULT_LEADS_PER_PAGE, LEADS_PER_PAGE, LEAD_SORT_FIELDS } from '@leadline/shared/leads';
import type { LeadListQuery, LeadSortField } from '@leadline/shared/leads';
import { isUuid } from '@leadline/shared/ids';
import { toPage, useUrlState } from '../../../lib/url-state.ts';

/** Everything about the leads view that lives in the URL (module constant: a stable object). */
const VIEW_DEFAULTS = {
  page: '1',
  limit: String(DEFAULT_LEADS_PER_PAGE),
  search: '',
  industry: '',
  size: '',
  location: '',
  source: '',
  status: '',
  owner: '',
  from: '',
  to: '',
  sort: '-createdAt',
  lead: '',
};

export type LeadFilterKey =
  'search' | 'industry' | 'size' | 'location' | 'source' | 'status' | 'owner' | 'from' | 'to';

export const FILTER_KEYS: readonly LeadFilterKey[] = [
  'search',
  'industry',
  'size',
  'location',
  'source',
  'status',
  'owner',
  'from',
  'to',
];

export type LeadFilters = Record<LeadFilterKey, string>;

export type LeadSort = { field: LeadSortField; descending: boolean };

const parseSort = (value: string): LeadSort => {
  const descending = value.startsWith('-');
  const name = descending ? value.slice(1) : value;
  const field = LEAD_SORT_FIELDS.find((candidate) => candidate === name);
  return field ? { field, descending } : { field: 'createdAt', descending: true };
};

const validLimit = (value: string): number => {
  const limit = Number(value);
  return (LEADS_PER_PAGE as readonly number[]).includes(limit) ? limit : DEFAULT_LEADS_PER_PAGE;
};

const validDate = (value: string): string => (isAcceptedDay(value) ? value : '');
/** A user's id or "me" (the leads you own). */
const validOwner = (value: string): string => (value === 'me' || isUuid(value) ? value : '');

/** The leads view (filters, sort, page, open lead) read from and written to the URL. */
export const useLeadView = () => {
  const [values, update] = useUrlState(VIEW_DEFAULTS);

  const filters = useMemo<LeadFilters>(
    () => ({
      search: values.search,
      industry: values.industry,
      size: values.size,
      location: values.location,
      source: values.source,
      status: values.status,
      owner: validOwner(values.owner),
      from: validDate(values.from),
      to: validDate(values.to),
    }),
    [values],
  );
  const page = toPage(values.page);
  const limit = validLimit(values.limit);
  const sort = parseSort(values.sort);
  const sortParam = `${sort.descending ? '-' : ''}${sort.field}`;

  const query = useMemo<LeadListQuery>(
    () => ({ ...filters, page, limit, sort: sortParam }),
    [filters, page, limit, sortParam],
  );

  /** Any filter change returns to page 1. Typing replaces the history entry. */
  const setFilters = useCallback(
    (patch: Partial<LeadFilters>, options: { replace?: boolean } = {}) =>
      update({ ...patch, page: null }, options),
    [update],
  );
  const clearFilters = useCallback(
    () => update({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])), page: null }),
    [update],
  );
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setLimit = useCallback((next: number) => update({ limit: next, page: null }), [update]);
  const toggleSort = useCallback(
    (field: LeadSortField) => {
      // A new column sorts ascending (newest first for the date); the same column flips.
      const descending =
        sort.field === field ? !sort.descending : field === 'createdAt' ? true : false;
      update({ sort: `${descending ? '-' : ''}${field}`, page: null });
    },
    [sort.field, sort.descending, update],
  );
  const openLead = useCallback((id: string) => update({ lead: id }), [update]);
  const closeLead = useCallback(() => update({ lead: null }, { replace: true }), [update]);

  const filtering = FILTER_KEYS.some((key) => filters[key] !== '');
  /** Changes whenever the set of matching leads changes (not on paging or sorting). */
  const filterKey = FILTER_KEYS.map((key) => filters[key]).join('\u0000');

  return {
    filters,
    filtering,
    filterKey,
    page,
    limit,
    sort,
    query,
    leadId: values.lead || null,
    setFilters,
    clearFilters,
    setPage,
    setLimit,
    toggleSort,
    openLead,
    closeLead,
  };
};
