import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import { approveSchema } from '@leadline/shared/auth';
import { dateInputToIso, formatDate, tomorrowInputValue } from '../../../lib/format.ts';

type PendingUserCardProps = {
  user: PublicUser;
  busy: boolean;
  onApprove: (expiresAt: string) => void;
  onReject: () => void;
};

export const PendingUserCard = ({ user, busy, onApprove, onReject }: PendingUserCardProps) => {
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | null>(null);

  const approve = () => {
    const parsed = approveSchema.safeParse({ expiresAt: expiry ? dateInputToIso(expiry) : '' });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid expiration date');
      return;
    }
    setError(null);
    onApprove(parsed.data.expiresAt);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={user.name}>
      <Stack gap="xs">
        <Stack gap={4}>
          <Group justify="space-between" align="center" wrap="wrap" gap={6}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {user.name}
            </Title>
            <Badge variant="light">{user.role}</Badge>
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Stack>
        {user.organization ? (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Organization:{' '}
            </Text>
            {user.organization}
          </Text>
        ) : null}
        {user.department ? (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Department:{' '}
            </Text>
            {user.department}
          </Text>
        ) : null}
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            Registered:{' '}
          </Text>
          {formatDate(user.createdAt)}
        </Text>
        <TextInput
          label="Expiration date"
          type="date"
          min={tomorrowInputValue()}
          value={expiry}
          disabled={busy}
          error={error}
          onChange={(event) => {
            setExpiry(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group grow gap="xs" mt={4}>
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            disabled={busy}
            onClick={approve}
          >
            Approve
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} />}
            disabled={busy}
            onClick={onReject}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
