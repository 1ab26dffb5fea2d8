import { useCallback } from 'react';
import { CAMPAIGN_SORTS, CAMPAIGN_STATUSES } from '@leadline/shared/campaigns';
import type { CampaignSort, CampaignStatus } from '@leadline/shared/campaigns';
import { useUrlState } from '../../../lib/url-state.ts';

/** The list's view in the URL (module constant: a stable object). */
const VIEW_DEFAULTS = { search: '', status: '', sort: 'name', campaign: '' };

const isStatus = (value: string): value is CampaignStatus =>
  (CAMPAIGN_STATUSES as readonly string[]).includes(value);
const isSort = (value: string): value is CampaignSort =>
  CAMPAIGN_SORTS.some((sort) => sort.value === value);

/** Search, status filter, sort and the open campaign, kept in the URL. */
export const useCampaignView = () => {
  const [values, update] = useUrlState(VIEW_DEFAULTS);
  const setSearch = useCallback(
    (search: string) => update({ search }, { replace: true }),
    [update],
  );
  const setStatus = useCallback((status: string) => update({ status }), [update]);
  const setSort = useCallback((sort: string) => update({ sort }), [update]);
  const openCampaign = useCallback((id: string) => update({ campaign: id }), [update]);
  const closeCampaign = useCallback(() => update({ campaign: null }, { replace: true }), [update]);
  return {
    search: values.search,
    status: isStatus(values.status) ? values.status : ('' as const),
    sort: isSort(values.sort) ? values.sort : ('name' as const),
    campaignId: values.campaign || null,
    setSearch,
    setStatus,
    setSort,
    openCampaign,
    closeCampaign,
  };
};
