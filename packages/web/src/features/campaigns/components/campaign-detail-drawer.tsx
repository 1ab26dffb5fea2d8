import { Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import type { Campaign } from '@leadline/shared/campaigns';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { StatusBadge, TypeIcon } from './campaign-look.tsx';
import { PausedByItselfBanner } from './campaign-banners.tsx';
import { HeldMailboxesBanner } from './held-mailboxes-banner.tsx';
import { CampaignRecipients } from './campaign-recipients.tsx';
import { CampaignSummary } from './campaign-summary.tsx';

export type DetailActions = {
  onEdit: (campaign: Campaign) => void;
  onSend: (campaign: Campaign) => void;
  onPause: (campaign: Campaign) => void;
  onResume: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
  busyId: string | null;
};

type CampaignDetailDrawerProps = {
  campaignId: string | null;
  onClose: () => void;
  actions: DetailActions;
};

/** View: the campaign, its progress and every lead's state (live while it sends). */
export const CampaignDetailDrawer = ({
  campaignId,
  onClose,
  actions,
}: CampaignDetailDrawerProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const campaign = useCampaign(campaignId);
  const data = campaign.data;
  const busy = data ? actions.busyId === data._id : false;
  const missing = campaign.error instanceof ApiRequestError && campaign.error.status === 404;

  return (
    <Drawer
      opened={campaignId !== null}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 'xl'}
      title={
        data ? (
          <Group gap="sm" wrap="nowrap">
            <TypeIcon type={data.type} size={30} />
            <Title order={3} size="h4" style={{ wordBreak: 'break-word' }}>
              {data.name}
            </Title>
            <StatusBadge status={data.status} />
          </Group>
        ) : (
          'Campaign'
        )
      }
    >
      {!data ? (
        campaign.isError ? (
          <Text c="red" role="alert">
            {missing
              ? 'This campaign no longer exists.'
              : errorMessage(campaign.error, 'Failed to load the campaign')}
          </Text>
        ) : (
          <CenteredLoader label="Loading campaign" />
        )
      ) : (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => actions.onEdit(data)}
            >
              Edit
            </Button>
            {data.status === 'draft' ? (
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                loading={busy}
                onClick={() => actions.onSend(data)}
              >
                Send
              </Button>
            ) : null}
            {data.status === 'active' ? (
              <Button
                size="xs"
                variant="light"
                color="yellow"
                leftSection={<IconPlayerPause size={14} />}
                loading={busy}
                onClick={() => actions.onPause(data)}
              >
                Pause
              </Button>
            ) : null}
            {data.status === 'paused' ? (
              <Button
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
                loading={busy}
                onClick={() => actions.onResume(data)}
              >
                Resume
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              disabled={busy}
              onClick={() => actions.onDelete(data)}
            >
              Delete
            </Button>
          </Group>
          <PausedByItselfBanner message={data.statusMessage} />
          <HeldMailboxesBanner campaign={data} />
          <CampaignSummary campaign={data} />
          <Divider label={data.type === 'email' ? 'Leads' : 'Tasks'} labelPosition="left" />
          <CampaignRecipients key={data._id} campaign={data} />
        </Stack>
      )}
    </Drawer>
  );
};
