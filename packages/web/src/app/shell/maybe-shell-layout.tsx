import { Outlet } from 'react-router';
import { Container } from '@mantine/core';
import { useSession } from '../../lib/session.ts';
import { ShellLayout } from './shell-layout.tsx';

/** /create-user is reachable without a token (it then says 'Unauthorized'); signed in, it has the shell. */
export const MaybeShellLayout = () => {
  const { token, user } = useSession();
  if (token && user) return <ShellLayout />;
  return (
    <Container size="sm" py="xl">
      <Outlet />
    </Container>
  );
};
