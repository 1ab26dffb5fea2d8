import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifySuccess } from '../../../lib/notify.ts';
import { useTwoFactorStatus } from '../api/get-status.ts';
import { useDisableTwoFactor, useRegenerateCodes } from '../api/manage.ts';
import { CodePrompt } from './code-prompt.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SetupFlow } from './setup-flow.tsx';

type Mode = 'idle' | 'setup' | 'regenerate' | 'disable';

/** Profile: "Two-step sign-in": set up, new recovery codes, turn off. */
export const TwoFactorSection = () => {
  const status = useTwoFactorStatus();
  const regenerate = useRegenerateCodes();
  const disable = useDisableTwoFactor();
  const [mode, setMode] = useState<Mode>('idle');
  const idle = () => {
    regenerate.reset();
    setMode('idle');
  };

  if (!status.data) return <Text size="sm">Loading…</Text>;
  const { enabled, recoveryCodesLeft, required } = status.data;

  if (regenerate.data) return <RecoveryCodes codes={regenerate.data.recoveryCodes} onDone={idle} />;
  if (mode === 'setup') return <SetupFlow onDone={idle} onCancel={idle} />;
  if (mode === 'regenerate') {
    return (
      <CodePrompt
        submitLabel="Make new recovery codes"
        pending={regenerate.isPending}
        onSubmit={({ code }, fail) => regenerate.mutate(code ?? '', { onError: fail })}
        onCancel={idle}
      />
    );
  }
  if (mode === 'disable') {
    return (
      <CodePrompt
        submitLabel="Turn off two-step sign-in"
        pending={disable.isPending}
        allowPassword
        onSubmit={(proof, fail) =>
          disable.mutate(proof, {
            onSuccess: () => {
              notifySuccess('Two-step sign-in turned off');
              idle();
            },
            onError: fail,
          })
        }
        onCancel={idle}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Status:
        </Text>
        <Badge color={enabled ? 'green' : 'gray'} variant="light">
          {enabled ? 'On' : 'Off'}
        </Badge>
        {required ? (
          <Text size="sm" c="dimmed">
            Required by your organisation
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {enabled
          ? `After your password, Leadline asks for the code from your authenticator app. ${recoveryCodesLeft} of 10 recovery codes left.`
          : 'Protect your account with a code from an authenticator app on your phone, asked after your password.'}
      </Text>
      <Group gap="sm">
        {enabled ? (
          <>
            <Button variant="light" onClick={() => setMode('regenerate')}>
              New recovery codes
            </Button>
            {required ? null : (
              <Button variant="light" color="red" onClick={() => setMode('disable')}>
                Turn off
              </Button>
            )}
          </>
        ) : (
          <Button onClick={() => setMode('setup')}>Set up</Button>
        )}
      </Group>
    </Stack>
  );
};
