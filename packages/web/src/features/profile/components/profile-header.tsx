import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDevicesOff, IconLogout } from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import { initials } from '@leadline/shared/organization';
import { profileStatus } from './profile-overview.tsx';

type ProfileHeaderProps = {
  user: PublicUser;
  onLogout: () => void;
  onSignOutEverywhere: () => void;
};

export const ProfileHeader = ({ user, onLogout, onSignOutEverywhere }: ProfileHeaderProps) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
    <Group justify="space-between" wrap="wrap" gap="md">
      <Group wrap="nowrap" gap="md" style={{ minWidth: 0 }}>
        <Avatar size={64} radius="xl" color="blue">
          {initials(user.name) || '?'}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Title>
          <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Group gap={6}>
            <Badge variant="light">{user.role}</Badge>
            <Badge variant="dot" color={user.status === 'active' ? 'green' : 'gray'}>
              {profileStatus(user)}
            </Badge>
          </Group>
        </Stack>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Button
          color="red"
          variant="default"
          leftSection={<IconDevicesOff size={16} />}
          onClick={onSignOutEverywhere}
        >
          Sign out everywhere
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconLogout size={16} />}
          onClick={onLogout}
        >
          Log out
        </Button>
      </Group>
    </Group>
  </Paper>
);
