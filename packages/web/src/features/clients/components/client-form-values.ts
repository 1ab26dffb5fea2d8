import type { UseFormRegisterReturn } from 'react-hook-form';
import { clientSchema, clientUpdateSchema } from '@leadline/shared/clients';
import type { Client, ClientData } from '@leadline/shared/clients';
import type { z } from 'zod';
import { textFormResolver, textFormValues } from '../../../lib/text-form.ts';

export type ClientField =
  | 'companyName'
  | 'parentCompany'
  | 'website'
  | 'email'
  | 'contact'
  | 'companyCategory'
  | 'fullAddress';

export type ClientFormValues = Record<ClientField, string>;

export const CLIENT_FORM_FIELDS: readonly ClientField[] = [
  'companyName',
  'parentCompany',
  'website',
  'email',
  'contact',
  'companyCategory',
  'fullAddress',
];

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  companyName: '',
  parentCompany: '',
  website: '',
  email: '',
  contact: '',
  companyCategory: '',
  fullAddress: '',
};

export const clientFormValues = (client: Client): ClientFormValues =>
  textFormValues(EMPTY_CLIENT_FORM, CLIENT_FORM_FIELDS, client);

/** The messages come from the shared schemas; the PIC is derived by them too. */
export const createClientResolver = textFormResolver<ClientFormValues, ClientData>(clientSchema);

export type ClientUpdateData = z.output<typeof clientUpdateSchema>;

export const updateClientResolver = textFormResolver<ClientFormValues, ClientUpdateData>(
  clientUpdateSchema,
);

export type RegisterClientField = (field: ClientField) => UseFormRegisterReturn<ClientField>;
