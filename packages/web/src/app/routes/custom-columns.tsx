import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Client } from '@leadline/shared/clients';
import type { CustomFieldEntity, CustomValues } from '@leadline/shared/custom-fields';
import type { Lead } from '@leadline/shared/leads';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomValueView } from '../../features/custom-fields/components/custom-values.tsx';
import type { ClientColumn } from '../../features/clients/components/client-columns.tsx';
import type { LeadColumn } from '../../features/leads/components/lead-columns.tsx';

type CustomColumn<R> = {
  id: `custom.${string}`;
  label: string;
  byDefault: false;
  sort: `custom.${string}`;
  minWidth: number;
  clip: number | undefined;
  cell: (record: R) => ReactNode;
};

const NONE: readonly never[] = [];

/**
 * The organisation's fields of an entity (those shown on forms) as columns of its table:
 * offered in the column chooser, hidden until chosen, each sortable by its value, and shown
 * on the phone's cards when chosen.
 */
const useCustomColumns = <R extends { custom: CustomValues }>(
  entity: CustomFieldEntity,
): readonly CustomColumn<R>[] => {
  const fields = useCustomFields(entity).data;
  return useMemo(
    () =>
      fields
        ? fields
            .filter((field) => !field.hidden)
            .map((field) => ({
              id: `custom.${field.key}` as const,
              label: field.label,
              byDefault: false as const,
              sort: `custom.${field.key}` as const,
              minWidth: 130,
              clip: field.type === 'longtext' ? 220 : undefined,
              cell: (record: R) => (
                <CustomValueView field={field} value={record.custom[field.key]} />
              ),
            }))
        : NONE,
    [fields],
  );
};

export const useCustomLeadColumns = (): readonly LeadColumn[] => useCustomColumns<Lead>('lead');
export const useCustomClientColumns = (): readonly ClientColumn[] =>
  useCustomColumns<Client>('client');
