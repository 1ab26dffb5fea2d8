import { useState } from 'react';
import { Checkbox, Stack, Text } from '@mantine/core';

type SignOutEverywhereChoiceProps = {
  /** Called with the box's new state (the dialog reads it when confirmed). */
  onChange: (revokeApiKeys: boolean) => void;
};

/**
 * The sign-out-everywhere dialog's text and its choice: also revoke the account's API keys
 * (a session can be ended by signing out; a key someone copied works until it is revoked).
 */
export const SignOutEverywhereChoice = ({ onChange }: SignOutEverywhereChoiceProps) => {
  const [checked, setChecked] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">
        This ends every session of your account: in this browser and on every other device.
        You&apos;ll need to sign in again on each.
      </Text>
      <Checkbox
        checked={checked}
        onChange={(event) => {
          setChecked(event.currentTarget.checked);
          onChange(event.currentTarget.checked);
        }}
        label="Also revoke all my API keys"
        description="Scripts and tools using them stop working at once; you can create new keys afterwards. Choose this if you think a key may have been seen by someone else."
      />
    </Stack>
  );
};
