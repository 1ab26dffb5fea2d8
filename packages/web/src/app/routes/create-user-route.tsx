import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { creatableRoles } from '@leadline/shared/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { CreateUserForm } from '../../features/users/components/create-user-form.tsx';

const Notice = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="xl" maw={640}>
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

/** /create-user: an administrator (or a createUser holder) creates an active user. */
export const CreateUserRoute = () => {
  const { user } = useSession();

  if (!user) {
    return (
      <Notice title="Unauthorized">
        <Text>You must be signed in to create users.</Text>
        <Anchor component={Link} to="/login">
          Go to sign in
        </Anchor>
      </Notice>
    );
  }

  if (creatableRoles(user).length === 0) {
    return (
      <Notice title="Access denied">
        <Text>You do not have permission to create users.</Text>
      </Notice>
    );
  }

  return (
    <>
      <PageHeader
        title="Create a user"
        description={
          user.role === 'Super Admin'
            ? 'The account is active at once. Choose any role and organization.'
            : `The account is active at once and joins ${user.organization ?? 'your organization'}.`
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={960}>
        <CreateUserForm actor={user} />
      </Paper>
    </>
  );
};
