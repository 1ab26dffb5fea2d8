import { NativeSelect, SimpleGrid } from '@mantine/core';
import { CUSTOM_EMPTY, hasRange, isNumeric, isTextual } from '@leadline/shared/custom-fields';
import type { CustomField } from '@leadline/shared/custom-fields';
import { DebouncedInput } from '../../../components/search-input.tsx';

type Param = `custom.${string}`;

type CustomFiltersProps = {
  fields: readonly CustomField[];
  /** The list's `custom.*` parameters. */
  values: Readonly<Record<Param, string>>;
  onChange: (name: Param, value: string, options?: { replace?: boolean }) => void;
};

const EMPTY_LABEL = '(empty)';

/**
 * A filter per custom field shown on forms: text contains, a choice (or empty), yes / no, and
 * a from-to range for numbers, amounts and dates. Each writes the list's `custom.<key>` params.
 */
export const CustomFilters = ({ fields, values, onChange }: CustomFiltersProps) => {
  const shown = fields.filter((field) => !field.hidden);
  if (shown.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm" verticalSpacing="sm">
      {shown.map((field) => {
        const name = `custom.${field.key}` as Param;
        const value = values[name] ?? '';
        if (isTextual(field.type))
          return (
            <DebouncedInput
              key={field._id}
              label={`${field.label} contains`}
              value={value}
              onCommit={(next) => onChange(name, next, { replace: true })}
            />
          );
        if (hasRange(field.type)) {
          const type = field.type === 'date' ? 'date' : 'number';
          const min = `${name}.min` as Param;
          const max = `${name}.max` as Param;
          return (
            <div
              key={field._id}
              role="group"
              aria-label={`${field.label} range`}
              style={{ display: 'flex', gap: 8 }}
            >
              <DebouncedInput
                type={type}
                label={`${field.label} from`}
                value={values[min] ?? ''}
                step={isNumeric(field.type) ? 'any' : undefined}
                onCommit={(next) => onChange(min, next, { replace: true })}
                style={{ flex: 1, minWidth: 0 }}
              />
              <DebouncedInput
                type={type}
                label={`${field.label} to`}
                value={values[max] ?? ''}
                step={isNumeric(field.type) ? 'any' : undefined}
                onCommit={(next) => onChange(max, next, { replace: true })}
                style={{ flex: 1, minWidth: 0 }}
              />
            </div>
          );
        }
        const choices =
          field.type === 'boolean'
            ? [
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]
            : field.options.map((option) => ({ value: option, label: option }));
        return (
          <NativeSelect
            key={field._id}
            label={field.label}
            value={value}
            data={[
              { value: '', label: 'Any' },
              ...choices,
              { value: CUSTOM_EMPTY, label: EMPTY_LABEL },
              ...(value && value !== CUSTOM_EMPTY && !choices.some((c) => c.value === value)
                ? [{ value, label: value }]
                : []),
            ]}
            onChange={(event) => onChange(name, event.currentTarget.value)}
          />
        );
      })}
    </SimpleGrid>
  );
};
