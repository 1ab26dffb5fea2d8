import { useCallback, useMemo } from 'react';
import { isAcceptedDay } from '@leadline/shared/dates';
import { DEFAULT_LEADS_PER_PAGE, LEADS_PER_PAGE, LEAD_SORT_FIELDS } from '@leadline/shared/leads';
import type { LeadListQuery, LeadSortField } from '@leadline/shared/leads';
import { isUuid } from '@leadline/shared/ids';
import type { Role } from '@leadline/shared/roles';
import { useSession } from '../../../lib/session.ts';
import {
  CUSTOM_SORT,
  clearCustomPatch,
  customFilterPatch,
  useCustomFilterParams,
} from '../../../lib/custom-params.ts';
import type { CustomParam } from '../../../lib/custom-params.ts';
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

/** The same for a user who starts on "My leads": the owner is "me" unless the URL says "all". */
const MINE_DEFAULTS = { ...VIEW_DEFAULTS, owner: 'me' };

/**
 * Who starts on "My leads": a Sales Rep, whose day is the leads they own. Managers, Marketing and
 * Client Managers start on all leads (they work the whole list, and may own none).
 */
export const startsOnMyLeads = (user: { role: Role } | null): boolean => user?.role === 'Sales Rep';

/** The owner param's value for "every owner" when the default is "me" (an empty one is dropped). */
const ALL_OWNERS = 'all';

/** "My leads" or "All leads": the leads the list is scoped to (a chosen owner is neither). */
export type LeadScope = 'mine' | 'all';

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

/** A sort of the list: a lead field, or a custom field (`custom.<key>`). */
export type LeadSortKey = LeadSortField | `custom.${string}`;
export type LeadSort = { field: LeadSortKey; descending: boolean };

const parseSort = (value: string): LeadSort => {
  const descending = value.startsWith('-');
  const name = descending ? value.slice(1) : value;
  if (CUSTOM_SORT.test(name)) return { field: name as LeadSortKey, descending };
  const field = LEAD_SORT_FIELDS.find((candidate) => candidate === name);
  return field ? { field, descending } : { field: 'createdAt', descending: true };
};

const validLimit = (value: string): number => {
  const limit = Number(value);
  return (LEADS_PER_PAGE as readonly number[]).includes(limit) ? limit : DEFAULT_LEADS_PER_PAGE;
};

const validDate = (value: string): string => (isAcceptedDay(value) ? value : '');
/** A user's id or "me" (the leads you own); "all" and anything else is every owner. */
const validOwner = (value: string): string => (value === 'me' || isUuid(value) ? value : '');

/** The owner filter is a person, not the My / All scope: it counts as filtering. */
const isOwnerFilter = (owner: string): boolean => owner !== '' && owner !== 'me';

/** The leads view (filters, sort, page, open lead) read from and written to the URL. */
export const useLeadView = () => {
  const { user } = useSession();
  const mine = startsOnMyLeads(user);
  const [values, update] = useUrlState(mine ? MINE_DEFAULTS : VIEW_DEFAULTS);
  const { customFilters, customParamsText } = useCustomFilterParams();

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
    () => ({ ...filters, ...customFilters, page, limit, sort: sortParam }),
    [filters, customFilters, page, limit, sortParam],
  );

  /**
   * Any filter change returns to page 1. Typing replaces the history entry. "Every owner" is
   * written as "all" where the default is "My leads", so that it stays in the URL.
   */
  const setFilters = useCallback(
    (patch: Partial<LeadFilters>, options: { replace?: boolean } = {}) =>
      update(
        {
          ...patch,
          ...(patch.owner === '' && mine ? { owner: ALL_OWNERS } : {}),
          page: null,
        },
        options,
      ),
    [update, mine],
  );
  /** A custom field filter (`custom.<key>` or its `.min` / `.max`); '' removes it. */
  const setCustomFilter = useCallback(
    (name: CustomParam, value: string, options: { replace?: boolean } = {}) =>
      update(customFilterPatch(name, value), options),
    [update],
  );
  /** Clears the filters, keeping "My leads" or "All leads" as it was. */
  const clearFilters = useCallback(
    () =>
      update({
        ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])),
        ...clearCustomPatch(customFilters),
        ...(isOwnerFilter(filters.owner) ? {} : { owner: values.owner }),
        page: null,
      }),
    [update, filters.owner, values.owner, customFilters],
  );
  const scope: LeadScope | null =
    filters.owner === 'me' ? 'mine' : filters.owner === '' ? 'all' : null;
  const setScope = useCallback(
    (next: LeadScope) => setFilters({ owner: next === 'mine' ? 'me' : '' }),
    [setFilters],
  );
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setLimit = useCallback((next: number) => update({ limit: next, page: null }), [update]);
  const toggleSort = useCallback(
    (field: LeadSortKey) => {
      // A new column sorts ascending (newest first for the date); the same column flips.
      const descending =
        sort.field === field ? !sort.descending : field === 'createdAt' ? true : false;
      update({ sort: `${descending ? '-' : ''}${field}`, page: null });
    },
    [sort.field, sort.descending, update],
  );
  const openLead = useCallback((id: string) => update({ lead: id }), [update]);
  const closeLead = useCallback(() => update({ lead: null }, { replace: true }), [update]);

  const filtering =
    customParamsText !== '' ||
    FILTER_KEYS.some((key) =>
      key === 'owner' ? isOwnerFilter(filters.owner) : filters[key] !== '',
    );
  /** Changes whenever the set of matching leads changes (not on paging or sorting). */
  const filterKey = [...FILTER_KEYS.map((key) => filters[key]), customParamsText].join('\u0000');

  return {
    filters,
    customFilters,
    setCustomFilter,
    filtering,
    scope,
    setScope,
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
