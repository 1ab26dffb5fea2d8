import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChecks, IconRefresh, IconSearch, IconUserSearch } from '@tabler/icons-react';
import { LoadError } from '../../components/load-error.tsx';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useApproveUser } from '../../features/approvals/api/approve-user.ts';
import { usePendingUsers } from '../../features/approvals/api/get-pending-users.ts';
import { useRejectUser } from '../../features/approvals/api/reject-user.ts';
import { PendingUserCard } from '../../features/approvals/components/pending-user-card.tsx';

const EmptyState = ({
  title,
  text,
  icon,
}: {
  title: string;
  text: string;
  icon: 'done' | 'search';
}) => (
  <Paper withBorder radius="md" p="xl">
    <Stack align="center" gap="xs">
      <ThemeIcon size={48} radius="xl" variant="light" color={icon === 'done' ? 'green' : 'gray'}>
        {icon === 'done' ? <IconChecks size={26} /> : <IconUserSearch size={26} />}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" ta="center">
        {text}
      </Text>
    </Stack>
  </Paper>
);

/** /approval-users: a Super Admin approves (with an expiry date) or rejects registrations. */
export const ApprovalsRoute = () => {
  const pending = usePendingUsers();
  const approve = useApproveUser();
  const reject = useRejectUser();
  const [search, setSearch] = useState('');
  const [processingId, setProcessingId] = useState<string | null>(null);

  const users = pending.data ?? [];
  const term = search.trim().toLowerCase();
  const visible = term
    ? users.filter((user) =>
        [user.name, user.email, user.role, user.department, user.organization ?? '']
          .join(' ')
          .toLowerCase()
          .includes(term),
      )
    : users;

  const handleApprove = (id: string, expiresAt: string) => {
    setProcessingId(id);
    approve.mutate(
      { id, expiresAt },
      {
        onSuccess: (response) => notifySuccess(response.message || 'User approved successfully'),
        onError: (error) => notifyError('Failed to approve user. Please try again.', error),
        onSettled: () => setProcessingId(null),
      },
    );
  };

  const handleReject = (id: string) => {
    modals.openConfirmModal({
      title: 'Reject user',
      children: (
        <Text size="sm">
          Are you sure you want to reject this user? This action cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Reject user', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setProcessingId(id);
        reject.mutate(id, {
          onSuccess: (response) => notifySuccess(response.message || 'User rejected'),
          onError: (error) => notifyError('Failed to reject user. Please try again.', error),
          onSettled: () => setProcessingId(null),
        });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Title order={2}>Pending User Approvals</Title>
          <Badge size="lg" circle={users.length < 10} aria-label={`${users.length} pending`}>
            {users.length}
          </Badge>
        </Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={pending.isFetching && !pending.isPending}
          onClick={() => void pending.refetch()}
        >
          Refresh
        </Button>
      </Group>
      <TextInput
        label="Search pending users"
        placeholder="Name, email, role or department"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />
      {pending.isPending ? (
        <CenteredLoader label="Loading pending users" />
      ) : pending.isError ? (
        <LoadError
          title="Could not load"
          message="Failed to fetch pending users. Please try again."
          onRetry={() => void pending.refetch()}
          retrying={pending.isFetching}
        />
      ) : users.length === 0 ? (
        <EmptyState
          icon="done"
          title="All caught up!"
          text="No registrations are waiting for approval."
        />
      ) : visible.length === 0 ? (
        <EmptyState
          icon="search"
          title="No users found"
          text="No pending user matches your search."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {visible.map((user) => (
            <PendingUserCard
              key={user._id}
              user={user}
              busy={processingId === user._id}
              onApprove={(expiresAt) => handleApprove(user._id, expiresAt)}
              onReject={() => handleReject(user._id)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
};
