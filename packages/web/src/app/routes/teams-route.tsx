import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import type { PublicUser } from '@leadline/shared/auth';
import {
  canApproveUsers,
  canEditPermissions,
  hasPermission,
  isAdministrator,
} from '@leadline/shared/permissions';
import { ROLES } from '@leadline/shared/roles';
import { LoadError } from '../../components/load-error.tsx';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { useSession } from '../../lib/session.ts';
import { useUsers } from '../../features/teams/api/get-users.ts';
import { PermissionEditorModal } from '../../features/teams/components/permission-editor-modal.tsx';
import {
  filterUsers,
  membersLabel,
  toTeamGroups,
} from '../../features/teams/components/team-groups.ts';
import { UserCard } from '../../features/teams/components/user-card.tsx';
import { useAccountAdmin } from '../../features/teams/components/use-account-admin.tsx';
import { OrganizationSettingsPanel } from '../../features/organizations/components/organization-settings.tsx';
import { OrganizationApiKeysPanel } from '../../features/api-keys/components/organization-api-keys-panel.tsx';
import type { CardLayout } from '../../features/teams/components/user-card.tsx';

/** /teams: the members the signed-in user may see, with the permission editor. */
export const TeamsRoute = () => {
  const { user: actor } = useSession();
  const users = useUsers();
  const [params] = useSearchParams();
  // A link from search (?search=<name>) starts filtered on that person.
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [role, setRole] = useState('');
  const [layout, setLayout] = useState<CardLayout>('grid');
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const team = users.data
    ? toTeamGroups(users.data, actor?.organization ?? null).flatMap((group) => group.users)
    : [];
  const admin = useAccountAdmin(actor!, team);

  if (!actor) return null;
  const mayCreate = actor.role === 'Super Admin' || hasPermission(actor, 'createUser');
  const mayApprove = canApproveUsers(actor);

  const groups = users.data
    ? toTeamGroups(users.data, actor.organization).map((group) => ({
        ...group,
        visible: filterUsers(group.users, search, role),
      }))
    : [];
  const anyVisible = groups.some((group) => group.visible.length > 0);
  const filtering = search.trim() !== '' || role !== '';

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>Team Members</Title>
        <Group gap="xs" wrap="wrap">
          {mayApprove ? (
            <Button
              component={Link}
              to="/approval-users"
              variant="light"
              leftSection={<IconUserCheck size={16} />}
            >
              Approve Users
            </Button>
          ) : null}
          {mayCreate ? (
            <Button component={Link} to="/create-user" leftSection={<IconUserPlus size={16} />}>
              Create User
            </Button>
          ) : null}
        </Group>
      </Group>

      {isAdministrator(actor) ? <OrganizationSettingsPanel /> : null}
      {isAdministrator(actor) ? <OrganizationApiKeysPanel /> : null}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search team members"
          placeholder="Name, email or role"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <NativeSelect
          label="Filter by role"
          value={role}
          onChange={(event) => setRole(event.currentTarget.value)}
          data={[{ value: '', label: 'All roles' }, ...ROLES]}
          style={{ flex: '0 1 200px' }}
        />
        <SegmentedControl
          aria-label="Layout"
          value={layout}
          onChange={(value) => setLayout(value as CardLayout)}
          data={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
      </Group>

      {users.isPending ? (
        <CenteredLoader label="Loading team members" />
      ) : users.isError ? (
        <LoadError
          title="Could not load"
          message="Failed to fetch users"
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : !anyVisible ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap={4}>
            <Title order={3} size="h4">
              No team members found
            </Title>
            <Text c="dimmed" ta="center">
              {filtering ? 'Try another search or role.' : 'Nobody belongs to this team yet.'}
            </Text>
          </Stack>
        </Paper>
      ) : (
        groups
          .filter((group) => group.visible.length > 0)
          .map((group) => (
            <Stack key={group.key} gap="sm" component="section" aria-label={group.title}>
              <Group gap="xs">
                <Title order={3} size="h4">
                  {group.title}
                </Title>
                <Badge variant="light" color="gray">
                  {membersLabel(group.users.length)}
                </Badge>
              </Group>
              <SimpleGrid
                cols={layout === 'grid' ? { base: 1, sm: 2, lg: 3 } : 1}
                spacing="sm"
                verticalSpacing="sm"
              >
                {group.visible.map((user) => (
                  <UserCard
                    key={user._id}
                    user={user}
                    layout={layout}
                    canEdit={canEditPermissions(actor, user)}
                    onEdit={() => setEditing(user)}
                    actions={admin.actionsFor(user)}
                  />
                ))}
              </SimpleGrid>
            </Stack>
          ))
      )}
      <PermissionEditorModal user={editing} onClose={() => setEditing(null)} />
      {admin.dialogs}
    </Stack>
  );
};
