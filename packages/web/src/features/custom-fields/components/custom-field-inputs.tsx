import {
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import type { CustomField } from '@leadline/shared/custom-fields';

/** A form's custom values: what the inputs hold (text as typed, lists, booleans, numbers). */
export type CustomFormValues = Record<string, unknown>;

type InputProps = {
  field: CustomField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  id: string;
};

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);

/** The input of one field, by its type (the shared rule checks what it holds). */
const FieldInput = ({ field, value, error, onChange, id }: InputProps) => {
  const common = { id, label: field.label, error };
  switch (field.type) {
    case 'longtext':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
    case 'currency':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          decimalScale={field.type === 'currency' ? 2 : undefined}
          thousandSeparator=","
          onChange={(next) => onChange(next)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'boolean':
      return (
        <Switch
          id={id}
          label={field.label}
          error={error}
          mt="lg"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={typeof value === 'string' && value ? value : null}
          clearable
          onChange={(next) => onChange(next ?? '')}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={field.options}
          value={Array.isArray(value) ? (value as string[]) : []}
          clearable
          onChange={(next) => onChange(next)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={
            field.type === 'email'
              ? 'email'
              : field.type === 'url'
                ? 'url'
                : field.type === 'phone'
                  ? 'tel'
                  : 'text'
          }
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
};

type CustomFieldInputsProps = {
  /** The fields to show (hidden ones are left out by the caller or here). */
  fields: readonly CustomField[];
  values: CustomFormValues;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  idPrefix: string;
};

/** The organisation's custom fields as form inputs, two a row on wide screens. */
export const CustomFieldInputs = ({
  fields,
  values,
  errors,
  onChange,
  idPrefix,
}: CustomFieldInputsProps) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
    {fields
      .filter((field) => !field.hidden)
      .map((field) => (
        <FieldInput
          key={field._id}
          id={`${idPrefix}-custom-${field.key}`}
          field={field}
          value={values[field.key]}
          error={errors[field.key]}
          onChange={(value) => onChange(field.key, value)}
        />
      ))}
  </SimpleGrid>
);
