import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import type { SentEmailStatus } from '@leadline/shared/email';
import { formatDateTime } from '../../../lib/format.ts';
import { useLeadEmails } from '../api/get-lead-emails.ts';

const STATUS_COLOR: Record<SentEmailStatus, string> = {
  sent: 'green',
  sending: 'blue',
  failed: 'red',
};

/** The emails sent to the lead (GET /api/leads/:id/emails), newest first. */
export const LeadEmails = ({ leadId }: { leadId: string }) => {
  const emails = useLeadEmails(leadId);
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
            <Badge size="xs" variant="light" color={STATUS_COLOR[email.status]}>
              {email.status}
            </Badge>
            <Badge size="xs" variant="light" color="gray">
              {email.kind}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(email.sentAt)}
            {email.sender ? ` · from ${email.sender.name} <${email.sender.email}>` : ''}
          </Text>
          {email.error ? (
            <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              {email.error}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
};
