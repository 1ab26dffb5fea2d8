import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  CAMPAIGN_TEXTS,
  CAMPAIGN_TYPES,
  CAMPAIGN_TYPE_LABELS,
  THROTTLE_MAX,
  THROTTLE_MIN,
} from '@leadline/shared/campaigns';
import type { CampaignDetail, CampaignInput, CampaignType } from '@leadline/shared/campaigns';
import { useReportDirty } from '../../../components/discard-guard.tsx';
import { RichTextField } from '../../../components/message-editor.tsx';
import {
  forgetStoredCampaign,
  readStoredCampaign,
  writeStoredCampaign,
} from './campaign-draft-store.ts';
import { AudienceFields } from './audience-fields.tsx';
import {
  EMPTY_CAMPAIGN_FORM,
  UNTITLED_CAMPAIGN,
  campaignFormValues,
  campaignResolver,
} from './campaign-form-values.ts';
import type { CampaignFormValues } from './campaign-form-values.ts';
import { FollowUpsField } from './follow-ups-field.tsx';
import type { CampaignTemplatePicker } from './template-slot.ts';
import { SendingWindowFields } from './sending-window-fields.tsx';
import { SendFromField } from './send-from-field.tsx';
import { TrackCheckbox } from '../../../components/track-checkbox.tsx';
import { useTrackingSwitch } from '../../../lib/organization-settings.ts';
import { useSession } from '../../../lib/session.ts';

type CampaignFormProps = {
  /** Editing this campaign; creating when null. */
  campaign: CampaignDetail | null;
  saving: boolean;
  /** The save failed: the fixed alert plus the server's reason. */
  saveError: string | null;
  onSubmit: (body: CampaignInput) => void;
  onCancel: () => void;
  /** A "Start from template" control (composed by the app) for the email and follow-ups. */
  templatePicker?: CampaignTemplatePicker;
  /** Where this browser keeps the unsaved form (null: not kept). */
  storageKey?: string | null;
  /** Set to read the form's current values (for "Save as draft"). */
  valuesRef?: RefObject<(() => CampaignFormValues) | null>;
};

const Section = ({ title }: { title: string }) => (
  <Divider label={title} labelPosition="left" styles={{ label: { fontWeight: 600 } }} />
);

/**
 * The create / edit form. Once a campaign is sent its leads, filters and type are fixed; once
 * completed only its name and description change (the server enforces the same).
 */
export const CampaignForm = ({
  campaign,
  saving,
  saveError,
  onSubmit,
  onCancel,
  templatePicker,
  storageKey = null,
  valuesRef,
}: CampaignFormProps) => {
  const session = useSession();
  const tracking = useTrackingSwitch();
  const [initial] = useState(() => (campaign ? campaignFormValues(campaign) : EMPTY_CAMPAIGN_FORM));
  const {
    control,
    register,
    handleSubmit,
    setValue,
    watch,
    reset,
    getValues,
    formState: { errors },
  } = useForm<CampaignFormValues, unknown, CampaignInput>({
    resolver: campaignResolver,
    defaultValues: initial,
  });
  // The values once the fields have settled (some fill in defaults as they mount): changed
  // from these, the form holds unsaved work.
  const baseline = useRef<string | null>(null);
  useEffect(() => {
    baseline.current = JSON.stringify(getValues());
  }, [getValues]);
  const current = JSON.stringify(watch());
  useReportDirty(baseline.current !== null && current !== baseline.current);
  if (valuesRef) valuesRef.current = getValues;
  // A template replaces the body: the editor starts again with it (bumping its key).
  const [bodyVersion, setBodyVersion] = useState(0);
  // What a closed or reloaded page left unsaved, offered back once.
  const [unsaved, setUnsaved] = useState(() => readStoredCampaign(storageKey));
  useEffect(() => {
    const subscription = watch((values) => {
      const same = baseline.current === null || JSON.stringify(values) === baseline.current;
      if (same) forgetStoredCampaign(storageKey);
      else writeStoredCampaign(storageKey, values as CampaignFormValues);
    });
    return () => subscription.unsubscribe();
  }, [watch, storageKey]);
  const restore = () => {
    if (!unsaved) return;
    reset({ ...initial, ...unsaved }, { keepDefaultValues: true });
    setBodyVersion((version) => version + 1);
    setUnsaved(null);
  };
  const dropUnsaved = () => {
    forgetStoredCampaign(storageKey);
    setUnsaved(null);
  };
  const status = campaign?.status ?? 'draft';
  const locked = status !== 'draft';
  const final = status === 'completed';
  const type = watch('type');
  const sendNow = watch('schedule.sendNow');
  const windowed = watch('windowed');
  const leads = watch('leads');
  const targetFilters = watch('targetFilters');

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={campaign ? 'Edit campaign' : 'New campaign'}
    >
      <Stack gap="md">
        {unsaved ? (
          <Alert color="blue" variant="light" title="Restore your unsaved campaign?">
            <Stack gap="xs">
              <Text size="sm">
                {`“${unsaved.name || UNTITLED_CAMPAIGN}” was being written here and not saved.`}
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={restore}>
                  Restore
                </Button>
                <Button size="xs" variant="default" onClick={dropUnsaved}>
                  Discard it
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {saveError !== null ? (
          <Alert color="red" variant="light" role="alert" title={CAMPAIGN_TEXTS.saveError}>
            {saveError}
          </Alert>
        ) : null}
        <TextInput
          label="Campaign name"
          withAsterisk
          maxLength={200}
          {...register('name')}
          error={errors.name?.message}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxLength={2000}
          {...register('description')}
          error={errors.description?.message}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="campaign-type-label">
            Type
          </Text>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="campaign-type-label"
                value={field.value}
                onChange={(value) => field.onChange(value as CampaignType)}
                data={CAMPAIGN_TYPES.map((value) => ({
                  value,
                  label: CAMPAIGN_TYPE_LABELS[value],
                }))}
                disabled={locked}
                fullWidth
              />
            )}
          />
          {type !== 'email' ? (
            <Text size="xs" c="dimmed">
              {CAMPAIGN_TYPE_LABELS[type]} campaigns send no email: sending one makes a task list of
              its leads to tick off.
            </Text>
          ) : null}
        </Stack>

        {type === 'email' ? (
          <>
            <Section title="Email" />
            {templatePicker && !final
              ? templatePicker(({ subject, body }) => {
                  setValue('emailSubject', subject.slice(0, 100));
                  setValue('emailBody', body);
                  setBodyVersion((version) => version + 1);
                }, 'Start from template')
              : null}
            <TextInput
              label="Email subject"
              withAsterisk
              maxLength={100}
              {...register('emailSubject')}
              error={errors.emailSubject?.message}
              disabled={final}
            />
            <Controller
              control={control}
              name="emailBody"
              render={({ field }) => (
                <RichTextField
                  key={bodyVersion}
                  label="Email body"
                  description="{{firstName}} becomes each lead's first name (or 'there')."
                  minHeight={160}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.emailBody?.message}
                  disabled={final}
                />
              )}
            />
            <FollowUpsField
              control={control}
              errors={errors.followUps}
              disabled={final}
              templatePicker={templatePicker}
            />
          </>
        ) : null}

        <Section title="Audience" />
        <AudienceFields
          control={control}
          errors={errors}
          values={{ leads, targetFilters }}
          knownLeads={campaign?.leadOptions ?? []}
          campaignId={campaign?._id ?? null}
          locked={locked}
          sentLeadCount={campaign?.leadCount ?? null}
        />

        {type === 'email' ? (
          <>
            <Section title="Schedule" />
            <Controller
              control={control}
              name="schedule.sendNow"
              render={({ field }) => (
                <Switch
                  label="Send immediately"
                  description="Off: start at a date and time, at most a number of emails per hour."
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  disabled={final}
                />
              )}
            />
            {!sendNow ? (
              <Group grow gap="sm" align="flex-start" wrap="wrap">
                <TextInput
                  type="datetime-local"
                  label="Start date"
                  description="Empty: as soon as it is sent."
                  {...register('schedule.startDate')}
                  error={errors.schedule?.startDate?.message}
                  disabled={final}
                  style={{ minWidth: 200 }}
                />
                <Controller
                  control={control}
                  name="schedule.throttlePerHour"
                  render={({ field }) => (
                    <NumberInput
                      label="Send rate per hour"
                      description={`${THROTTLE_MIN} to ${THROTTLE_MAX} emails an hour.`}
                      min={THROTTLE_MIN}
                      max={THROTTLE_MAX}
                      allowDecimal={false}
                      clampBehavior="none"
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors.schedule?.throttlePerHour?.message}
                      disabled={final}
                      style={{ minWidth: 200 }}
                    />
                  )}
                />
              </Group>
            ) : null}
            <Section title="Sending window" />
            <SendingWindowFields
              control={control}
              errors={errors}
              windowed={windowed}
              disabled={final}
            />
            <SendFromField
              control={control}
              othersCampaign={Boolean(
                campaign?.createdBy && campaign.createdBy._id !== session.user?._id,
              )}
              disabled={final}
            />
            {tracking ? <TrackCheckbox {...register('track')} disabled={final} /> : null}
          </>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {campaign ? 'Save Changes' : 'Create Campaign'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
