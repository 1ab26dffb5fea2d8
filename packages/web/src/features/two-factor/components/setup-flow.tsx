import { useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { secretOfUri } from '@leadline/shared/two-factor';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnableTwoFactor, useStartSetup } from '../api/manage.ts';
import { CodeInput } from './code-input.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type SetupFlowProps = {
  /** Once the recovery codes were seen. */
  onDone: () => void;
  onCancel?: () => void;
};

/** Set up: a QR code (and the secret as text), the first code, then the recovery codes once. */
export const SetupFlow = ({ onDone, onCancel }: SetupFlowProps) => {
  const start = useStartSetup();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  if (enable.data) return <RecoveryCodes codes={enable.data.recoveryCodes} onDone={onDone} />;

  if (!start.data) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          You need an authenticator app on your phone (Google Authenticator, Microsoft
          Authenticator, 1Password, Aegis…). After your password, Leadline will ask for the 6-digit
          code it shows.
        </Text>
        {start.error ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(start.error, 'Could not start the set-up. Try again.')}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button onClick={() => start.mutate()} loading={start.isPending}>
            Set up two-step sign-in
          </Button>
          {onCancel ? (
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  const uri = start.data.otpauthUri;
  const confirm = () => {
    setError(undefined);
    enable.mutate(code.replace(/\s+/g, ''), {
      onError: (failure) => setError(errorMessage(failure, 'That code did not work. Try again.')),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
      aria-label="Confirm two-step sign-in"
    >
      <Stack gap="md">
        <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
        <QrCode value={uri} label="QR code for your authenticator app" />
        <Text size="sm">Can&apos;t scan it? Enter this key in the app instead:</Text>
        <Code block fz="sm" data-testid="two-factor-secret" style={{ overflowWrap: 'anywhere' }}>
          {(secretOfUri(uri) ?? '').replace(/(.{4})/g, '$1 ').trim()}
        </Code>
        <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
        <CodeInput value={code} onChange={setCode} error={error} />
        <Group gap="sm">
          <Button type="submit" loading={enable.isPending}>
            Turn on
          </Button>
          {onCancel ? (
            <Button variant="subtle" color="gray" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
};
