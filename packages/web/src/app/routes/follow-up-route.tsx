import type { ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import type { SentEmail } from '@leadline/shared/email';
import { followUpStateOf } from '@leadline/shared/email-compose';
import type { FollowUpPreset } from '@leadline/shared/email-compose';
import type { Lead } from '@leadline/shared/leads';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { FollowUpForm } from '../../features/email/components/follow-up-form.tsx';
import { TemplatePicker } from '../../features/templates/components/template-picker.tsx';
import { useLeadEmails } from '../../features/leads/api/get-lead-emails.ts';
import { useFromMailbox } from '../../features/mailboxes/components/from-mailbox.tsx';
import { LeadFromUrl } from '../lead-from-url.tsx';

/** A follow-up goes from the first email's mailbox unless another is picked. */
const FOLLOW_UP_FROM = {
  label: "The first email's mailbox",
  description:
    'A follow-up goes from the mailbox the first email went from unless you pick another.',
};

/** The follow-up form with, for a user with several mailboxes, "From". */
const FollowUp = (props: Omit<ComponentProps<typeof FollowUpForm>, 'from'>) => {
  const from = useFromMailbox({ unchosen: FOLLOW_UP_FROM });
  return <FollowUpForm {...props} from={from} />;
};

/**
 * The email `emailId` names among the lead's recent ones, or without an id the newest one that
 * can be followed up. An email that is not there leaves only the lead's address filled in.
 */
const presetOf = (lead: Lead, emails: SentEmail[], emailId: string | null): FollowUpPreset => {
  const answered = emailId
    ? emails.find((email) => email._id === emailId)
    : emails.find((email) => followUpStateOf(email) !== null);
  return (answered && followUpStateOf(answered)) ?? { to: lead.personEmail };
};

const LeadFollowUp = ({ lead, emailId }: { lead: Lead; emailId: string | null }) => {
  const emails = useLeadEmails(lead._id);
  if (emails.isPending) return <CenteredLoader label="Loading emails" />;
  if (emails.isError) {
    return (
      <LoadError
        title="Failed to load the emails sent to this lead"
        message={emails.error.message}
        onRetry={() => void emails.refetch()}
        retrying={emails.isFetching}
        maw={560}
      />
    );
  }
  return (
    <FollowUp
      preset={presetOf(lead, emails.data, emailId)}
      templatePicker={(apply) => <TemplatePicker leadId={lead._id} onPick={apply} />}
    />
  );
};

/**
 * /follow-up: a blank form, or with ?leadId=…[&emailId=…] filled in to answer one of the lead's
 * emails in its thread (the ids in the URL, so a reload keeps it).
 */
export const FollowUpRoute = () => {
  const [params] = useSearchParams();
  if (!params.has('leadId')) return <FollowUp preset={{}} />;
  return (
    <LeadFromUrl>
      {(lead) => {
        const emailId = params.get('emailId');
        // Another lead or email is a new form, not the last one's draft.
        return <LeadFollowUp key={`${lead._id}:${emailId}`} lead={lead} emailId={emailId} />;
      }}
    </LeadFromUrl>
  );
};
