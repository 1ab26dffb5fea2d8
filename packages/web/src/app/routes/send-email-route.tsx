import type { ReactNode } from 'react';
import type { Lead } from '@leadline/shared/leads';
import { SendEmailScreen } from '../../features/email/components/send-email-screen.tsx';
import { useFromMailbox } from '../../features/mailboxes/components/from-mailbox.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';
import { LeadFromUrl } from '../lead-from-url.tsx';

/**
 * /send-email-page?leadId=…: one lead, named in the URL so a reload keeps it. Starting from a
 * template fills its merge fields in for this lead.
 */
export const SendEmailRoute = () => (
  <LeadFromUrl>{(lead) => <LeadEmailScreen lead={lead} />}</LeadFromUrl>
);

/** The screen with the lead's template picker and, with several mailboxes, "From". */
const LeadEmailScreen = ({ lead }: { lead: Lead }): ReactNode => {
  const from = useFromMailbox();
  return (
    <SendEmailScreen
      lead={lead}
      from={from}
      templatePicker={(apply) => <TemplatePicker leadId={lead._id} onPick={apply} />}
    />
  );
};
