import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { DELIVERIES_PER_PAGE, WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';
import type { Webhook, WebhookDelivery } from '@leadline/shared/webhooks';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PaginationBar } from '../../../components/pagination-bar.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeliveries, useRedeliver, useSendTestEvent } from '../api/deliveries.ts';
import { DeliveriesList } from './deliveries-list.tsx';

/** The notice of a webhook that was switched off for failing. */
export const DisabledNotice = ({ webhook }: { webhook: Webhook }) =>
  !webhook.active && webhook.disabledAt ? (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`Switched off after failing for ${WEBHOOK_FAILURE_HOURS} hours`}
      data-testid="disabled-notice"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Since {formatDateTime(webhook.disabledAt)}. {webhook.disabledReason}. Fix the receiver, then
        switch the webhook on again: waiting events are delivered then.
      </Text>
    </Alert>
  ) : null;

/** A webhook's recent deliveries, with "Send test event" and "Redeliver". */
export const WebhookDetail = ({ webhook }: { webhook: Webhook }) => {
  const [page, setPage] = useState(1);
  const list = useDeliveries(webhook._id, page);
  const test = useSendTestEvent();
  const redeliver = useRedeliver();

  const sendTest = () =>
    test.mutate(webhook._id, {
      onSuccess: () => notifySuccess('Test event sent: it appears below within seconds'),
      onError: (error) => notifyError(errorMessage(error, 'The test event could not be sent.')),
    });
  const onRedeliver = (delivery: WebhookDelivery) =>
    redeliver.mutate(delivery._id, {
      onSuccess: () => notifySuccess('Delivery queued again'),
      onError: (error) => notifyError(errorMessage(error, 'It could not be redelivered.')),
    });

  const data = list.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} aria-label="Deliveries">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Title order={4}>Recent deliveries</Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Text>
          </Stack>
          <Button
            leftSection={<IconSend size={16} />}
            variant="light"
            onClick={sendTest}
            loading={test.isPending}
            disabled={!webhook.active}
            title={webhook.active ? undefined : 'Switch the webhook on to send a test event'}
          >
            Send test event
          </Button>
        </Group>
        <DisabledNotice webhook={webhook} />
        {list.isPending ? (
          <CenteredLoader label="Loading deliveries" />
        ) : list.isError ? (
          <LoadError
            title="The deliveries could not be loaded"
            message={errorMessage(list.error, 'Please try again.')}
            onRetry={() => void list.refetch()}
            retrying={list.isRefetching}
          />
        ) : data && data.total === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            Nothing delivered yet. Events the webhook takes appear here; send a test event to try
            the receiver.
          </Text>
        ) : data ? (
          <>
            <DeliveriesList
              deliveries={data.deliveries}
              onRedeliver={onRedeliver}
              redelivering={redeliver.isPending ? (redeliver.variables ?? null) : null}
              off={!webhook.active}
            />
            <PaginationBar
              page={data.page}
              pageSize={DELIVERIES_PER_PAGE}
              total={data.total}
              noun={data.total === 1 ? 'delivery' : 'deliveries'}
              onPageChange={setPage}
              disabled={list.isFetching}
            />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
};
