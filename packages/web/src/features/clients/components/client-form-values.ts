import type { Resolver, UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { clientSchema, clientUpdateSchema } from '@leadline/shared/clients';
import type { Client, ClientData } from '@leadline/shared/clients';
import type { z } from 'zod';

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

export const clientFormValues = (client: Client): ClientFormValues => {
  const values = { ...EMPTY_CLIENT_FORM };
  for (const field of CLIENT_FORM_FIELDS) values[field] = client[field] ?? '';
  return values;
};

/** The seed's texts (§5) come from the shared schemas; the PIC is derived by them too. */
export const createClientResolver = zodResolver(clientSchema) as unknown as Resolver<
  ClientFormValues,
  unknown,
  ClientData
>;

export type ClientUpdateData = z.output<typeof clientUpdateSchema>;

export const updateClientResolver = zodResolver(clientUpdateSchema) as unknown as Resolver<
  ClientFormValues,
  unknown,
  ClientUpdateData
>;

export type RegisterClientField = (field: ClientField) => UseFormRegisterReturn<ClientField>;
