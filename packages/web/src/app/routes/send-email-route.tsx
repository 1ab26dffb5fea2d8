import { SendEmailScreen } from '../../features/email/components/send-email-screen.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';
import { LeadFromUrl } from '../lead-from-url.tsx';

/**
 * /send-email-page?leadId=…: one lead, named in the URL so a reload keeps it. Starting from a
 * template fills its merge fields in for this lead.
 */
export const SendEmailRoute = () => (
  <LeadFromUrl>
    {(lead) => (
      <SendEmailScreen
        lead={lead}
        templatePicker={(apply) => <TemplatePicker leadId={lead._id} onPick={apply} />}
      />
    )}
  </LeadFromUrl>
);
