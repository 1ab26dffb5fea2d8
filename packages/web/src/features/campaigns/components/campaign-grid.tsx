import { SimpleGrid } from '@mantine/core';
import type { Campaign } from '@leadline/shared/campaigns';
import { CampaignCard } from './campaign-card.tsx';
import type { CampaignActions } from './campaign-card.tsx';

export const CampaignGrid = ({
  campaigns,
  actions,
}: {
  campaigns: Campaign[];
  actions: CampaignActions;
}) => (
  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
    {campaigns.map((campaign) => (
      <CampaignCard key={campaign._id} campaign={campaign} actions={actions} />
    ))}
  </SimpleGrid>
);
