import { Anchor, Group, Stack, Text } from '@mantine/core';
import type {
  CompanyConversationAnswer,
  CompanyConversationMessage,
} from '@leadline/shared/conversations';
import { formatDateTime } from '../../../lib/format.ts';
import { EmailLine } from './email-line.tsx';

type CompanyConversationProps = {
  answer: CompanyConversationAnswer;
  /** Opens the lead's conversation; absent: the lead's name is only text. */
  onOpenLead?: (leadId: string) => void;
};

const LeadName = ({
  message,
  onOpenLead,
}: {
  message: CompanyConversationMessage;
  onOpenLead?: (leadId: string) => void;
}) =>
  onOpenLead ? (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={() => onOpenLead(message.leadId)}
    >
      {message.leadName}
    </Anchor>
  ) : (
    <Text span size="sm" fw={600}>
      {message.leadName}
    </Text>
  );

/**
 * The conversations of the company's leads in one timeline, oldest first: each message with
 * its lead (opening the lead's conversation), which way it went, subject, start and time.
 */
export const CompanyConversation = ({ answer, onOpenLead }: CompanyConversationProps) => {
  const { messages, truncated } = answer;
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No emails with this company&apos;s contacts yet. Emails sent to them and their answers show
        here.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {truncated ? (
        <Text size="xs" c="dimmed">
          Showing the newest {messages.length} messages.
        </Text>
      ) : null}
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {messages.map((message) => {
          const out = message.direction === 'out';
          return (
            <li key={message._id} data-testid="company-conversation-message">
              <EmailLine
                sent={out}
                subject={message.subject}
                snippet={message.snippet}
                above={
                  <Group gap={6} wrap="wrap">
                    <LeadName message={message} onOpenLead={onOpenLead} />
                    <Text size="xs" c="dimmed">
                      {out ? 'Sent by us' : `From ${message.fromName || message.from}`} ·{' '}
                      {formatDateTime(message.at)}
                    </Text>
                  </Group>
                }
              />
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
};
