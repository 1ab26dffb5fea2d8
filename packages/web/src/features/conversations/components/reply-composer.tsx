import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { REPLY_SENT, conversationReplySchema } from '@leadline/shared/conversations';
import type { ConversationMessage } from '@leadline/shared/conversations';
import { SUBJECT_MAX, plainText } from '@leadline/shared/email';
import { replySubject } from '@leadline/shared/email-compose';
import { AttachmentsField } from '../../../components/attachments-field.tsx';
import { useReportDirty } from '../../../components/discard-guard.tsx';
import { MessageEditor, useMessageEditor } from '../../../components/message-editor.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { useSendReply } from '../api/send-reply.ts';
import { senderOf } from './threads.ts';

type ReplyValues = { inReplyTo: string; subject: string; cc: string; body: string };

const FIELDS = ['subject', 'cc', 'body'] as const;
const resolver = zodResolver(conversationReplySchema, undefined, {
  raw: true,
}) as unknown as Resolver<ReplyValues>;

/** What starting from a template fills in. */
export type ReplyTemplateFill = { subject: string; body: string };

/** What the composer needs of the message answered (the Inbox knows it without the conversation). */
export type AnsweredMessage = Pick<
  ConversationMessage,
  '_id' | 'subject' | 'direction' | 'from' | 'fromName' | 'at'
>;

type ReplyComposerProps = {
  leadId: string;
  /** The message answered. */
  answered: AnsweredMessage;
  /** A "Start from template" control (composed by the app), given how to fill the reply. */
  templatePicker?: (apply: (template: ReplyTemplateFill) => void) => ReactNode;
  onDone: () => void;
  /** Called once the reply is sent (before `onDone`). */
  onSent?: () => void;
};

/**
 * A reply in the lead's conversation: Subject ("Re: …", editable), CC, the message (merge
 * fields such as {{firstName}} are filled in by the server), attachments. It goes from the
 * mailbox of the thread, threaded under the message answered.
 */
export const ReplyComposer = ({
  leadId,
  answered,
  templatePicker,
  onDone,
  onSent,
}: ReplyComposerProps) => {
  const initial = useMemo<ReplyValues>(
    () => ({ inReplyTo: answered._id, subject: replySubject(answered.subject), cc: '', body: '' }),
    [answered._id, answered.subject],
  );
  const send = useSendReply();
  const [attachments, setAttachments] = useState<File[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<ReplyValues>({ resolver, defaultValues: initial, reValidateMode: 'onSubmit' });
  useEffect(() => {
    register('body');
  }, [register]);
  const editor = useMessageEditor('', (html) => {
    setValue('body', html);
    clearErrors('body');
  });
  const field = (name: (typeof FIELDS)[number]) =>
    register(name, { onChange: () => clearErrors(name) });
  const [body, cc] = watch(['body', 'cc']);
  useReportDirty(plainText(body ?? '').trim() !== '' || cc.trim() !== '' || attachments.length > 0);

  /** The message becomes the template's; its subject only fills an empty Subject (the thread's "Re: …" stays). */
  const applyTemplate = ({ subject, body: next }: ReplyTemplateFill) => {
    if (!getValues('subject').trim()) setValue('subject', subject.slice(0, SUBJECT_MAX));
    setValue('body', next);
    clearErrors(['subject', 'body']);
    editor?.commands.setContent(next);
  };

  const submit = handleSubmit((values) => {
    setFailure(null);
    send.mutate(
      { leadId, reply: { ...values, attachments } },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message || REPLY_SENT);
          if (!answer.savedToSent && answer.sentFolderError) {
            notifyWarning(
              `The reply was not copied to your Sent folder: ${answer.sentFolderError}`,
            );
          }
          onSent?.();
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError, FIELDS);
          setFailure(errorMessage(error, 'Failed to send the reply'));
        },
      },
    );
  });

  const who = answered.direction === 'out' ? 'your email' : senderOf(answered);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="reply-composer">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Reply">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Replying to {who} of {formatDateTime(answered.at)}
          </Text>
          {templatePicker?.(applyTemplate)}
          <TextInput
            label="Subject"
            required
            maxLength={SUBJECT_MAX}
            error={errors.subject?.message}
            {...field('subject')}
          />
          <TextInput
            label="CC"
            placeholder="name@example.com, other@example.com"
            error={errors.cc?.message}
            {...field('cc')}
          />
          <MessageEditor editor={editor} error={errors.body?.message} minHeight={140} />
          <AttachmentsField files={attachments} onChange={setAttachments} />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
