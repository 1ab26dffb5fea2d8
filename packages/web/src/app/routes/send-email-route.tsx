import { SendEmailScreen } from '../../features/email/components/send-email-screen.tsx';
import { LeadFromUrl } from '../lead-from-url.tsx';

/** /send-email-page?leadId=…: one lead, named in the URL so a reload keeps it. */
export const SendEmailRoute = () => (
  <LeadFromUrl>{(lead) => <SendEmailScreen lead={lead} />}</LeadFromUrl>
);
