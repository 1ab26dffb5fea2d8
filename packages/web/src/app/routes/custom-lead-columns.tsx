import { useMemo } from 'react';
import type { Lead } from '@leadline/shared/leads';
import { useCustomFields } from '../../features/custom-fields/api/custom-fields.ts';
import { CustomValueView } from '../../features/custom-fields/components/custom-values.tsx';
import type { LeadColumn } from '../../features/leads/components/lead-columns.tsx';

const NONE: readonly LeadColumn[] = [];

/**
 * The organisation's lead fields (those shown on forms) as columns of the leads table: offered
 * in the column chooser, hidden until chosen, each sortable by its value.
 */
export const useCustomLeadColumns = (): readonly LeadColumn[] => {
  const fields = useCustomFields('lead').data;
  return useMemo(
    () =>
      fields
        ? fields
            .filter((field) => !field.hidden)
            .map((field): LeadColumn => ({
              id: `custom.${field.key}`,
              label: field.label,
              byDefault: false,
              sort: `custom.${field.key}`,
              minWidth: 130,
              clip: field.type === 'longtext' ? 220 : undefined,
              cell: (lead: Lead) => (
                <CustomValueView field={field} value={lead.custom[field.key]} />
              ),
            }))
        : NONE,
    [fields],
  );
};
