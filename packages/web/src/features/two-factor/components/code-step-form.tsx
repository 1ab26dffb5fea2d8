import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { SigninResponse } from '@leadline/shared/auth';
import { errorMessage } from '../../../lib/api-client.ts';
import { useVerifyTwoFactor } from '../api/verify.ts';
import { CodeInput } from './code-input.tsx';

type CodeStepFormProps = {
  challenge: string;
  onSignedIn: (response: SigninResponse) => void;
  /** Back to the password (the challenge expired, or another account). */
  onBack: () => void;
};

/** Sign-in, second step: the code from the app, or a recovery code. */
export const CodeStepForm = ({ challenge, onSignedIn, onBack }: CodeStepFormProps) => {
  const verify = useVerifyTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  return (
    <form
      aria-label="Two-step sign-in code"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(undefined);
        verify.mutate(
          { challenge, code },
          {
            onSuccess: onSignedIn,
            onError: (failure) => setError(errorMessage(failure, 'That code did not work.')),
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {recovery
            ? 'Enter one of your recovery codes. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code for Leadline.'}
        </Text>
        <CodeInput
          key={String(recovery)}
          value={code}
          onChange={setCode}
          error={error}
          recovery={recovery}
        />
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery((now) => !now);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
};
