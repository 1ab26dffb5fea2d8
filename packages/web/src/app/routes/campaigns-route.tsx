import { useMemo, useState } from 'react';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { CAMPAIGN_TEXTS, campaignStats, filterCampaigns } from '@leadline/shared/campaigns';
import type { Campaign } from '@leadline/shared/campaigns';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { allCampaigns, useCampaigns } from '../../features/campaigns/api/get-campaigns.ts';
import {
  ApiErrorBox,
  LoadErrorBanner,
  OfflineBanner,
} from '../../features/campaigns/components/campaign-banners.tsx';
import { CampaignDetailDrawer } from '../../features/campaigns/components/campaign-detail-drawer.tsx';
import { CampaignFormModal } from '../../features/campaigns/components/campaign-form-modal.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';
import { CampaignGrid } from '../../features/campaigns/components/campaign-grid.tsx';
import { CampaignStats } from '../../features/campaigns/components/campaign-stats.tsx';
import { CampaignToolbar } from '../../features/campaigns/components/campaign-toolbar.tsx';
import { useCampaignView } from '../../features/campaigns/components/campaign-view-state.ts';
import { CampaignsEmpty } from '../../features/campaigns/components/campaigns-empty.tsx';
import { useCampaignActions } from '../../features/campaigns/components/use-campaign-actions.ts';
import { CampaignDomainWarning } from '../../features/domain-check/components/campaign-domain-warning.tsx';

/** /campaigns: 'Campaign Management'. */
export const CampaignsRoute = () => {
  const { user } = useSession();
  const { online } = useNetwork();
  const view = useCampaignView();
  const campaigns = useCampaigns();
  const [formTarget, setFormTarget] = useState<string | null>(null);
  const actions = useCampaignActions(
    (id) => {
      if (view.campaignId === id) view.closeCampaign();
    },
    (campaign) => <CampaignDomainWarning campaignId={campaign._id} />,
  );
  const superAdmin = user?.role === 'Super Admin';
  const canCreate = user?.isOrgUser === true;

  const everything = allCampaigns(campaigns.data);
  const filter = { search: view.search, status: view.status, sort: view.sort };
  const groups = useMemo(() => {
    const data = campaigns.data;
    if (!data) return [];
    const entries: [string, Campaign[]][] = Array.isArray(data)
      ? [['', data]]
      : Object.entries(data).sort(([a], [b]) => a.localeCompare(b));
    return entries
      .map(([organization, list]) => [organization, filterCampaigns(list, filter)] as const)
      .filter(([, list]) => list.length > 0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [campaigns.data, view.search, view.status, view.sort]);
  const cardActions = {
    onView: (campaign: Campaign) => view.openCampaign(campaign._id),
    onEdit: (campaign: Campaign) => setFormTarget(campaign._id),
    onSend: actions.onSend,
    onPause: actions.onPause,
    onDelete: actions.onDelete,
    busyId: actions.busyId,
  };

  return (
    <>
      <PageHeader
        title={CAMPAIGN_TEXTS.title}
        description="Create email, LinkedIn and call campaigns, send them and follow every lead."
        actions={
          canCreate ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget('new')}>
              New Campaign
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        {!online ? <OfflineBanner /> : null}
        {actions.apiError !== undefined ? (
          <ApiErrorBox message={actions.apiError} onClose={actions.clearApiError} />
        ) : null}
        {campaigns.isError ? (
          <LoadErrorBanner
            message={errorMessage(campaigns.error, CAMPAIGN_TEXTS.loadError)}
            retrying={campaigns.isFetching}
            onRetry={() => void campaigns.refetch()}
          />
        ) : null}
        {campaigns.isPending ? (
          <Group gap="sm" justify="center" py="xl">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">{CAMPAIGN_TEXTS.loading}</Text>
          </Group>
        ) : null}
        {campaigns.data ? (
          <>
            {!superAdmin ? <CampaignStats stats={campaignStats(everything)} /> : null}
            <CampaignToolbar
              search={view.search}
              status={view.status}
              sort={view.sort}
              onSearch={view.setSearch}
              onStatus={view.setStatus}
              onSort={view.setSort}
            />
            {groups.length === 0 ? (
              <CampaignsEmpty
                everywhere={superAdmin && everything.length === 0}
                filtered={everything.length > 0}
                canCreate={canCreate}
              />
            ) : (
              groups.map(([organization, list]) => (
                <Stack key={organization} gap="sm">
                  {organization ? (
                    <Group gap="xs">
                      <Title order={3} size="h4">
                        {organization}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {list.length} {list.length === 1 ? 'campaign' : 'campaigns'}
                      </Text>
                    </Group>
                  ) : null}
                  <CampaignGrid campaigns={list} actions={cardActions} />
                </Stack>
              ))
            )}
          </>
        ) : null}
      </Stack>
      <CampaignFormModal
        target={formTarget}
        onClose={() => setFormTarget(null)}
        templatePicker={(apply, label) => <TemplatePicker onPick={apply} label={label} />}
      />
      <CampaignDetailDrawer
        campaignId={view.campaignId}
        onClose={view.closeCampaign}
        actions={{
          onEdit: (campaign) => setFormTarget(campaign._id),
          onSend: actions.onSend,
          onPause: actions.onPause,
          onResume: actions.onResume,
          onDelete: actions.onDelete,
          busyId: actions.busyId,
        }}
      />
    </>
  );
};
