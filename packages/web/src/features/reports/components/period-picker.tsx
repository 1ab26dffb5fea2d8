import { SegmentedControl, Stack, Text } from '@mantine/core';
import { REPORT_BUCKETS, REPORT_BUCKET_LABELS } from '@leadline/shared/reports';
import type { ReportBucket } from '@leadline/shared/reports';
import { PeriodPicker as SharedPeriodPicker } from '../../../components/period-picker.tsx';
import { PRESETS } from './report-period.ts';
import type { useReportPeriod } from './report-period.ts';

type PeriodPickerProps = { state: ReturnType<typeof useReportPeriod> };

/** The period (a preset or two dates) and how it is cut: by day, week or month. */
export const PeriodPicker = ({ state }: PeriodPickerProps) => (
  <SharedPeriodPicker
    presets={PRESETS}
    preset={state.preset}
    from={state.from}
    to={state.to}
    error={state.error}
    onPreset={(value) => {
      const preset = PRESETS.find((entry) => entry.value === value);
      if (preset) state.choosePreset(preset);
    }}
    onDates={state.setDates}
    hint="Days run from midnight to midnight UTC; weeks start on Monday."
  >
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
  </SharedPeriodPicker>
);
