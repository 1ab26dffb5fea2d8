import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { differs, useDiscardGuard, useReportDirty } from '../../../components/discard-guard.tsx';
import { GuardedModal } from '../../../components/discard-guard-modal.tsx';
import { useMediaQuery } from '@mantine/hooks';
import type { PublicUser } from '@leadline/shared/auth';
import {
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  defaultPermissions,
  normalisePermissions,
} from '@leadline/shared/permissions';
import type { PermissionKey, Permissions } from '@leadline/shared/permissions';
import { MOBILE_QUERY } from '../../../lib/constants.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUpdatePermissions } from '../api/update-permissions.ts';

type EditorProps = { user: PublicUser; onClose: () => void; onCancel: () => void };

const PermissionEditor = ({ user, onClose, onCancel }: EditorProps) => {
  const [initial] = useState<Permissions>(() => normalisePermissions(user.permissions));
  const [permissions, setPermissions] = useState<Permissions>(initial);
  useReportDirty(differs(permissions, initial));
  const update = useUpdatePermissions();
  const administrator = user.role === 'Super Admin' || user.role === 'Admin';

  const setMany = (keys: readonly PermissionKey[], value: boolean) =>
    setPermissions((current) => {
      const next = { ...current };
      for (const key of keys) next[key] = value;
      return next;
    });

  const save = () => {
    update.mutate(
      { id: user._id, permissions },
      {
        onSuccess: () => {
          notifySuccess('Permissions updated successfully');
          onClose();
        },
        onError: (error) => notifyError('Failed to update permissions', error),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {user.email} · {user.role}
        {user.organization ? ` · ${user.organization}` : ''}
      </Text>
      {administrator ? (
        <Alert color="blue" variant="light">
          Administrators hold every permission whatever is stored here.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {PERMISSION_GROUPS.map((group) => (
          <Paper
            key={group.title}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={group.title}
          >
            <Group justify="space-between" mb="xs" wrap="wrap" gap={4}>
              <Title order={3} size="h6">
                {group.title}
              </Title>
              <Group gap={4}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={`Select all ${group.title}`}
                  onClick={() => setMany(group.keys, true)}
                >
                  Select all
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  aria-label={`Deselect all ${group.title}`}
                  onClick={() => setMany(group.keys, false)}
                >
                  Deselect all
                </Button>
              </Group>
            </Group>
            <Stack gap={8}>
              {group.keys.map((key) => (
                <Switch
                  key={key}
                  label={PERMISSION_LABELS[key]}
                  checked={permissions[key]}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setPermissions((current) => ({ ...current, [key]: checked }));
                  }}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Group justify="flex-end" gap="xs">
        {administrator ? null : (
          <Button
            variant="subtle"
            mr="auto"
            onClick={() => setPermissions(defaultPermissions(user.role))}
            disabled={update.isPending}
          >
            Reset to role defaults
          </Button>
        )}
        <Button variant="default" onClick={onCancel} disabled={update.isPending}>
          Cancel
        </Button>
        <Button onClick={save} loading={update.isPending}>
          Save permissions
        </Button>
      </Group>
    </Stack>
  );
};

type PermissionEditorModalProps = { user: PublicUser | null; onClose: () => void };

/** One switch per key, select / deselect all per group, save then reload. */
export const PermissionEditorModal = ({ user, onClose }: PermissionEditorModalProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const guard = useDiscardGuard({ onClose });
  return (
    <GuardedModal
      guard={guard}
      opened={user !== null}
      title={user ? `Edit permissions: ${user.name}` : 'Edit permissions'}
      size="xl"
      fullScreen={mobile}
    >
      {user ? (
        <PermissionEditor key={user._id} user={user} onClose={onClose} onCancel={guard.close} />
      ) : null}
    </GuardedModal>
  );
};
