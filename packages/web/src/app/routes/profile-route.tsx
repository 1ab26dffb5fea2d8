import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Grid, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { LoadError } from '../../components/load-error.tsx';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { PermissionGrid } from '../../components/permission-grid.tsx';
import { MOBILE_QUERY } from '../../lib/constants.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { signOut } from '../../lib/sign-out.ts';
import { useMe } from '../../features/profile/api/get-me.ts';
import { signOutEverywhere } from '../../features/profile/api/sign-out-everywhere.ts';
import { ProfileHeader } from '../../features/profile/components/profile-header.tsx';
import { ProfileOverview } from '../../features/profile/components/profile-overview.tsx';
import { ProfileSettings } from '../../features/profile/components/profile-settings.tsx';
import { PasswordSection } from '../../features/profile/components/password-section.tsx';
import { SessionsSection } from '../../features/profile/components/sessions-section.tsx';
import { SignOutEverywhereChoice } from '../../features/profile/components/sign-out-everywhere-choice.tsx';
import { TwoFactorSection } from '../../features/two-factor/components/two-factor-section.tsx';
import { ApiKeysSection } from '../../features/api-keys/components/api-keys-section.tsx';
import { effectivePermissions } from '@leadline/shared/permissions';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
    <Title order={3} size="h4" mb="md">
      {title}
    </Title>
    {children}
  </Paper>
);

/** /profile: the signed-in user from GET /api/auth/me. */
export const ProfileRoute = () => {
  const me = useMe();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const navigate = useNavigate();

  const confirmLogout = () =>
    modals.openConfirmModal({
      title: 'Log out',
      children: (
        <Text size="sm">
          Are you sure you want to logout? You&apos;ll need to sign in again to access your account.
        </Text>
      ),
      labels: { confirm: 'Yes, log out', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        signOut();
        navigate('/login', { replace: true });
      },
    });

  const confirmSignOutEverywhere = () => {
    const choice = { revokeApiKeys: false };
    modals.openConfirmModal({
      title: 'Sign out everywhere',
      children: (
        <SignOutEverywhereChoice
          onChange={(revokeApiKeys) => (choice.revokeApiKeys = revokeApiKeys)}
        />
      ),
      labels: { confirm: 'Yes, sign out everywhere', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        signOutEverywhere(choice.revokeApiKeys).then(
          (answer) => {
            const revoked = answer.revokedApiKeys;
            notifySuccess(
              revoked
                ? `Signed out everywhere and ${revoked.length === 1 ? '1 API key' : `${revoked.length} API keys`} revoked. Sign in again to continue.`
                : 'Signed out everywhere. Sign in again to continue.',
            );
            navigate('/login', { replace: true });
          },
          (error: unknown) =>
            notifyError(errorMessage(error, 'Could not sign out everywhere. Try again.'), error),
        );
      },
    });
  };

  if (me.isPending) return <CenteredLoader label="Loading profile" />;
  if (me.isError || !me.data) {
    return (
      <LoadError
        title="Profile"
        message="Unable to load profile information"
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
        maw={560}
      />
    );
  }

  const user = me.data;
  const overview = <ProfileOverview user={user} />;
  const permissions = (
    <PermissionGrid permissions={effectivePermissions(user.role, user.permissions)} />
  );
  const settings = (
    <Stack gap="xl">
      <ProfileSettings />
      <PasswordSection />
      <SessionsSection />
    </Stack>
  );
  const apiKeys = <ApiKeysSection />;
  const twoFactor = <TwoFactorSection />;

  return (
    <Stack gap="lg">
      <ProfileHeader
        user={user}
        onLogout={confirmLogout}
        onSignOutEverywhere={confirmSignOutEverywhere}
      />
      {mobile ? (
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List grow>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            {overview}
          </Tabs.Panel>
          <Tabs.Panel value="permissions" pt="md">
            {permissions}
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            <Stack gap="xl">
              {settings}
              <Stack gap="xs" component="section" aria-label="Two-step sign-in">
                <Text fw={600}>Two-step sign-in</Text>
                {twoFactor}
              </Stack>
              <Stack gap="xs" component="section" aria-label="API keys">
                <Text fw={600}>API keys</Text>
                {apiKeys}
              </Stack>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <Section title="Overview">{overview}</Section>
              <Section title="Settings">{settings}</Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <Section title="Two-step sign-in">{twoFactor}</Section>
              <Section title="Permissions">{permissions}</Section>
              <Section title="API keys">{apiKeys}</Section>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
};
