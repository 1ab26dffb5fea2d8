import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ConversationMessage } from '@leadline/shared/conversations';
import { errorMessage } from '../../../lib/api-client.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { ConversationMessageItem } from './conversation-message.tsx';
import { ReplyComposer } from './reply-composer.tsx';
import type { ReplyTemplateFill } from './reply-composer.tsx';
import { defaultReplyTarget, threadsOf } from './threads.ts';

type ConversationTabProps = {
  leadId: string;
  /** The user may answer (the server's rule: Send Email or Inbox). */
  canReply: boolean;
  templatePicker?: (apply: (template: ReplyTemplateFill) => void) => ReactNode;
};

/** Opening the conversation reads its answers: once per opening, when there are any. */
const useMarkReadOnOpen = (
  leadId: string,
  messages: readonly ConversationMessage[] | undefined,
) => {
  const markRead = useMarkConversationRead();
  const done = useRef(false);
  const { mutate } = markRead;
  useEffect(() => {
    if (done.current || !messages?.some((message) => message.unread)) return;
    done.current = true;
    mutate(leadId);
  }, [leadId, messages, mutate]);
};

/**
 * The lead's conversation: every email sent to it and every answer, oldest first, in threads
 * (the subject and how many messages); the newest message open. "Reply" opens the composer at
 * the end, answering the message chosen (by default the latest reply, else the latest email).
 */
export const ConversationTab = ({ leadId, canReply, templatePicker }: ConversationTabProps) => {
  const conversation = useConversation(leadId);
  const messages = conversation.data?.messages;
  useMarkReadOnOpen(leadId, messages);
  // null: only the newest message is open.
  const [opened, setOpened] = useState<ReadonlySet<string> | null>(null);
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const composer = useRef<HTMLDivElement>(null);

  if (conversation.isPending) return <Loader size="sm" aria-label="Loading the conversation" />;
  if (conversation.isError) {
    return (
      <Alert color="red" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {errorMessage(conversation.error, 'Failed to load the conversation')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void conversation.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const all = conversation.data.messages;
  if (all.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No emails with this lead yet. Emails sent to the lead and its answers show here.
      </Text>
    );
  }
  const newest = all.at(-1)!._id;
  const expanded = opened ?? new Set([newest]);
  const toggle = (id: string) => {
    const next = new Set(expanded);
    if (!next.delete(id)) next.add(id);
    setOpened(next);
  };
  const target = replyTo ? all.find((message) => message._id === replyTo) : undefined;
  const fallback = defaultReplyTarget(all);
  const reply = (id: string) => {
    setReplyTo(id);
    requestAnimationFrame(() => composer.current?.scrollIntoView({ block: 'nearest' }));
  };

  return (
    <Stack gap="lg">
      {threadsOf(all).map((thread) => (
        <Stack
          key={thread.threadId}
          gap="xs"
          component="section"
          aria-label={`Thread: ${thread.subject}`}
        >
          <Group gap="xs" wrap="nowrap">
            <Title order={3} size="h6" style={{ overflowWrap: 'anywhere' }}>
              {thread.subject || '(no subject)'}
            </Title>
            <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
              {thread.messages.length === 1 ? '1 message' : `${thread.messages.length} messages`}
            </Badge>
          </Group>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {thread.messages.map((message) => (
              <ConversationMessageItem
                key={message._id}
                leadId={leadId}
                message={message}
                expanded={expanded.has(message._id)}
                onToggle={() => toggle(message._id)}
                onReply={canReply ? () => reply(message._id) : undefined}
              />
            ))}
          </Stack>
        </Stack>
      ))}
      {canReply ? (
        <div ref={composer}>
          {target ? (
            <ReplyComposer
              key={target._id}
              leadId={leadId}
              answered={target}
              templatePicker={templatePicker}
              onDone={() => setReplyTo(null)}
            />
          ) : fallback ? (
            <Group justify="flex-end">
              <Button
                leftSection={<IconArrowBackUp size={16} />}
                onClick={() => reply(fallback._id)}
              >
                Reply
              </Button>
            </Group>
          ) : null}
        </div>
      ) : null}
    </Stack>
  );
};
