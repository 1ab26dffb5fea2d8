import { Link, useLocation } from 'react-router';
import { AppShell, Avatar, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import { initials } from '@leadline/shared/organization';
import { hasPermission } from '@leadline/shared/permissions';
import { NeedsReplyCount } from '../../features/conversations/components/needs-reply-count.tsx';
import { SavedViewsNav } from '../../features/saved-views/components/saved-views-nav.tsx';
import { isActivePath, visibleNavItems } from './nav-items.ts';

type SidebarProps = { user: PublicUser; onLogout: () => void };

export const Sidebar = ({ user, onLogout }: SidebarProps) => {
  const { pathname } = useLocation();
  return (
    <>
      <AppShell.Section grow component={ScrollArea} p="xs">
        <nav aria-label="Main">
          <Stack gap={2}>
            {visibleNavItems(user).map((item) => {
              const active = isActivePath(item.path, pathname);
              return (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={item.label}
                  leftSection={<item.icon size={18} stroke={1.6} aria-hidden />}
                  rightSection={item.count === 'needsReply' ? <NeedsReplyCount /> : undefined}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  variant="light"
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        </nav>
        <SavedViewsNav
          enabled={hasPermission(user, 'leadsTable') || hasPermission(user, 'allClients')}
        />
      </AppShell.Section>
      <AppShell.Section p="xs" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <Group gap="sm" wrap="nowrap" px="xs" py={6}>
          <Avatar size={32} radius="xl" color="blue" aria-hidden>
            {initials(user.name) || '?'}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.role}
              {user.organization ? ` · ${user.organization}` : ''}
            </Text>
          </Stack>
        </Group>
        <NavLink
          component="button"
          type="button"
          label="Logout"
          onClick={onLogout}
          leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
          c="red"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AppShell.Section>
    </>
  );
};
