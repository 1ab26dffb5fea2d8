import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { FOLLOW_UPS_MAX, FOLLOW_UP_DAYS_MAX } from '@leadline/shared/campaigns';
import { RichTextField } from '../../../components/message-editor.tsx';
import type { CampaignControl, CampaignFormValues } from './campaign-form-values.ts';
import type { CampaignTemplatePicker } from './template-slot.ts';

type FollowUpsFieldProps = {
  control: CampaignControl;
  errors: FieldErrors<CampaignFormValues>['followUps'];
  disabled: boolean;
  templatePicker?: CampaignTemplatePicker;
};

/**
 * Follow-up emails: each sent so many days after the step before it, in the same thread,
 * only to leads that have not replied.
 */
export const FollowUpsField = ({
  control,
  errors,
  disabled,
  templatePicker,
}: FollowUpsFieldProps) => {
  const { fields, append, remove } = useFieldArray({ control, name: 'followUps' });
  // A follow-up started from a template gets a new editor (its version in the key).
  const [versions, setVersions] = useState<Record<string, number>>({});
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Follow-ups
      </Text>
      <Text size="xs" c="dimmed">
        Each follow-up goes in the same thread, the given number of days after the email before it,
        to leads that have not replied.
      </Text>
      {fields.map((field, index) => (
        <Paper key={field.id} withBorder radius="sm" p="sm">
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
              <Controller
                control={control}
                name={`followUps.${index}.delayDays`}
                render={({ field: days }) => (
                  <NumberInput
                    label={`Follow-up ${index + 1}: days after the previous email`}
                    min={1}
                    max={FOLLOW_UP_DAYS_MAX}
                    allowDecimal={false}
                    clampBehavior="none"
                    value={days.value}
                    onChange={days.onChange}
                    onBlur={days.onBlur}
                    error={errors?.[index]?.delayDays?.message}
                    disabled={disabled}
                    style={{ flex: '1 1 220px' }}
                  />
                )}
              />
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => remove(index)}
                disabled={disabled}
              >
                Remove
              </Button>
            </Group>
            <Controller
              control={control}
              name={`followUps.${index}.body`}
              render={({ field: body }) => (
                <>
                  {templatePicker && !disabled
                    ? templatePicker(
                        (template) => {
                          body.onChange(template.body);
                          setVersions((all) => ({ ...all, [field.id]: (all[field.id] ?? 0) + 1 }));
                        },
                        `Follow-up ${index + 1}: start from template`,
                      )
                    : null}
                  <RichTextField
                    key={versions[field.id] ?? 0}
                    label={`Follow-up ${index + 1} message`}
                    minHeight={120}
                    value={body.value}
                    onChange={body.onChange}
                    error={errors?.[index]?.body?.message}
                    disabled={disabled}
                  />
                </>
              )}
            />
          </Stack>
        </Paper>
      ))}
      {fields.length < FOLLOW_UPS_MAX ? (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => append({ delayDays: 3, body: '' })}
            disabled={disabled}
          >
            Add follow-up
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
};
