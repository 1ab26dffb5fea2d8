import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FOLLOW_UP_SENT, FOLLOW_UP_SUBJECT_MAX, followUpSchema } from '@leadline/shared/email';
import type { FollowUpPreset } from '@leadline/shared/email-compose';
import { AdvancedSection } from '../../../components/advanced-section.tsx';
import { MessageEditor, useMessageEditor } from '../../../components/message-editor.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TrackCheckbox } from '../../../components/track-checkbox.tsx';
import { useTrackingSwitch } from '../../../lib/organization-settings.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSendFollowUp } from '../api/send-follow-up.ts';
import type { TemplateFill } from './email-composer.tsx';
import { OriginalEmail } from './original-email.tsx';
import { sendFailure } from './send-failure.tsx';
import { SendingOverlay } from './sending-overlay.tsx';

type FollowUpValues = {
  to: string;
  subject: string;
  message: string;
  inReplyTo: string;
  references: string;
  /** Track opens and clicks (sent only when the organisation's switch is on). */
  track: boolean;
};

const FOLLOW_UP_FAILED = 'Error sending email.';
const MESSAGE_ID_FIELDS = [
  { name: 'inReplyTo', label: 'In-Reply-To', description: "The original email's Message-ID" },
  { name: 'references', label: 'References', description: 'Usually the same Message-ID' },
] as const;
const BLANK: FollowUpValues = {
  to: '',
  subject: '',
  message: '',
  inReplyTo: '',
  references: '',
  track: true,
};
const resolver = zodResolver(followUpSchema, undefined, {
  raw: true,
}) as unknown as Resolver<FollowUpValues>;

const presetValues = (preset: FollowUpPreset): FollowUpValues => ({
  ...BLANK,
  to: preset.to ?? '',
  subject: preset.subject ?? '',
  inReplyTo: preset.inReplyTo ?? '',
  references: preset.references ?? preset.inReplyTo ?? '',
});

type FollowUpFormProps = {
  preset: FollowUpPreset;
  /** A "Start from template" control (composed by the app), given how to fill the form. */
  templatePicker?: (apply: (template: TemplateFill) => void) => ReactNode;
  /** The mailbox chosen in the "From" picker (composed by the app) and the picker. */
  from?: { mailboxId: string | undefined; picker: ReactNode };
};

/**
 * The follow-up form: to, subject, message, In-Reply-To (the original's Message-ID) and
 * References, all required; the email is threaded under the original. `preset` fills it in
 * (read once: later changes do not wipe what is typed) and shows the email being answered
 * above the form; the two Message-IDs sit in a folded "Advanced" part.
 */
export const FollowUpForm = ({ preset: given, templatePicker, from }: FollowUpFormProps) => {
  const tracking = useTrackingSwitch();
  const [preset] = useState(() => presetValues(given));
  // Shown until the follow-up is sent (the form is blank again after it).
  const [original, setOriginal] = useState(given.original);
  const [advanced, setAdvanced] = useState(false);
  const send = useSendFollowUp();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: ReactNode } | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<FollowUpValues>({ resolver, defaultValues: preset, reValidateMode: 'onSubmit' });
  useEffect(() => {
    register('message');
  }, [register]);
  const editor = useMessageEditor('', (html) => {
    setValue('message', html);
    clearErrors('message');
  });
  const field = (name: keyof FollowUpValues) =>
    register(name, { onChange: () => clearErrors(name) });
  // The Message-IDs are rarely edited: folded away, and opened when one of them is wrong.
  const advancedOpen = advanced || Boolean(errors.inReplyTo || errors.references);

  // References usually is the same Message-ID: it follows In-Reply-To until edited apart.
  const mirrored = useRef(preset.inReplyTo);
  const inReplyTo = register('inReplyTo', {
    onChange: (event: { target: { value: string } }) => {
      clearErrors('inReplyTo');
      const references = getValues('references');
      if (!references || references === mirrored.current) {
        setValue('references', event.target.value);
        clearErrors('references');
      }
      mirrored.current = event.target.value;
    },
  });

  /**
   * The message becomes the template's; its subject only fills an empty Subject (a follow-up
   * keeps the thread's "Re: …").
   */
  const applyTemplate = ({ subject, body }: TemplateFill) => {
    if (!getValues('subject').trim()) setValue('subject', subject.slice(0, FOLLOW_UP_SUBJECT_MAX));
    setValue('message', body);
    clearErrors(['subject', 'message']);
    editor?.commands.setContent(body);
  };

  const submit = handleSubmit(({ track, ...values }) => {
    setOutcome(null);
    const body = {
      ...values,
      ...(from?.mailboxId ? { mailboxId: from.mailboxId } : {}),
      ...(tracking ? { track } : {}),
    };
    send.mutate(body, {
      onSuccess: (answer) => {
        const text = answer.message || FOLLOW_UP_SENT;
        notifySuccess(text);
        setOutcome({ ok: true, text });
        reset(BLANK);
        setOriginal(undefined);
        mirrored.current = '';
        editor?.commands.setContent('');
      },
      onError: (error) => setOutcome({ ok: false, text: sendFailure(error, FOLLOW_UP_FAILED) }),
    });
  });

  return (
    <Stack gap={0} maw={960}>
      <SendingOverlay visible={send.isPending} />
      <PageHeader
        title="Follow-up Email"
        description="Reply in the thread of an email you sent: mail clients show it under the original."
      />
      {original ? <OriginalEmail email={original} /> : null}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Follow-up email">
          <Stack gap="md">
            {templatePicker?.(applyTemplate)}
            {from?.picker}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="To"
                required
                type="email"
                placeholder="name@example.com"
                error={errors.to?.message}
                {...field('to')}
              />
              <TextInput
                label="Subject"
                required
                maxLength={FOLLOW_UP_SUBJECT_MAX}
                error={errors.subject?.message}
                {...field('subject')}
              />
            </SimpleGrid>
            <MessageEditor editor={editor} error={errors.message?.message} />
            <AdvancedSection
              id="follow-up-advanced"
              expanded={advancedOpen}
              onToggle={() => setAdvanced(!advancedOpen)}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {MESSAGE_ID_FIELDS.map(({ name, label, description }) => (
                  <TextInput
                    key={name}
                    label={label}
                    required
                    description={description}
                    placeholder="<id@example.com>"
                    error={errors[name]?.message}
                    {...(name === 'inReplyTo' ? inReplyTo : field(name))}
                  />
                ))}
              </SimpleGrid>
            </AdvancedSection>
            {tracking ? <TrackCheckbox {...field('track')} /> : null}
            {outcome ? (
              <Alert
                color={outcome.ok ? 'green' : 'red'}
                variant="light"
                role={outcome.ok ? 'status' : 'alert'}
                icon={outcome.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
              >
                {outcome.text}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
                Send Follow-up
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
};
