import { Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { WebhookDelivery } from '@leadline/shared/webhooks';
import { useCardLayout } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { DeliveryStatusBadge } from './delivery-status.tsx';
import { eventLabel } from './event-labels.ts';

type DeliveriesListProps = {
  deliveries: readonly WebhookDelivery[];
  onRedeliver: (delivery: WebhookDelivery) => void;
  redelivering: string | null;
  /** The webhook is switched off: nothing can be redelivered. */
  off: boolean;
};

const when = (delivery: WebhookDelivery) =>
  formatDateTime(delivery.deliveredAt ?? delivery.lastAttemptAt ?? delivery.createdAt);

const response = (delivery: WebhookDelivery) =>
  delivery.responseStatus === null ? 'None' : String(delivery.responseStatus);

const RedeliverButton = ({
  delivery,
  onRedeliver,
  redelivering,
  off,
}: Omit<DeliveriesListProps, 'deliveries'> & { delivery: WebhookDelivery }) =>
  delivery.status === 'pending' ? (
    <Text size="xs" c="dimmed">
      {off
        ? 'Waits until the webhook is on'
        : delivery.nextAttemptAt
          ? `Next try ${formatDateTime(delivery.nextAttemptAt)}`
          : 'Waiting'}
    </Text>
  ) : (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRepeat size={14} />}
      loading={redelivering === delivery._id}
      disabled={off}
      title={off ? 'Switch the webhook on to redeliver' : undefined}
      onClick={() => onRedeliver(delivery)}
    >
      Redeliver
    </Button>
  );

/** A webhook's deliveries: a table on wide screens, cards on narrow ones. */
export const DeliveriesList = ({
  deliveries,
  onRedeliver,
  redelivering,
  off,
}: DeliveriesListProps) => {
  const cards = useCardLayout();
  if (cards)
    return (
      <Stack gap="xs">
        {deliveries.map((delivery) => (
          <Paper key={delivery._id} withBorder radius="md" p="sm" data-testid="delivery-row">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {eventLabel(delivery.eventType)}
                </Text>
                <DeliveryStatusBadge status={delivery.status} />
              </Group>
              <Code fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {delivery.eventId}
              </Code>
              <Text size="xs" c="dimmed">
                {when(delivery)} · response {response(delivery)} · {delivery.attempts}{' '}
                {delivery.attempts === 1 ? 'attempt' : 'attempts'}
              </Text>
              {delivery.error ? (
                <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                  {delivery.error}
                </Text>
              ) : null}
              <Group justify="flex-end">
                <RedeliverButton
                  delivery={delivery}
                  onRedeliver={onRedeliver}
                  redelivering={redelivering}
                  off={off}
                />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Response</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery._id} data-testid="delivery-row">
              <Table.Td>
                <Text size="sm" fw={500}>
                  {eventLabel(delivery.eventType)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {delivery.eventId}
                </Text>
              </Table.Td>
              <Table.Td miw={120}>
                <DeliveryStatusBadge status={delivery.status} />
              </Table.Td>
              <Table.Td data-testid="delivery-response">{response(delivery)}</Table.Td>
              <Table.Td>{delivery.attempts}</Table.Td>
              <Table.Td>
                <Text size="sm">{when(delivery)}</Text>
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="xs" c={delivery.error ? 'red' : 'dimmed'} lineClamp={2}>
                  {delivery.error ?? 'None'}
                </Text>
              </Table.Td>
              <Table.Td>
                <RedeliverButton
                  delivery={delivery}
                  onRedeliver={onRedeliver}
                  redelivering={redelivering}
                  off={off}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
