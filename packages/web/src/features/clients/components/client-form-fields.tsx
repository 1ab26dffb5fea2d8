import type { ReactNode } from 'react';
import {
  Badge,
  Fieldset,
  Group,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { FieldErrors } from 'react-hook-form';
import { CLIENT_CATEGORIES, clientPic } from '@leadline/shared/clients';
import type { ClientFormValues, RegisterClientField } from './client-form-values.ts';

type ClientFormFieldsProps = {
  field: RegisterClientField;
  errors: FieldErrors<ClientFormValues>;
  contact: string;
  category: string;
  /** Two columns on wide screens (the add page), one in the edit dialog on phones. */
  columns?: { base: number; sm: number };
};

const Section = ({
  legend,
  columns,
  children,
}: {
  legend: string;
  columns: { base: number; sm: number };
  children: ReactNode;
}) => (
  <Fieldset legend={legend} radius="md">
    <SimpleGrid cols={columns} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Fieldset>
);

/** The client form's three sections, shared by add and edit. */
export const ClientFormFields = ({
  field,
  errors,
  contact,
  category,
  columns = { base: 1, sm: 2 },
}: ClientFormFieldsProps) => {
  const pic = clientPic(contact);
  const categories = [
    { value: '', label: 'Select category' },
    ...CLIENT_CATEGORIES,
    ...(category && !(CLIENT_CATEGORIES as readonly string[]).includes(category) ? [category] : []),
  ];
  return (
    <>
      <Section legend="Company Information" columns={columns}>
        <TextInput
          label="Company Name"
          withAsterisk
          placeholder="Acme Corporation"
          error={errors.companyName?.message}
          {...field('companyName')}
        />
        <TextInput
          label="Parent Company"
          placeholder="Acme Holdings"
          error={errors.parentCompany?.message}
          {...field('parentCompany')}
        />
        <TextInput
          label="Website"
          placeholder="https://acme.com"
          error={errors.website?.message}
          {...field('website')}
        />
        <NativeSelect
          label="Company Category"
          withAsterisk
          data={categories}
          error={errors.companyCategory?.message}
          {...field('companyCategory')}
        />
      </Section>
      <Section legend="Contact Information" columns={columns}>
        <TextInput
          label="Email"
          withAsterisk
          type="email"
          autoComplete="off"
          placeholder="contact@acme.com"
          error={errors.email?.message}
          {...field('email')}
        />
        <TextInput
          label="Contact Person"
          withAsterisk
          autoComplete="off"
          placeholder="Jane Doe"
          error={errors.contact?.message}
          {...field('contact')}
        />
        <Stack gap={4}>
          <Input.Label>PIC</Input.Label>
          <Group gap="xs" mih={36} align="center" data-testid="pic-preview">
            {pic ? (
              <Badge size="lg" variant="light" radius="sm">
                {pic}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                Will be auto-generated
              </Text>
            )}
          </Group>
          <Input.Description>Initials of the contact person</Input.Description>
        </Stack>
      </Section>
      <Fieldset legend="Address Information" radius="md">
        <Textarea
          label="Full Address"
          rows={3}
          placeholder="Street, city, postcode, country"
          error={errors.fullAddress?.message}
          {...field('fullAddress')}
        />
      </Fieldset>
    </>
  );
};
