import type { Lead } from '@leadline/shared/leads';

export type BulkEmailState =
  | { label: 'No leads selected'; disabled: true }
  | { label: 'Mixed Status Selected'; disabled: true }
  | { label: 'Send Bulk Email'; disabled: false; type: 'initial' }
  | { label: 'Send Follow-up Email'; disabled: false; type: 'followup' };

/** The bulk email button's four states (seed §Leads table). */
export const bulkEmailState = (selected: readonly Lead[]): BulkEmailState => {
  if (selected.length === 0) return { label: 'No leads selected', disabled: true };
  const sent = selected.filter((lead) => lead.mailSent).length;
  if (sent === 0) return { label: 'Send Bulk Email', disabled: false, type: 'initial' };
  if (sent === selected.length)
    return { label: 'Send Follow-up Email', disabled: false, type: 'followup' };
  return { label: 'Mixed Status Selected', disabled: true };
};

/** Router state for /send-email-page (the email screens read it). */
export const sendEmailState = (lead: Lead) => ({
  to: lead.personEmail,
  personEmail: lead.personEmail,
  firstName: lead.personFirstName,
  personFirstName: lead.personFirstName,
  leadId: lead._id,
  _id: lead._id,
  sentCount: lead.sentCount,
  mailSentDate: lead.mailSentDate,
});
