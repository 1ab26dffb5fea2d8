import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MAILBOXES_MAX } from '@leadline/shared/mailboxes';
import type { Mailbox } from '@leadline/shared/mailboxes';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMailbox } from '../api/delete-mailbox.ts';
import { useMailboxes } from '../api/get-mailboxes.ts';
import { useMakeDefaultMailbox } from '../api/make-default-mailbox.ts';
import { MailboxCard } from './mailbox-card.tsx';
import { MailboxForm } from './mailbox-form.tsx';
import { deleteMailboxText } from './mailbox-texts.ts';

/** Null: the cards; 'new': adding one; a mailbox: editing it. */
type Editing = null | 'new' | Mailbox;

/**
 * The mail settings page's "Mailboxes": a card per mailbox with Make default, Edit and Delete,
 * and Add mailbox. Shown once the user has a mailbox.
 */
export const MailboxesSection = () => {
  const mailboxes = useMailboxes();
  const remove = useDeleteMailbox();
  const makeDefault = useMakeDefaultMailbox();
  const [editing, setEditing] = useState<Editing>(null);
  const list = mailboxes.data?.mailboxes ?? [];
  if (mailboxes.isError) {
    return (
      <LoadError
        title="Could not load your mailboxes"
        message={errorMessage(mailboxes.error, 'Failed to load the mailboxes')}
        onRetry={() => void mailboxes.refetch()}
        retrying={mailboxes.isFetching}
        maw={560}
      />
    );
  }
  if (list.length === 0) return null;

  const onDelete = (mailbox: Mailbox) =>
    confirmDanger({
      title: `Delete mailbox ${mailbox.email}`,
      message: deleteMailboxText(mailbox, list),
      confirmLabel: 'Delete mailbox',
      onConfirm: () =>
        remove.mutate(mailbox._id, {
          onSuccess: (answer) => notifySuccess(answer.message),
          onError: (error) => notifyError(`Failed to delete ${mailbox.email}`, error),
        }),
    });
  const onMakeDefault = (mailbox: Mailbox) =>
    makeDefault.mutate(mailbox._id, {
      onSuccess: (answer) => notifySuccess(answer.message),
      onError: (error) => notifyError(`Failed to make ${mailbox.email} the default`, error),
    });
  const busyOf = (mailbox: Mailbox) =>
    remove.isPending && remove.variables === mailbox._id
      ? 'delete'
      : makeDefault.isPending && makeDefault.variables === mailbox._id
        ? 'default'
        : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="mailboxes-title">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={0}>
          <Title order={3} size="h4" id="mailboxes-title">
            Mailboxes
          </Title>
          <Text size="sm" c="dimmed">
            Each mailbox has its own from-name, signature, daily limit and warm-up. Sends use the
            default unless you pick another.
          </Text>
        </Stack>
        {editing === null && list.length < MAILBOXES_MAX ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing('new')}
          >
            Add mailbox
          </Button>
        ) : null}
      </Group>
      {editing !== null ? (
        <MailboxForm
          key={editing === 'new' ? 'new' : editing._id}
          mailbox={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((mailbox) => (
            <MailboxCard
              key={mailbox._id}
              mailbox={mailbox}
              busy={busyOf(mailbox)}
              onMakeDefault={() => onMakeDefault(mailbox)}
              onEdit={() => setEditing(mailbox)}
              onDelete={() => onDelete(mailbox)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
