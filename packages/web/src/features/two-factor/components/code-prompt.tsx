import { useState } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';
import { CodeInput } from './code-input.tsx';

type CodePromptProps = {
  submitLabel: string;
  pending: boolean;
  /** Offer "Use your password instead" (turning off). */
  allowPassword?: boolean;
  onSubmit: (proof: { code?: string; password?: string }, fail: (error: unknown) => void) => void;
  onCancel: () => void;
};

/** Asks for a code from the app (or the password) before a change to the second step. */
export const CodePrompt = ({
  submitLabel,
  pending,
  allowPassword = false,
  onSubmit,
  onCancel,
}: CodePromptProps) => {
  const [usePassword, setUsePassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const fail = (failure: unknown) =>
    setError(errorMessage(failure, 'That did not work. Try again.'));
  return (
    <form
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        onSubmit(usePassword ? { password: value } : { code: value.replace(/\s+/g, '') }, fail);
      }}
    >
      <Stack gap="sm">
        {usePassword ? (
          <PasswordInput
            label="Your password"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            autoComplete="current-password"
            autoFocus
          />
        ) : (
          <CodeInput value={value} onChange={setValue} error={error} />
        )}
        {allowPassword ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              setUsePassword((now) => !now);
              setValue('');
              setError(undefined);
            }}
          >
            {usePassword ? 'Use a code from the app instead' : 'Use your password instead'}
          </Anchor>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
