import { Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { REPORT_BUCKETS, REPORT_BUCKET_LABELS } from '@leadline/shared/reports';
import type { ReportBucket } from '@leadline/shared/reports';
import { PRESETS } from './report-period.ts';
import type { useReportPeriod } from './report-period.ts';

const CUSTOM = 'custom';

type PeriodPickerProps = { state: ReturnType<typeof useReportPeriod> };

/** The period (a preset or two dates) and how it is cut: by day, week or month. */
export const PeriodPicker = ({ state }: PeriodPickerProps) => (
  <Stack gap={6}>
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Period"
        value={state.preset ?? CUSTOM}
        data={[
          ...PRESETS.map((preset) => ({ value: preset.value, label: preset.label })),
          { value: CUSTOM, label: 'Custom dates', disabled: true },
        ]}
        onChange={(event) => {
          const preset = PRESETS.find((entry) => entry.value === event.currentTarget.value);
          if (preset) state.choosePreset(preset);
        }}
        w={{ base: '100%', xs: 170 }}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
        <TextInput
          type="date"
          label="From"
          value={state.from}
          max={state.to}
          onChange={(event) => state.setDates({ from: event.currentTarget.value })}
          error={Boolean(state.error)}
          style={{ flex: 1 }}
        />
        <TextInput
          type="date"
          label="To"
          value={state.to}
          min={state.from}
          onChange={(event) => state.setDates({ to: event.currentTarget.value })}
          error={Boolean(state.error)}
          style={{ flex: 1 }}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="report-bucket-label">
          Show by
        </Text>
        <SegmentedControl
          aria-labelledby="report-bucket-label"
          value={state.bucket}
          onChange={(value) => state.setBucket(value as ReportBucket)}
          data={REPORT_BUCKETS.map((bucket) => ({
            value: bucket,
            label: REPORT_BUCKET_LABELS[bucket],
          }))}
        />
      </Stack>
    </Group>
    {state.error ? (
      <Text size="sm" c="red" role="alert">
        {state.error}
      </Text>
    ) : (
      <Text size="xs" c="dimmed">
        Days run from midnight to midnight UTC; weeks start on Monday.
      </Text>
    )}
  </Stack>
);
