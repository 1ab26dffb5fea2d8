import { Stack, Text } from '@mantine/core';
import type { ChangePasswordResponse } from '@leadline/shared/accounts';
import { ChangePasswordForm } from '../../../components/change-password-form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { setSession } from '../../../lib/session.ts';

/** Change password: this browser stays signed in, every other session ends. */
export const PasswordSection = () => {
  const changed = ({ message, token, user }: ChangePasswordResponse) => {
    setSession(token, user);
    notifySuccess(message);
  };
  return (
    <Stack gap="xs">
      <Text fw={600} id="password-label">
        Password
      </Text>
      <Text size="sm" c="dimmed">
        Changing it signs you out everywhere else; this browser stays signed in.
      </Text>
      <ChangePasswordForm onChanged={changed} />
    </Stack>
  );
};
