import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { AUDIT_KINDS, AUDIT_KIND_LABELS } from '@leadline/shared/audit';
import { DateRangeInputs } from '../../../components/date-range-inputs.tsx';
import type { AuditFilters } from '../api/audit-filters.ts';

export type AuditUserOption = { value: string; label: string };

type AuditFiltersBarProps = {
  filters: AuditFilters;
  users: readonly AuditUserOption[];
  /** Why the period cannot be used, or null. */
  error: string | null;
  onChange: (patch: Partial<AuditFilters>) => void;
};

const KIND_OPTIONS = [
  { value: '', label: 'Every kind' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

/** The Audit log's filters: user, kind and period (local days). */
export const AuditFiltersBar = ({ filters, users, error, onChange }: AuditFiltersBarProps) => (
  <Stack gap={6} mb="md">
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label="User"
        value={filters.userId}
        data={[{ value: '', label: 'Everyone' }, ...users]}
        onChange={(event) => onChange({ userId: event.currentTarget.value })}
        w={{ base: '100%', sm: 240 }}
      />
      <NativeSelect
        label="Kind"
        value={filters.kind}
        data={KIND_OPTIONS}
        onChange={(event) => onChange({ kind: event.currentTarget.value })}
        w={{ base: '100%', sm: 240 }}
      />
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
        <DateRangeInputs
          from={filters.from}
          to={filters.to}
          onDates={onChange}
          invalid={Boolean(error)}
        />
      </Group>
    </Group>
    {error ? (
      <Text size="sm" c="red" role="alert">
        {error}
      </Text>
    ) : null}
  </Stack>
);
