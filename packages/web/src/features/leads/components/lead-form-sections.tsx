import type { ReactNode } from 'react';
import { Fieldset, NativeSelect, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { FieldErrors } from 'react-hook-form';
import {
  COMPANY_SIZES,
  GENERIC_PROFILE_LINK_PLACEHOLDER,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  PROFILE_LINK_PLACEHOLDERS,
} from '@leadline/shared/leads';
import { timeZoneNames } from '@leadline/shared/sending-window';
import type { LeadFormValues, RegisterField } from './lead-form-values.ts';
import { profileLinkRequired, showsProfileLink } from './lead-form-values.ts';

/** Blank: the zone of the lead's country (when it has one), else the campaign's. */
const TIME_ZONE_OPTIONS = [
  { value: '', label: "From the country (or the campaign's)" },
  ...timeZoneNames().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
];

type SectionsProps = {
  field: RegisterField;
  errors: FieldErrors<LeadFormValues>;
  source: string;
  /** Prefix for element ids, so two forms on a page do not clash. */
  idPrefix: string;
  /** Columns on wide screens (the drawer is narrower than the page). */
  wide?: boolean;
  /** The owner select's choices; absent: no owner select (no Lead Management). */
  owners?: { value: string; label: string }[];
};

const Section = ({
  legend,
  children,
  wide,
}: {
  legend: string;
  children: ReactNode;
  wide: boolean;
}) => (
  <Fieldset legend={legend} radius="md">
    <SimpleGrid cols={{ base: 1, sm: wide ? 2 : 1, md: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Fieldset>
);

/** The lead form's four sections, shared by create and edit. */
export const LeadFormSections = ({
  field,
  errors,
  source,
  idPrefix,
  wide = true,
  owners,
}: SectionsProps) => {
  const industries = `${idPrefix}-industries`;
  const linkRequired = profileLinkRequired(source);
  return (
    <>
      <Section legend="Company Information" wide={wide}>
        <TextInput
          label="Company Name"
          withAsterisk
          placeholder="Acme Inc."
          error={errors.companyName?.message}
          {...field('companyName')}
        />
        <TextInput
          label="Industry"
          placeholder="Technology"
          list={industries}
          error={errors.industry?.message}
          {...field('industry')}
        />
        <datalist id={industries}>
          {INDUSTRIES.map((industry) => (
            <option key={industry} value={industry} />
          ))}
        </datalist>
        <NativeSelect
          label="Company Size"
          data={[{ value: '', label: 'Select size' }, ...COMPANY_SIZES]}
          error={errors.size?.message}
          {...field('size')}
        />
        <TextInput
          label="Company Website"
          placeholder="https://example.com"
          error={errors.companySite?.message}
          {...field('companySite')}
        />
        <TextInput
          label="Company LinkedIn"
          placeholder="https://linkedin.com/company/name"
          error={errors.companyLinkedin?.message}
          {...field('companyLinkedin')}
        />
      </Section>
      <Section legend="Contact Person" wide={wide}>
        <TextInput
          label="Person First Name"
          withAsterisk
          autoComplete="off"
          error={errors.personFirstName?.message}
          {...field('personFirstName')}
        />
        <TextInput
          label="Person Last Name"
          withAsterisk
          autoComplete="off"
          error={errors.personLastName?.message}
          {...field('personLastName')}
        />
        <TextInput
          label="Person Email"
          withAsterisk
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          error={errors.personEmail?.message}
          {...field('personEmail')}
        />
        <TextInput
          label="Job Title"
          placeholder="Head of Sales"
          error={errors.personDesignation?.message}
          {...field('personDesignation')}
        />
        <TextInput
          label="Personal LinkedIn"
          placeholder="https://linkedin.com/in/username"
          error={errors.personLinkedin?.message}
          {...field('personLinkedin')}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="off"
          placeholder="+1 555 010 2030"
          error={errors.phone?.message}
          {...field('phone')}
        />
      </Section>
      <Section legend="Location" wide={wide}>
        <TextInput label="City" error={errors.personCity?.message} {...field('personCity')} />
        <TextInput label="State" error={errors.personState?.message} {...field('personState')} />
        <TextInput
          label="Country"
          error={errors.personCountry?.message}
          {...field('personCountry')}
        />
        <NativeSelect
          label="Time zone"
          description="Campaigns can send in the lead's own hours"
          data={TIME_ZONE_OPTIONS}
          error={errors.timeZone?.message}
          {...field('timeZone')}
        />
      </Section>
      <Section legend="Lead Details" wide={wide}>
        <NativeSelect
          label="Source"
          withAsterisk
          data={[{ value: '', label: 'Select source' }, ...LEAD_SOURCES]}
          error={errors.source?.message}
          {...field('source')}
        />
        <NativeSelect
          label="Status"
          data={[...LEAD_STATUSES]}
          error={errors.status?.message}
          {...field('status')}
        />
        {owners ? (
          <NativeSelect
            label="Owner"
            data={owners}
            error={errors.ownerId?.message}
            {...field('ownerId')}
          />
        ) : null}
        <TextInput
          label="Deal value"
          inputMode="decimal"
          placeholder="12,500"
          error={errors.dealValue?.message}
          {...field('dealValue')}
        />
        <TextInput
          label="Expected close date"
          type="date"
          error={errors.expectedCloseDate?.message}
          {...field('expectedCloseDate')}
        />
        {showsProfileLink(source) ? (
          <TextInput
            label="Contact Profile Link"
            withAsterisk={linkRequired}
            placeholder={PROFILE_LINK_PLACEHOLDERS[source] ?? GENERIC_PROFILE_LINK_PLACEHOLDER}
            description={linkRequired ? `Required for ${source} leads` : undefined}
            error={errors.contactProfileLink?.message}
            {...field('contactProfileLink')}
          />
        ) : null}
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          maxRows={8}
          error={errors.subject?.message}
          style={{ gridColumn: '1 / -1' }}
          {...field('subject')}
        />
      </Section>
    </>
  );
};
