import { Badge, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { DELIVERY_STATUS_LABELS } from '@leadline/shared/webhooks';
import type { Webhook } from '@leadline/shared/webhooks';
import { formatDateTime } from '../../../lib/format.ts';
import { eventsSummary } from './event-labels.ts';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons.tsx';

type WebhookCardProps = {
  webhook: Webhook;
  selected: boolean;
  onShowDeliveries: () => void;
  onEdit: () => void;
  onToggle: (active: boolean) => void;
  onDelete: () => void;
  toggling: boolean;
};

const lastDeliveryText = (webhook: Webhook): string => {
  const last = webhook.lastDelivery;
  if (!last) return 'No delivery yet';
  const code = last.responseStatus === null ? '' : ` (${last.responseStatus})`;
  return `Last delivery: ${DELIVERY_STATUS_LABELS[last.status]}${code}, ${formatDateTime(last.at)}`;
};

/** One webhook: its URL, events, state and last delivery, with its actions. */
export const WebhookCard = ({
  webhook,
  selected,
  onShowDeliveries,
  onEdit,
  onToggle,
  onDelete,
  toggling,
}: WebhookCardProps) => (
  <Paper
    withBorder
    radius="md"
    p={{ base: 'sm', sm: 'md' }}
    data-testid="webhook-card"
    style={selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
  >
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {webhook.url}
        </Text>
        <Badge color={webhook.active ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {webhook.active ? 'Active' : 'Disabled'}
        </Badge>
      </Group>
      <Text size="sm">{eventsSummary(webhook.events)}</Text>
      {!webhook.active && webhook.disabledAt ? (
        <Text size="sm" c="red">
          Switched off after failing for 24 hours, since {formatDateTime(webhook.disabledAt)}
        </Text>
      ) : webhook.active && webhook.failingSince ? (
        <Text size="sm" c="orange">
          Failing since {formatDateTime(webhook.failingSince)}: retrying
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {lastDeliveryText(webhook)}
      </Text>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Switch
          label={webhook.active ? 'On' : 'Off'}
          aria-label={`Webhook ${webhook.url} on`}
          checked={webhook.active}
          disabled={toggling}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant={selected ? 'filled' : 'light'}
            leftSection={<IconList size={14} />}
            onClick={onShowDeliveries}
          >
            Deliveries
          </Button>
          <EditDeleteButtons onEdit={onEdit} onDelete={onDelete} />
        </Group>
      </Group>
    </Stack>
  </Paper>
);
