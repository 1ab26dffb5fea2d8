import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { PublicUser } from '@leadline/shared/auth';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteUser } from '../api/account-actions.ts';

type DeleteUserModalProps = {
  user: PublicUser | null;
  /** Everyone the team screen lists: the successors are the user's active teammates. */
  team: readonly PublicUser[];
  onClose: () => void;
};

/** Deleting an account asks who takes over its leads (default: the organisation's first Admin). */
export const DeleteUserModal = ({ user, team, onClose }: DeleteUserModalProps) => {
  const [successorId, setSuccessorId] = useState('');
  const remove = useDeleteUser();
  const candidates = team.filter(
    (member) =>
      user &&
      member.id !== user.id &&
      member.organization === user.organization &&
      member.status === 'active' &&
      member.role !== 'Super Admin',
  );
  const close = () => {
    setSuccessorId('');
    onClose();
  };
  const confirm = () =>
    user &&
    remove.mutate(
      { id: user.id, successorId },
      {
        onSuccess: ({ message }) => {
          notifySuccess(message);
          close();
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to delete the user'), error),
      },
    );
  return (
    <Modal opened={user !== null} onClose={close} title="Delete user" centered>
      <Stack gap="md">
        <Text size="sm">
          {user?.name} ({user?.email}) will be deleted for good and signed out at once. Their leads
          go to the person you choose, with an entry in each lead&apos;s history.
        </Text>
        <NativeSelect
          label="Who takes over their leads"
          value={successorId}
          onChange={(event) => setSuccessorId(event.currentTarget.value)}
          data={[
            { value: '', label: "The organisation's first Admin" },
            ...candidates.map((member) => ({
              value: member.id,
              label: `${member.name} (${member.role})`,
            })),
          ]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete user
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
