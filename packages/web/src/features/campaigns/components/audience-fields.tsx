import { Controller } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { Group, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CAMPAIGN_INDUSTRIES, CAMPAIGN_REGIONS, TAGS_MAX } from '@leadline/shared/campaigns';
import type { CampaignRegion, LeadOption } from '@leadline/shared/campaigns';
import { LEAD_SOURCES, LEAD_STATUSES } from '@leadline/shared/leads';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCount } from '../../../lib/format.ts';
import { useAudienceOwners } from '../api/get-audience-owners.ts';
import { useAudience } from '../api/get-audience.ts';
import type { CampaignControl, CampaignFormValues } from './campaign-form-values.ts';
import { LeadPicker } from './lead-picker.tsx';

type AudienceFieldsProps = {
  control: CampaignControl;
  errors: FieldErrors<CampaignFormValues>;
  values: Pick<CampaignFormValues, 'leads' | 'targetFilters'>;
  knownLeads: readonly LeadOption[];
  campaignId: string | null;
  /** Once sent, the audience is fixed: the count is the campaign's own. */
  locked: boolean;
  sentLeadCount: number | null;
};

const AudienceCount = ({
  values,
  campaignId,
}: Pick<AudienceFieldsProps, 'values' | 'campaignId'>) => {
  const [body] = useDebouncedValue(
    {
      leads: values.leads,
      targetFilters: values.targetFilters,
      campaignId: campaignId ?? undefined,
    },
    400,
  );
  const audience = useAudience(body, true);
  if (audience.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {errorMessage(audience.error, 'The audience could not be counted')}
      </Text>
    );
  if (audience.data === undefined) return null;
  const n = audience.data.count;
  return (
    <Text size="sm" c="dimmed" aria-live="polite" data-testid="audience-count">
      Reaches {formatCount(n)} {n === 1 ? 'lead' : 'leads'} right now.
    </Text>
  );
};

type FilterProps = Pick<AudienceFieldsProps, 'control' | 'errors' | 'locked'>;

/** The leads' status, owner, source and country: every one set applies. */
const LeadFilters = ({ control, errors, locked }: FilterProps) => {
  const owners = useAudienceOwners();
  const fieldErrors = errors.targetFilters;
  const choice = (
    name: 'status' | 'ownerId' | 'source',
    label: string,
    placeholder: string,
    data: { value: string; label: string }[] | string[],
  ) => (
    <Controller
      control={control}
      name={`targetFilters.${name}`}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={placeholder}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          clearable
          searchable
          disabled={locked}
          error={fieldErrors?.[name]?.message}
        />
      )}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
      {choice('status', 'Status', 'Any status', [...LEAD_STATUSES])}
      {choice(
        'ownerId',
        'Owner',
        'Any owner',
        (owners.data ?? []).map((owner) => ({
          value: owner.id,
          label: owner.active ? owner.name : `${owner.name} (inactive)`,
        })),
      )}
      {choice('source', 'Source', 'Any source', [...LEAD_SOURCES])}
      <Controller
        control={control}
        name="targetFilters.country"
        render={({ field }) => (
          <TextInput
            label="Country"
            placeholder="Any country"
            value={field.value}
            onChange={(event) => field.onChange(event.currentTarget.value)}
            maxLength={100}
            disabled={locked}
            error={fieldErrors?.country?.message}
          />
        )}
      />
    </SimpleGrid>
  );
};

/** Who the campaign reaches: chosen leads plus those the target filters match. */
export const AudienceFields = ({
  control,
  errors,
  values,
  knownLeads,
  campaignId,
  locked,
  sentLeadCount,
}: AudienceFieldsProps) => (
  <Stack gap="sm">
    <Controller
      control={control}
      name="leads"
      render={({ field }) => (
        <LeadPicker
          value={field.value}
          onChange={field.onChange}
          known={knownLeads}
          campaignId={campaignId}
          disabled={locked}
          error={errors.leads?.message}
        />
      )}
    />
    <Group grow gap="sm" align="flex-start" wrap="wrap">
      <Controller
        control={control}
        name="targetFilters.industry"
        render={({ field }) => (
          <Select
            label="Industry"
            placeholder="Any industry"
            data={[...CAMPAIGN_INDUSTRIES]}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            clearable
            disabled={locked}
            error={errors.targetFilters?.industry?.message}
            style={{ minWidth: 160 }}
          />
        )}
      />
      <Controller
        control={control}
        name="targetFilters.region"
        render={({ field }) => (
          <Select
            label="Region"
            placeholder="Any region"
            data={[...CAMPAIGN_REGIONS]}
            value={field.value || null}
            onChange={(value) => field.onChange((value ?? '') as CampaignRegion | '')}
            clearable
            disabled={locked}
            error={errors.targetFilters?.region?.message}
            style={{ minWidth: 160 }}
          />
        )}
      />
    </Group>
    <LeadFilters control={control} errors={errors} locked={locked} />
    <Controller
      control={control}
      name="targetFilters.tags"
      render={({ field }) => (
        <TagsInput
          label="Tags"
          description="Leads whose company, notes, name, title or location mention any of them."
          placeholder="Type a tag and press Enter"
          value={field.value}
          onChange={field.onChange}
          maxTags={TAGS_MAX}
          clearable
          disabled={locked}
          error={errors.targetFilters?.tags?.message}
        />
      )}
    />
    {locked ? (
      <Text size="sm" c="dimmed">
        Sent to {formatCount(sentLeadCount ?? 0)} leads. Leads, filters and type are fixed once a
        campaign is sent.
      </Text>
    ) : (
      <AudienceCount values={values} campaignId={campaignId} />
    )}
  </Stack>
);
