import { MultiSelect, Text } from '@mantine/core';
import { ownerOptions, useLeadOwners } from '../api/lead-owners.ts';

type RoundRobinFieldProps = { value: string[]; onChange: (userIds: string[]) => void };

/**
 * The import's owner choice for someone holding Lead Management: the new leads go round-robin
 * to the chosen users (in file order), instead of the file's Owner column or the importer.
 */
export const RoundRobinField = ({ value, onChange }: RoundRobinFieldProps) => {
  const owners = useLeadOwners();
  return (
    <MultiSelect
      label="Spread the new leads over (round-robin)"
      description={
        <Text span size="xs" c="dimmed">
          Each new lead goes to the next user in turn. Leave empty to use the file&apos;s Owner
          column, or yourself.
        </Text>
      }
      placeholder={value.length === 0 ? 'Owner column or yourself' : undefined}
      data={ownerOptions(owners.data ?? [])}
      value={value}
      onChange={onChange}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
};
