import { useEffect, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ActionIcon, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { Lead } from '@leadline/shared/leads';
import { formatDateTime } from '../../../lib/format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSendLeadEmail } from '../api/send-lead-email.ts';
import type { SendEmailAnswer } from '../api/email-form-data.ts';
import { EmailComposer } from './email-composer.tsx';
import type { ComposerDraft, SendOutcome } from './email-composer.tsx';
import { sendFailure } from './send-failure.tsx';
import { SendingOverlay } from './sending-overlay.tsx';

/** 'Email sent! Count: n' (or 'Email sent!'), then back where it was started after 1 s. */
const sentText = (answer: SendEmailAnswer) =>
  answer.lead ? `Email sent! Count: ${answer.lead.sentCount}` : 'Email sent!';
const REDIRECT_MS = 1000;

type EmailedLead = Pick<
  Lead,
  '_id' | 'personEmail' | 'personFirstName' | 'sentCount' | 'mailSentDate'
>;

type SendEmailScreenProps = {
  lead: EmailedLead;
  /** The composer's "Start from template" control (see EmailComposer). */
  templatePicker?: ComponentProps<typeof EmailComposer>['templatePicker'];
  /** The mailbox chosen in the "From" picker (composed by the app) and the picker. */
  from?: { mailboxId: string | undefined; picker: ReactNode };
};

/** One lead's email: who is contacted, how often they were emailed, and the composer. */
export const SendEmailScreen = ({ lead, templatePicker, from }: SendEmailScreenProps) => {
  const location = useLocation();
  const navigate = useNavigate();
  const sendToLead = useSendLeadEmail();
  const [sent, setSent] = useState<SendEmailAnswer | null>(null);

  // Back where the email was started (the table with its filters, or the lead's drawer).
  const fromApp = location.key !== 'default';
  const goBack = () => void (fromApp ? navigate(-1) : navigate('/leads-table'));
  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(
      () => void (fromApp ? navigate(-1) : navigate('/leads-table')),
      REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [sent, fromApp, navigate]);

  const fresh = sent?.lead ?? lead;
  const { sentCount, mailSentDate: lastSent } = fresh;
  const firstName = lead.personFirstName;

  const onSend = async ({ attachments, ...values }: ComposerDraft): Promise<SendOutcome> => {
    try {
      const answer = await sendToLead.mutateAsync({
        leadId: lead._id,
        email: { ...values, attachments, mailboxId: from?.mailboxId },
      });
      notifySuccess(sentText(answer));
      setSent(answer);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: sendFailure(error) };
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <SendingOverlay visible={sendToLead.isPending} />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActionIcon variant="default" size="lg" aria-label="Back" onClick={goBack}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2}>{firstName ? `Email ${firstName}` : 'Send Email'}</Title>
          <Text style={{ overflowWrap: 'anywhere' }}>
            You&apos;re contacting: <strong>{lead.personEmail}</strong>
          </Text>
          <Group gap="xs">
            <Badge variant="light" color={sentCount > 0 ? 'blue' : 'gray'}>
              {sentCount > 0
                ? `Sent ${sentCount} ${sentCount === 1 ? 'time' : 'times'}`
                : 'Not emailed yet'}
            </Badge>
            {lastSent ? (
              <Text size="sm" c="dimmed">
                Last sent {formatDateTime(lastSent)}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
      <EmailComposer
        mode="single"
        to={{ value: lead.personEmail, readOnly: true }}
        firstName={firstName}
        stats={{ sent: sentCount, lastSent }}
        busy={sendToLead.isPending || sent !== null}
        onSend={onSend}
        templatePicker={templatePicker}
        fromPicker={from?.picker}
      />
    </Stack>
  );
};
