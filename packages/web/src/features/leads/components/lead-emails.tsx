import { Link } from 'react-router';
import { Alert, Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { EmailKind, LeadEmailKind, LeadEmailStatus, SentEmail } from '@leadline/shared/email';
import { followUpStateOf } from '@leadline/shared/email-compose';
import { hasPermission } from '@leadline/shared/permissions';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { followUpPath } from '../../../lib/lead-links.ts';
import { useSession } from '../../../lib/session.ts';
import { useLeadEmails } from '../api/get-lead-emails.ts';
import { EmailTracking } from './email-tracking.tsx';

const STATUS_COLOR: Record<LeadEmailStatus, string> = {
  queued: 'gray',
  sent: 'green',
  sending: 'blue',
  failed: 'red',
  unconfirmed: 'yellow',
  received: 'grape',
};

/** The badge's words: an unconfirmed email may have been delivered (its text says why). */
const STATUS_LABEL: Partial<Record<LeadEmailStatus, string>> = { unconfirmed: 'not confirmed' };

/** What a received message is; a sent one says how it was sent. */
const KIND_BADGE: Record<Exclude<LeadEmailKind, 'sent'>, { label: string; color: string }> = {
  reply: { label: 'Reply', color: 'grape' },
  'auto-reply': { label: 'Auto-reply', color: 'gray' },
  bounce: { label: 'Bounced', color: 'red' },
};
const VIA_LABEL: Record<EmailKind, string> = {
  single: 'single',
  followup: 'follow-up',
  bulk: 'bulk',
  campaign: 'campaign',
  invitation: 'invitation',
};

/** The badges of one entry: its status, what it is (or how it was sent), and a bounce. */
const EntryBadges = ({ email }: { email: SentEmail }) => {
  const kind = email.kind === 'sent' ? null : KIND_BADGE[email.kind];
  return (
    <>
      {kind ? (
        <Badge size="xs" variant={email.kind === 'bounce' ? 'filled' : 'light'} color={kind.color}>
          {kind.label}
        </Badge>
      ) : (
        <Badge size="xs" variant="light" color={STATUS_COLOR[email.status]}>
          {STATUS_LABEL[email.status] ?? email.status}
        </Badge>
      )}
      {email.via ? (
        <Badge size="xs" variant="light" color="gray">
          {VIA_LABEL[email.via]}
        </Badge>
      ) : null}
      {email.bounce ? (
        <Badge size="xs" variant="filled" color={email.bounce === 'hard' ? 'red' : 'orange'}>
          {email.bounce === 'hard' ? 'Bounced' : 'Soft bounce'}
        </Badge>
      ) : null}
    </>
  );
};

/**
 * A sent email's text for its preview line. The HTML (already sanitised by the server) is
 * parsed into a document that is never shown: nothing in it loads or runs.
 */
const plainText = (html: string): string =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/** Opens /follow-up filled in to answer in this email's thread. */
const FollowUpLink = ({ leadId, email }: { leadId: string; email: SentEmail }) => {
  if (!followUpStateOf(email)) return null;
  return (
    <Anchor component={Link} to={followUpPath(leadId, email._id)} size="xs" w="fit-content">
      Follow up
    </Anchor>
  );
};

/**
 * The emails sent to the lead and the messages received for it (replies, auto-replies,
 * bounces; GET /api/leads/:id/emails), newest first.
 */
export const LeadEmails = ({ leadId }: { leadId: string }) => {
  const emails = useLeadEmails(leadId);
  const { user } = useSession();
  const canFollowUp = user !== null && hasPermission(user, 'followUp');
  if (emails.isPending) return <Loader size="sm" aria-label="Loading emails" />;
  if (emails.isError) {
    return (
      <Alert color="red" variant="light">
        Failed to load the emails sent to this lead.
      </Alert>
    );
  }
  if (emails.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No emails sent to this lead yet
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {emails.data.map((email) => (
        <Stack key={email._id} gap={2} component="li">
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {email.subject}
            </Text>
            <EntryBadges email={email} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(email.sentAt)}
            {email.sender ? ` · from ${email.sender.name} <${email.sender.email}>` : ''}
          </Text>
          {email.returnsOn ? (
            <Text size="xs" c="dimmed">
              {`Away until ${formatDate(`${email.returnsOn}T12:00:00`)}: the next campaign step waits until the day after.`}
            </Text>
          ) : null}
          {email.snippet ? (
            <Text size="xs" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {email.snippet}
            </Text>
          ) : email.bodyHtml ? (
            <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {plainText(email.bodyHtml)}
            </Text>
          ) : null}
          {email.error ? (
            <Text
              size="xs"
              c={email.status === 'unconfirmed' ? 'dimmed' : 'red'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {email.error}
            </Text>
          ) : null}
          <EmailTracking leadId={leadId} email={email} />
          {canFollowUp ? <FollowUpLink leadId={leadId} email={email} /> : null}
        </Stack>
      ))}
    </Stack>
  );
};
