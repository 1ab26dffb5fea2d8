import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  Indicator,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconShieldCog } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PublicUser } from '@leadline/shared/auth';
import { countGranted, effectivePermissions } from '@leadline/shared/permissions';
import type { Role } from '@leadline/shared/roles';
import { initials } from '@leadline/shared/organization';

const ROLE_COLORS: Record<Role, string> = {
  'Super Admin': 'grape',
  Admin: 'indigo',
  'Sales Manager': 'blue',
  'Sales Rep': 'teal',
  Marketing: 'orange',
  'Client Manager': 'cyan',
};

export type CardLayout = 'grid' | 'list';

type UserCardProps = {
  user: PublicUser;
  layout: CardLayout;
  canEdit: boolean;
  onEdit: () => void;
  /** The administrator's account menu, when they may manage this account. */
  actions?: ReactNode;
};

const isActive = (user: PublicUser) => user.isActive && user.status === 'active';

export const UserCard = ({ user, layout, canEdit, onEdit, actions }: UserCardProps) => {
  const active = isActive(user);
  const granted = countGranted(effectivePermissions(user.role, user.permissions));
  const stateLabel = active ? 'Active' : user.status.charAt(0).toUpperCase() + user.status.slice(1);

  const avatar = (
    <Tooltip label={stateLabel} withArrow>
      <Indicator
        color={active ? 'green' : 'gray'}
        size={12}
        offset={5}
        position="bottom-end"
        withBorder
        aria-label={stateLabel}
        role="img"
      >
        <Avatar color={ROLE_COLORS[user.role]} radius="xl" size={layout === 'grid' ? 48 : 40}>
          {initials(user.name, 1) || '?'}
        </Avatar>
      </Indicator>
    </Tooltip>
  );

  const edit = (
    <Group gap={6} wrap="nowrap">
      {canEdit ? (
        <Tooltip label="Edit permissions" withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={`Edit permissions for ${user.name}`}
            onClick={onEdit}
          >
            <IconShieldCog size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {actions}
    </Group>
  );

  const details = (
    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
      <Text fw={600} truncate>
        {user.name}
      </Text>
      <Text size="sm" c="dimmed" truncate>
        {user.email}
      </Text>
    </Stack>
  );

  const meta = (
    <Group gap={6} wrap="wrap">
      <Badge color={ROLE_COLORS[user.role]} variant="light">
        {user.role}
      </Badge>
      <Badge color="gray" variant="outline">
        {granted} {granted === 1 ? 'permission' : 'permissions'}
      </Badge>
      {user.status === 'inactive' ? (
        <Badge color="red" variant="light">
          Deactivated
        </Badge>
      ) : null}
    </Group>
  );

  if (layout === 'list') {
    return (
      <Card withBorder radius="md" padding="sm" component="article" aria-label={user.name}>
        <Group wrap="nowrap" gap="sm" align="center">
          {avatar}
          <Group gap="sm" style={{ flex: 1, minWidth: 0 }} wrap="wrap" justify="space-between">
            {details}
            {meta}
          </Group>
          {edit}
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={user.name}>
      <Stack gap="sm">
        <Group wrap="nowrap" gap="sm" align="flex-start">
          {avatar}
          {details}
          {edit}
        </Group>
        {meta}
      </Stack>
    </Card>
  );
};
