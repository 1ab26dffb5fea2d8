import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh, IconSend } from '@tabler/icons-react';
import { SUBJECT_MAX, plainText } from '@leadline/shared/email';
import { wordCount } from '@leadline/shared/email-compose';
import { ComposerStatus } from './composer-status.tsx';
import type { ComposerStats } from './composer-status.tsx';
import { AttachmentsField } from '../../../components/attachments-field.tsx';
import { PRIORITY_OPTIONS, composerResolver, emptyComposer } from './composer-values.ts';
import type { ComposerMode, ComposerValues } from './composer-values.ts';
import { greetingHtml } from './greeting.ts';
import { MessageEditor, useMessageEditor } from '../../../components/message-editor.tsx';
import { NO_CONNECTION } from './send-texts.ts';
import { TrackCheckbox } from '../../../components/track-checkbox.tsx';
import { useTrackingSwitch } from '../../../lib/organization-settings.ts';

/** `track`: undefined when the organisation does not track (the server's default then). */
export type ComposerDraft = Omit<ComposerValues, 'track'> & {
  attachments: File[];
  track: boolean | undefined;
};

/** What the caller reports after trying: sent (`keep`: leave the draft as it is), or why not. */
export type SendOutcome = { ok: true; keep?: boolean } | { ok: false; error: ReactNode };

type EmailComposerProps = {
  /** 'bulk' hands subject, body and font to the caller (no recipient, copies or files). */
  mode: ComposerMode;
  /** The recipient; read-only when it is a lead's address. Ignored in bulk mode. */
  to?: { value: string; readOnly: boolean };
  /** For the greeting ('' for none; '{{firstName}}' in bulk mode). */
  firstName: string;
  stats?: ComposerStats;
  sendLabel?: string;
  /** A send is under way (the caller's request or job). */
  busy: boolean;
  onSend: (draft: ComposerDraft) => Promise<SendOutcome>;
  /** A "Start from template" control (composed by the app), given how to fill the form. */
  templatePicker?: (apply: (template: TemplateFill) => void) => ReactNode;
  /** The "From" mailbox picker (composed by the app), when the user has several mailboxes. */
  fromPicker?: ReactNode;
};

/** What starting from a template fills in. */
export type TemplateFill = { subject: string; body: string };

/**
 * The composer: online indicator, counters, To, Priority, CC, BCC, Subject (100 at most),
 * the rich-text Message, attachments, Reset and Send. Send is disabled while offline.
 */
export const EmailComposer = ({
  mode,
  to,
  firstName,
  stats,
  sendLabel = 'Send',
  busy,
  onSend,
  templatePicker,
  fromPicker,
}: EmailComposerProps) => {
  const { online } = useNetwork();
  const tracking = useTrackingSwitch();
  const single = mode === 'single';
  const initial = useMemo(
    () => emptyComposer(to?.value ?? '', greetingHtml('Dear', firstName)),
    // The first values only: later changes of the props do not wipe what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const resolver = useMemo(() => composerResolver(mode), [mode]);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<ComposerValues>({ resolver, defaultValues: initial, reValidateMode: 'onSubmit' });
  const [attachments, setAttachments] = useState<File[]>([]);
  const [failure, setFailure] = useState<ReactNode>(null);
  const editor = useMessageEditor(initial.body, (html) => {
    setValue('body', html);
    clearErrors('body');
  });
  // The editor is no input of its own: the body field is registered by hand.
  useEffect(() => {
    register('body');
  }, [register]);
  const field = (name: keyof ComposerValues) =>
    register(name, { onChange: () => clearErrors(name) });

  const body = watch('body');
  const subject = watch('subject');
  const font = watch('font');
  const words = useMemo(() => wordCount(plainText(body)), [body]);

  /** Back to a blank email that opens with 'Hi {first name},' (after a send or Reset). */
  const startOver = () => {
    const greeting = greetingHtml('Hi', firstName);
    reset(emptyComposer(to?.value ?? '', greeting));
    setAttachments([]);
    editor?.commands.setContent(greeting);
  };

  /** The subject and body become the template's (the rest of the draft stays). */
  const applyTemplate = ({ subject: nextSubject, body: nextBody }: TemplateFill) => {
    setValue('subject', nextSubject.slice(0, SUBJECT_MAX));
    setValue('body', nextBody);
    clearErrors(['subject', 'body']);
    editor?.commands.setContent(nextBody);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    if (!online || !navigator.onLine) {
      setFailure(NO_CONNECTION);
      return;
    }
    const recipient = to?.readOnly ? to.value : values.to;
    const outcome = await onSend({
      ...values,
      to: recipient,
      attachments,
      track: tracking ? values.track : undefined,
    });
    if (!outcome.ok) setFailure(outcome.error);
    else if (!outcome.keep) startOver();
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Compose email">
        <Stack gap="md">
          <ComposerStatus online={online} stats={stats} words={words} />
          {templatePicker?.(applyTemplate)}
          {fromPicker}
          {single ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="To"
                  required
                  readOnly={to?.readOnly}
                  variant={to?.readOnly ? 'filled' : 'default'}
                  type="email"
                  autoComplete="email"
                  placeholder="name@example.com"
                  error={errors.to?.message}
                  {...field('to')}
                />
                <NativeSelect label="Priority" data={PRIORITY_OPTIONS} {...field('priority')} />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="CC"
                  placeholder="name@example.com, other@example.com"
                  error={errors.cc?.message}
                  {...field('cc')}
                />
                <TextInput
                  label="BCC"
                  placeholder="name@example.com, other@example.com"
                  error={errors.bcc?.message}
                  {...field('bcc')}
                />
              </SimpleGrid>
            </>
          ) : null}
          <TextInput
            label="Subject"
            required
            maxLength={SUBJECT_MAX}
            description={`${subject.length}/${SUBJECT_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.subject?.message}
            {...field('subject')}
          />
          <MessageEditor
            editor={editor}
            error={errors.body?.message}
            baseFont={single ? undefined : font}
          />
          {single ? <AttachmentsField files={attachments} onChange={setAttachments} /> : null}
          {tracking ? <TrackCheckbox {...field('track')} /> : null}
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {failure}
            </Alert>
          ) : null}
          {!online ? (
            <Text size="sm" c="red">
              You are offline: sending is disabled until the connection is back.
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              disabled={busy}
              onClick={() => {
                setFailure(null);
                startOver();
              }}
            >
              Reset
            </Button>
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={busy}
              disabled={!online}
            >
              {sendLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
