import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  DEFAULT_LEAD_STATUS,
  LEAD_FIELDS,
  leadSchema,
  leadUpdateSchema,
  requiresProfileLink,
} from '@leadline/shared/leads';
import type { Lead, LeadData, LeadField } from '@leadline/shared/leads';
import type { z } from 'zod';
import { textFormResolver, textFormValues } from '../../../lib/text-form.ts';

/** The form's fields: the lead's columns, and its time zone (blank: from its country). */
export type LeadFormField = LeadField | 'timeZone' | 'ownerId';

/** The lead form holds every field as text; the shared schemas turn it into a lead. */
export type LeadFormValues = Record<LeadFormField, string>;

export const LEAD_FORM_FIELDS: LeadFormField[] = [
  ...(Object.keys(LEAD_FIELDS) as LeadField[]),
  'timeZone',
  'ownerId',
];

export const EMPTY_LEAD_FORM: LeadFormValues = {
  companyName: '',
  industry: '',
  size: '',
  companySite: '',
  companyLinkedin: '',
  personFirstName: '',
  personLastName: '',
  personEmail: '',
  personDesignation: '',
  personLinkedin: '',
  personCity: '',
  personState: '',
  personCountry: '',
  source: '',
  status: DEFAULT_LEAD_STATUS,
  contactProfileLink: '',
  subject: '',
  timeZone: '',
  phone: '',
  ownerId: '',
  dealValue: '',
  expectedCloseDate: '',
};

export const leadFormValues = (lead: Lead): LeadFormValues =>
  textFormValues(EMPTY_LEAD_FORM, LEAD_FORM_FIELDS, lead);

/** The form's text passes through the shared schema, which also gives the messages. */
export const createLeadResolver = textFormResolver<LeadFormValues, LeadData>(leadSchema);

export type LeadUpdateData = z.output<typeof leadUpdateSchema>;

export const updateLeadResolver = textFormResolver<LeadFormValues, LeadUpdateData>(
  leadUpdateSchema,
);

/** The contact profile link shows once a source is chosen; social sources require it. */
export const showsProfileLink = (source: string): boolean => source !== '';
export const profileLinkRequired = requiresProfileLink;

/** Fields the form shows for this source (the profile link only once a source is chosen). */
export const visibleFields = (source: string): LeadFormField[] =>
  LEAD_FORM_FIELDS.filter(
    (field) => field !== 'timeZone' && (field !== 'contactProfileLink' || showsProfileLink(source)),
  );

/** Share of the shown fields that are filled in, 0-100. */
export const completion = (values: LeadFormValues): number => {
  const fields = visibleFields(values.source);
  const filled = fields.filter((field) => values[field].trim() !== '').length;
  return Math.round((filled / fields.length) * 100);
};

/** `register` with the rule that a field's error clears as soon as it is edited. */
export type RegisterField = (field: LeadFormField) => UseFormRegisterReturn<LeadFormField>;
