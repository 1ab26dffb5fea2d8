import { SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { warmupSchema } from '@leadline/shared/sending-window';
import type { Warmup } from '@leadline/shared/sending-window';

/** The warm-up as the form holds it: a switch and two numbers as text. */
export type WarmupValues = { warming: boolean; warmupStart: string; warmupIncrement: string };
export type WarmupField = keyof WarmupValues;

export const WARMUP_DEFAULTS: WarmupValues = {
  warming: false,
  warmupStart: '10',
  warmupIncrement: '5',
};

export const warmupValuesOf = (warmup: Warmup | null | undefined): WarmupValues =>
  warmup
    ? {
        warming: true,
        warmupStart: String(warmup.start),
        warmupIncrement: String(warmup.increment),
      }
    : WARMUP_DEFAULTS;

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The payload's warm-up: null when off. */
export const warmupOf = (values: WarmupValues): Warmup | null =>
  values.warming
    ? { start: numberOf(values.warmupStart), increment: numberOf(values.warmupIncrement) }
    : null;

/** The shared rules on the two numbers, as errors of the form's fields. */
export const warmupErrors = (values: WarmupValues): FieldErrors<WarmupValues> => {
  const warmup = warmupOf(values);
  if (!warmup) return {};
  const result = warmupSchema.safeParse(warmup);
  if (result.success) return {};
  const errors: FieldErrors<WarmupValues> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] === 'start' ? 'warmupStart' : 'warmupIncrement';
    errors[key] ??= { type: 'validation', message: issue.message };
  }
  return errors;
};

/** The server's field names (smtp.warmup.start...) as the form's. */
export const WARMUP_SERVER_FIELDS: Record<string, WarmupField> = {
  'smtp.warmup.start': 'warmupStart',
  'smtp.warmup.increment': 'warmupIncrement',
  'smtp.warmup': 'warmupStart',
};

type Props = {
  field: (key: WarmupField) => UseFormRegisterReturn;
  errors: FieldErrors<WarmupValues>;
  warming: boolean;
  /** The switch is controlled (its state is the form's `warming`). */
  onWarmingChange: (warming: boolean) => void;
};

/** "Warm up this mailbox": start at a few emails a day, a few more each day. */
export const WarmupFields = ({ field, errors, warming, onWarmingChange }: Props) => (
  <Stack gap="sm">
    <Switch
      label="Warm up this mailbox"
      description="Start with a few emails a day and allow a few more each day, never above your limit."
      checked={warming}
      onChange={(event) => onWarmingChange(event.currentTarget.checked)}
    />
    {warming ? (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Emails on the first day"
          inputMode="numeric"
          error={errors.warmupStart?.message}
          {...field('warmupStart')}
        />
        <TextInput
          label="More each day"
          inputMode="numeric"
          error={errors.warmupIncrement?.message}
          {...field('warmupIncrement')}
        />
      </SimpleGrid>
    ) : null}
  </Stack>
);
