import { useState } from 'react';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { BOUNCE_RATE_MIN_SENDS } from '@leadline/shared/deliverability';
import { BOUNCE_PAUSE_PERCENT_MAX } from '@leadline/shared/suppression';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveSuppressionSettings, useSuppressionSettings } from '../api/suppression-settings.ts';

/** The organisation's bounce protection: the hard-bounce rate that pauses a run. */
export const BounceProtection = () => {
  const settings = useSuppressionSettings();
  const save = useSaveSuppressionSettings();
  const [draft, setDraft] = useState<number | string | null>(null);
  const current = settings.data?.bouncePausePercent;
  const value = draft ?? current ?? '';

  const submit = async () => {
    try {
      await save.mutateAsync({ bouncePausePercent: Number(value) });
      setDraft(null);
      notifySuccess('Bounce protection saved');
    } catch (error) {
      notifyError(errorMessage(error, 'Bounce protection could not be saved.'), error);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Bounce protection
        </Title>
        <Text size="sm" c="dimmed">
          Pause a bulk run or campaign when more than this share of at least {BOUNCE_RATE_MIN_SENDS}{' '}
          emails hard-bounce.
        </Text>
        <Group gap="sm" align="flex-end">
          <NumberInput
            label="Pause above"
            suffix=" %"
            min={0.1}
            max={BOUNCE_PAUSE_PERCENT_MAX}
            step={0.5}
            decimalScale={1}
            w={140}
            value={value}
            disabled={!settings.isSuccess}
            onChange={setDraft}
          />
          <Button
            variant="default"
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={draft === null || draft === '' || Number(draft) === current}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
