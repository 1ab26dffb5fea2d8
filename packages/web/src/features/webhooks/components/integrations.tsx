import { useState } from 'react';
import { Button, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Webhook } from '@leadline/shared/webhooks';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useWebhooks } from '../api/get-webhooks.ts';
import { useCreateWebhook, useDeleteWebhook, useUpdateWebhook } from '../api/save-webhook.ts';
import { useDiscardGuard } from '../../../components/discard-guard.tsx';
import { SecretModal } from './secret-modal.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookDetail } from './webhook-detail.tsx';
import { WebhookForm } from './webhook-form.tsx';

const URL_DEFAULTS = { webhook: '' };

/** The Integrations screen: the organisation's webhooks and, for the chosen one, its deliveries. */
export const Integrations = () => {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [view, setView] = useUrlState(URL_DEFAULTS);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  // The dialog keeps its title while it closes.
  const [formTitle, setFormTitle] = useState('Add webhook');
  const openForm = (target: Webhook | 'new') => {
    setFormTitle(target === 'new' ? 'Add webhook' : 'Edit webhook');
    setEditing(target);
  };
  const [secret, setSecret] = useState<string | null>(null);
  const formGuard = useDiscardGuard({ onClose: () => setEditing(null) });

  const list = hooks.data?.webhooks ?? [];
  const selected = list.find((hook) => hook._id === view.webhook) ?? null;

  const toggle = (webhook: Webhook, active: boolean) =>
    update.mutate(
      { id: webhook._id, active },
      {
        onSuccess: () => notifySuccess(active ? 'Webhook switched on' : 'Webhook switched off'),
        onError: (error) => notifyError(errorMessage(error, 'It could not be changed.')),
      },
    );
  const askDelete = (webhook: Webhook) =>
    confirmDanger({
      title: 'Delete this webhook?',
      message: `${webhook.url} will receive no more events, and its delivery history is deleted.`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(webhook._id, {
          onSuccess: () => {
            notifySuccess('Webhook deleted');
            if (view.webhook === webhook._id) setView({ webhook: null });
          },
          onError: (error) => notifyError(errorMessage(error, 'It could not be deleted.')),
        }),
    });

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Integrations"
        description="Webhooks send your organisation's events (new leads, status changes, replies...) to other tools as signed JSON requests."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm('new')}>
            Add webhook
          </Button>
        }
      />
      {hooks.isPending ? (
        <CenteredLoader label="Loading webhooks" />
      ) : hooks.isError ? (
        <LoadError
          title="The webhooks could not be loaded"
          message={errorMessage(hooks.error, 'Please try again.')}
          onRetry={() => void hooks.refetch()}
          retrying={hooks.isRefetching}
        />
      ) : list.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text c="dimmed" ta="center">
            No webhook yet. Add one to send events to a spreadsheet, a chat relay, billing or a data
            warehouse.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {list.map((webhook) => (
            <WebhookCard
              key={webhook._id}
              webhook={webhook}
              selected={selected?._id === webhook._id}
              onShowDeliveries={() =>
                setView({ webhook: selected?._id === webhook._id ? null : webhook._id })
              }
              onEdit={() => openForm(webhook)}
              onToggle={(active) => toggle(webhook, active)}
              onDelete={() => askDelete(webhook)}
              toggling={update.isPending && update.variables?.id === webhook._id}
            />
          ))}
        </SimpleGrid>
      )}
      {selected ? <WebhookDetail key={selected._id} webhook={selected} /> : null}
      <Modal
        ref={formGuard.ref}
        opened={editing !== null}
        onClose={formGuard.onLayerClose}
        title={formTitle}
        centered
        size="lg"
      >
        <formGuard.Scope>
          {editing === 'new' ? (
            <WebhookForm
              submitLabel="Add webhook"
              onCancel={formGuard.close}
              onSubmit={async (values) => {
                const created = await create.mutateAsync(values);
                setEditing(null);
                setView({ webhook: created.webhook._id });
                setSecret(created.secret);
              }}
            />
          ) : editing ? (
            <WebhookForm
              initial={editing}
              submitLabel="Save"
              onCancel={formGuard.close}
              onSubmit={async (values) => {
                await update.mutateAsync({ id: editing._id, ...values });
                setEditing(null);
                notifySuccess('Webhook saved');
              }}
            />
          ) : null}
        </formGuard.Scope>
      </Modal>
      {formGuard.confirm}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
};
