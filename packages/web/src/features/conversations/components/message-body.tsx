import { Alert, Button, Loader, Text } from '@mantine/core';
import { EmailFrame } from '../../../components/email-frame.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConversationMessage } from '../api/get-conversation-message.ts';

type MessageBodyProps = { leadId: string; messageId: string; subject: string };

/**
 * A message's whole text: an email sent in the sandboxed email frame (its HTML was sanitised
 * by the server; nothing in it runs), an answer as plain text.
 */
export const MessageBody = ({ leadId, messageId, subject }: MessageBodyProps) => {
  const body = useConversationMessage(leadId, messageId);
  if (body.isPending) return <Loader size="xs" aria-label="Loading the message" />;
  if (body.isError) {
    return (
      <Alert color="red" variant="light" p="xs">
        <Text size="sm">{errorMessage(body.error, 'Failed to load the message')}</Text>
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          mt={6}
          onClick={() => void body.refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }
  if (body.data.html) {
    return <EmailFrame html={body.data.html} remoteImages={false} title={`Email: ${subject}`} />;
  }
  return (
    <Text
      size="sm"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="message-text"
    >
      {body.data.text || '(no text)'}
    </Text>
  );
};
