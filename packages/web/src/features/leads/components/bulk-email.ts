import type { Lead } from '@leadline/shared/leads';

export type BulkEmailState =
  | { label: 'No leads selected'; disabled: true }
  | { label: 'Mixed Status Selected'; disabled: true }
  | { label: 'Send Bulk Email'; disabled: false; type: 'initial' }
  | { label: 'Send Follow-up Email'; disabled: false; type: 'followup' };

/** The bulk email button's four states (none selected, a mix of Pending and Sent, all Pending, all Sent). */
export const bulkEmailState = (selected: readonly Lead[]): BulkEmailState => {
  if (selected.length === 0) return { label: 'No leads selected', disabled: true };
  const sent = selected.filter((lead) => lead.mailSent).length;
  if (sent === 0) return { label: 'Send Bulk Email', disabled: false, type: 'initial' };
  if (sent === selected.length)
    return { label: 'Send Follow-up Email', disabled: false, type: 'followup' };
  return { label: 'Mixed Status Selected', disabled: true };
};
