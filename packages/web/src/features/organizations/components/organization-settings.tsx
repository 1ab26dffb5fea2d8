import { useState } from 'react';
import {
  Button,
  Divider,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { CURRENCIES, formatMoney } from '@leadline/shared/organization';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useOrganizationSettings,
  useSaveOrganizationSettings,
} from '../../../lib/organization-settings.ts';

const currencyName = (code: string) => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
};
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({
  value: code,
  label: `${code} · ${currencyName(code)}`,
}));

/**
 * Open and click tracking for the whole organisation (off by default): saved as soon as it is
 * switched.
 */
const TrackingSwitch = ({ on }: { on: boolean }) => {
  const save = useSaveOrganizationSettings();
  const change = (tracking: boolean) =>
    save.mutate(
      { tracking },
      {
        onSuccess: () =>
          notifySuccess(
            tracking ? 'Open and click tracking is on' : 'Open and click tracking is off',
          ),
        onError: (error) => notifyError(errorMessage(error, 'Failed to save the settings'), error),
      },
    );
  return (
    <Stack gap={6}>
      <Switch
        label="Open and click tracking"
        checked={save.isPending ? (save.variables.tracking ?? on) : on}
        disabled={save.isPending}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Track only where your leads have agreed to it or the law allows it; a lead marked Do not
        track never is. Each open and click is counted as a person&apos;s, a privacy proxy&apos;s (a
        mail service fetching every image, read or not) or a machine&apos;s (link scanners,
        prefetching, hits right after sending): only people&apos;s mean interest.
      </Text>
    </Stack>
  );
};

/**
 * Two-step sign-in for every member: those without it are led to set it up at their next
 * request. The Admin must have it on first (the server says so otherwise).
 */
const RequireTwoFactorSwitch = ({ on }: { on: boolean }) => {
  const save = useSaveOrganizationSettings();
  const change = (requireTwoFactor: boolean) =>
    save.mutate(
      { requireTwoFactor },
      {
        onSuccess: () =>
          notifySuccess(
            requireTwoFactor
              ? 'Two-step sign-in is now required'
              : 'Two-step sign-in is no longer required',
          ),
        onError: (error) => notifyError(errorMessage(error, 'Failed to save the settings'), error),
      },
    );
  return (
    <Stack gap={6}>
      <Switch
        label="Require two-step sign-in"
        checked={save.isPending ? (save.variables.requireTwoFactor ?? on) : on}
        disabled={save.isPending}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      <Text size="sm" c="dimmed">
        Every member must sign in with a code from an authenticator app. Members without it can only
        set it up until they have. Set it up on your own profile first. API keys are not asked for
        codes.
      </Text>
    </Stack>
  );
};

/** Organisation settings (Admins): the currency deal values are shown in, tracking, 2FA. */
export const OrganizationSettingsPanel = () => {
  const settings = useOrganizationSettings();
  const save = useSaveOrganizationSettings();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!settings.data) return null;
  const currency = chosen ?? settings.data.currency;
  const submit = () =>
    save.mutate(
      { currency },
      {
        onSuccess: () => {
          setChosen(null);
          notifySuccess(`Deal values are now shown in ${currency}`);
        },
        onError: (error) => notifyError(errorMessage(error, 'Failed to save the settings'), error),
      },
    );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Organisation settings">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Organisation settings
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Currency of deal values"
            data={CURRENCY_OPTIONS}
            value={currency}
            onChange={(event) => setChosen(event.currentTarget.value)}
            style={{ flex: '0 1 280px' }}
          />
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={currency === settings.data.currency}
          >
            Save
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Everyone in {settings.data.organization} sees deal values like{' '}
          {formatMoney(12500, currency)}.
        </Text>
        <Divider />
        <TrackingSwitch on={settings.data.tracking} />
        <Divider />
        <RequireTwoFactorSwitch on={settings.data.requireTwoFactor} />
      </Stack>
    </Paper>
  );
};
