import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import type { PublicUser } from '@leadline/shared/auth';
import type { Role } from '@leadline/shared/roles';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangeRole } from '../api/account-actions.ts';

type RoleModalProps = { user: PublicUser | null; roles: readonly Role[]; onClose: () => void };

export const RoleModal = ({ user, roles, onClose }: RoleModalProps) => (
  <Modal opened={user !== null} onClose={onClose} title="Change role" centered>
    {user ? <RoleForm key={user.id} user={user} roles={roles} onClose={onClose} /> : null}
  </Modal>
);

const RoleForm = ({
  user,
  roles,
  onClose,
}: {
  user: PublicUser;
  roles: readonly Role[];
  onClose: () => void;
}) => {
  const [role, setRole] = useState<Role>(user.role);
  const change = useChangeRole();
  const save = () =>
    change.mutate(
      { id: user.id, role },
      {
        onSuccess: () => {
          notifySuccess(`${user.name} is now ${role}`);
          onClose();
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to change the role'), error),
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm">
        {user.name} ({user.email}) is {user.role}. The new role applies on their next request.
      </Text>
      <NativeSelect
        label="Role"
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as Role)}
        data={[...roles]}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={change.isPending} disabled={role === user.role}>
          Save role
        </Button>
      </Group>
    </Stack>
  );
};
