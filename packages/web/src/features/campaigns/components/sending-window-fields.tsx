import { Controller } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Checkbox, Group, Input, NativeSelect, NumberInput, Stack, Switch } from '@mantine/core';
import {
  GAP_SECONDS_MAX,
  WEEKDAYS,
  WEEKDAY_LABELS,
  WEEKDAY_SHORT,
  timeZoneNames,
} from '@leadline/shared/sending-window';
import type { CampaignControl, CampaignFormValues } from './campaign-form-values.ts';

const pad = (n: number) => String(n).padStart(2, '0');
/** Every half hour of the day, "00:00" to "24:00". */
const TIMES = Array.from(
  { length: 49 },
  (_, i) => `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`,
);
/** The window's two ends: it may start at 00:00 and end at 24:00. */
const WINDOW_TIMES = [
  { key: 'start', label: 'From', data: TIMES.slice(0, -1) },
  { key: 'end', label: 'Until', data: TIMES.slice(1) },
] as const;

type Props = {
  control: CampaignControl;
  errors: FieldErrors<CampaignFormValues>;
  /** Limit sending to the window (off: any day, any time). */
  windowed: boolean;
  disabled: boolean;
};

/**
 * When a campaign may send: the days and hours in a time zone (or each lead's own), and the
 * random gap between two emails from the sender's mailbox.
 */
export const SendingWindowFields = ({ control, errors, windowed, disabled }: Props) => {
  const windowErrors = errors.sendingWindow;
  const zones = timeZoneNames();
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="windowed"
        render={({ field }) => (
          <Switch
            label="Send only in a sending window"
            description="Off: emails go at any hour of any day."
            checked={field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            disabled={disabled}
          />
        )}
      />
      {windowed ? (
        <>
          <Controller
            control={control}
            name="sendingWindow.days"
            render={({ field }) => (
              <Checkbox.Group
                label="Sending days"
                value={field.value.map(String)}
                onChange={(days) => field.onChange(days.map(Number).sort((a, b) => a - b))}
                error={windowErrors?.days?.message ?? windowErrors?.days?.root?.message}
              >
                <Group gap="sm" mt={6}>
                  {WEEKDAYS.map((day) => (
                    <Checkbox
                      key={day}
                      value={String(day)}
                      label={WEEKDAY_SHORT[day]}
                      aria-label={WEEKDAY_LABELS[day]}
                      disabled={disabled}
                    />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <Group grow gap="sm" align="flex-start" wrap="wrap">
            {WINDOW_TIMES.map(({ key, label, data }) => (
              <Controller
                key={key}
                control={control}
                name={`sendingWindow.${key}`}
                render={({ field }) => (
                  <NativeSelect
                    label={label}
                    data={data}
                    value={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.value)}
                    error={windowErrors?.[key]?.message}
                    disabled={disabled}
                    style={{ minWidth: 120 }}
                  />
                )}
              />
            ))}
          </Group>
          <Controller
            control={control}
            name="sendingWindow.timeZone"
            render={({ field }) => (
              <NativeSelect
                label="Time zone"
                data={zones.includes(field.value) ? zones : [field.value, ...zones]}
                value={field.value}
                onChange={(event) => field.onChange(event.currentTarget.value)}
                error={windowErrors?.timeZone?.message}
                disabled={disabled}
              />
            )}
          />
          <Controller
            control={control}
            name="sendingWindow.leadTimeZone"
            render={({ field }) => (
              <Switch
                label="Use each lead's time zone"
                description="The lead's own zone, else its country's when it has one, else the zone above."
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={disabled}
              />
            )}
          />
        </>
      ) : null}
      <Input.Wrapper
        labelElement="div"
        label="Gap between two emails"
        description="A random pause, in seconds, between two emails from your mailbox (0 and 0: none)."
      >
        <Group grow gap="sm" align="flex-start" wrap="wrap">
          {(['min', 'max'] as const).map((end) => (
            <Controller
              key={end}
              control={control}
              name={`gapSeconds.${end}`}
              render={({ field }) => (
                <NumberInput
                  label={end === 'min' ? 'Shortest gap (seconds)' : 'Longest gap (seconds)'}
                  min={0}
                  max={GAP_SECONDS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  clampBehavior="none"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.gapSeconds?.[end]?.message}
                  disabled={disabled}
                  style={{ minWidth: 160 }}
                />
              )}
            />
          ))}
        </Group>
      </Input.Wrapper>
    </Stack>
  );
};
