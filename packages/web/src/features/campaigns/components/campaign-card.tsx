import { memo } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { canSend } from '@leadline/shared/campaigns';
import type { Campaign } from '@leadline/shared/campaigns';
import { StatusBadge, TypeIcon } from './campaign-look.tsx';

export type CampaignActions = {
  onView: (campaign: Campaign) => void;
  onEdit: (campaign: Campaign) => void;
  onSend: (campaign: Campaign) => void;
  onPause: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
  /** The campaign whose action is under way (its buttons wait). */
  busyId: string | null;
};

const Figure = ({ label, value }: { label: string; value: number }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text fw={700}>{value.toLocaleString()}</Text>
  </Stack>
);

/** A campaign card: type icon, status, description, Leads and Sent, and its actions. */
export const CampaignCard = memo(function CampaignCard({
  campaign,
  actions,
}: {
  campaign: Campaign;
  actions: CampaignActions;
}) {
  const busy = actions.busyId === campaign._id;
  const tasks = campaign.type !== 'email';
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={campaign.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <TypeIcon type={campaign.type} />
            <Text fw={700} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {campaign.name}
            </Text>
          </Group>
          <StatusBadge status={campaign.status} />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ flexGrow: 1 }}>
          {campaign.description || 'No description'}
        </Text>
        {campaign.statusMessage ? (
          <Text size="xs" c="orange" lineClamp={3} title={campaign.statusMessage}>
            {campaign.statusMessage}
          </Text>
        ) : null}
        {campaign.heldMailboxes.length > 0 ? (
          <Text size="xs" c="orange" lineClamp={2}>
            Not sending from {campaign.heldMailboxes.map((held) => held.email).join(', ')}: too many
            bounces
          </Text>
        ) : null}
        <Group gap="xl">
          <Figure label="Leads" value={campaign.leadCount} />
          <Figure label={tasks ? 'Done' : 'Sent'} value={campaign.sentCount} />
        </Group>
        <Group gap={6} wrap="wrap">
          <Button size="compact-sm" variant="default" onClick={() => actions.onView(campaign)}>
            View
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => actions.onEdit(campaign)}>
            Edit
          </Button>
          {canSend(campaign.status) ? (
            <Button size="compact-sm" loading={busy} onClick={() => actions.onSend(campaign)}>
              Send
            </Button>
          ) : null}
          {campaign.status === 'active' ? (
            <Button
              size="compact-sm"
              variant="light"
              color="yellow"
              loading={busy}
              onClick={() => actions.onPause(campaign)}
            >
              Pause
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => actions.onDelete(campaign)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
});
