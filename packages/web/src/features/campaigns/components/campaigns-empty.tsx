import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { CAMPAIGN_TEXTS } from '@leadline/shared/campaigns';

type CampaignsEmptyProps = {
  /** A Super Admin with no campaign in any organisation. */
  everywhere: boolean;
  /** A search or status filter hides the campaigns there are. */
  filtered: boolean;
  canCreate: boolean;
};

/** 'No campaigns found' with a hint at what to do next. */
export const CampaignsEmpty = ({ everywhere, filtered, canCreate }: CampaignsEmptyProps) => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap="xs" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
        <IconSpeakerphone size={26} />
      </ThemeIcon>
      <Text fw={600}>{everywhere ? CAMPAIGN_TEXTS.emptyAll : CAMPAIGN_TEXTS.empty}</Text>
      <Text size="sm" c="dimmed" maw={420}>
        {filtered
          ? 'Try another search or status filter.'
          : canCreate
            ? 'Create a campaign with New Campaign: choose its leads or target filters, write the email, then send it.'
            : 'Campaigns the organisations create appear here.'}
      </Text>
    </Stack>
  </Paper>
);
