import type { Lead } from '@leadline/shared/leads';

export type BulkEmailState =
  | { label: 'No leads selected'; disabled: true; note?: undefined }
  | {
      label: string;
      disabled: false;
      type: 'initial' | 'followup';
      /** The leads the email goes to (a mixed selection: those not emailed yet). */
      leads: Lead[];
      /** Said beside the buttons when some selected leads are left out, and why. */
      note?: string;
    };

const leadsWord = (count: number) => `${count} ${count === 1 ? 'lead' : 'leads'}`;

/**
 * The bulk email button: none selected; all not yet emailed (a first email); all emailed (a
 * follow-up); or a mix, where the first email goes to those not emailed yet and the note says
 * the others are left out (a follow-up to them is sent by selecting only them).
 */
export const bulkEmailState = (selected: readonly Lead[]): BulkEmailState => {
  if (selected.length === 0) return { label: 'No leads selected', disabled: true };
  const fresh = selected.filter((lead) => !lead.mailSent);
  if (fresh.length === selected.length)
    return { label: 'Send Bulk Email', disabled: false, type: 'initial', leads: [...selected] };
  if (fresh.length === 0)
    return {
      label: 'Send Follow-up Email',
      disabled: false,
      type: 'followup',
      leads: [...selected],
    };
  const emailed = selected.length - fresh.length;
  return {
    label: `Send Bulk Email to ${leadsWord(fresh.length)}`,
    disabled: false,
    type: 'initial',
    leads: fresh,
    note: `Some selected leads were already emailed: the ${emailed === 1 ? 'one' : emailed} already emailed ${emailed === 1 ? 'is' : 'are'} left out of this email, which goes to the ${leadsWord(fresh.length)} not emailed yet. To follow up with the emailed ones, select only them.`,
  };
};
