import type { ReactNode } from 'react';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { DateRangeInputs } from './date-range-inputs.tsx';

const CUSTOM = 'custom';

export type PeriodPickerProps = {
  presets: readonly { value: string; label: string }[];
  /** The preset the dates match; null: custom dates. */
  preset: string | null;
  from: string;
  to: string;
  /** Why the dates cannot be used (shown under them), or null. */
  error: string | null;
  onPreset: (value: string) => void;
  onDates: (dates: { from?: string; to?: string }) => void;
  /** Shown while the dates are valid. */
  hint: string;
  /** Further controls on the same line (Reports' "Show by"). */
  children?: ReactNode;
};

/** A period: a preset, or two dates (Reports and the leaderboard). */
export const PeriodPicker = ({
  presets,
  preset,
  from,
  to,
  error,
  onPreset,
  onDates,
  hint,
  children,
}: PeriodPickerProps) => (
  <Stack gap={6}>
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Period"
        value={preset ?? CUSTOM}
        data={[
          ...presets.map((entry) => ({ value: entry.value, label: entry.label })),
          { value: CUSTOM, label: 'Custom dates', disabled: true },
        ]}
        onChange={(event) => onPreset(event.currentTarget.value)}
        w={{ base: '100%', xs: 170 }}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        <DateRangeInputs from={from} to={to} onDates={onDates} invalid={Boolean(error)} />
      </Group>
      {children}
    </Group>
    {error ? (
      <Text size="sm" c="red" role="alert">
        {error}
      </Text>
    ) : (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    )}
  </Stack>
);
