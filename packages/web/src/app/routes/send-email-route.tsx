import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ActionIcon, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { sendEmailPageStateSchema } from '@leadline/shared/email-compose';
import { formatDateTime } from '../../lib/format.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useEmailedLead } from '../../features/email/api/get-lead.ts';
import { useSendEmail } from '../../features/email/api/send-email.ts';
import { useSendLeadEmail } from '../../features/email/api/send-lead-email.ts';
import type { SendEmailAnswer } from '../../features/email/api/email-form-data.ts';
import { BackToLeads } from '../../features/email/components/back-to-leads.tsx';
import { EmailComposer } from '../../features/email/components/email-composer.tsx';
import type {
  ComposerDraft,
  SendOutcome,
} from '../../features/email/components/email-composer.tsx';
import { sendFailure } from '../../features/email/components/send-failure.tsx';
import { SendingOverlay } from '../../features/email/components/sending-overlay.tsx';

/** Seed 2: 'Email sent! Count: n' (or 'Email sent!'), then back to the table after 1 s. */
const sentText = (answer: SendEmailAnswer) =>
  answer.lead ? `Email sent! Count: ${answer.lead.sentCount}` : 'Email sent!';
const REDIRECT_MS = 1000;

/** /send-email-page: one lead, handed over by the leads table through navigation state. */
export const SendEmailRoute = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => sendEmailPageStateSchema.parse(location.state), [location.state]);
  const lead = useEmailedLead(target?.leadId ?? null);
  const sendToLead = useSendLeadEmail();
  const sendToAddress = useSendEmail();
  const [sent, setSent] = useState<SendEmailAnswer | null>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => void navigate('/leads-table'), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  if (!target) return <BackToLeads message="No lead data found" />;

  const fresh = sent?.lead ?? lead.data;
  const sentCount = fresh?.sentCount ?? target.sentCount;
  const lastSent = fresh ? fresh.mailSentDate : target.mailSentDate;
  const sending = sendToLead.isPending || sendToAddress.isPending;

  const onSend = async ({ attachments, ...values }: ComposerDraft): Promise<SendOutcome> => {
    const email = { ...values, attachments };
    try {
      const answer = target.leadId
        ? await sendToLead.mutateAsync({ leadId: target.leadId, email })
        : await sendToAddress.mutateAsync({ to: target.to, email });
      notifySuccess(sentText(answer));
      setSent(answer);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: sendFailure(error) };
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <SendingOverlay visible={sending} />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Back"
          onClick={() =>
            void (location.key === 'default' ? navigate('/leads-table') : navigate(-1))
          }
        >
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2}>{target.firstName ? `Email ${target.firstName}` : 'Send Email'}</Title>
          <Text style={{ overflowWrap: 'anywhere' }}>
            You&apos;re contacting: <strong>{target.to}</strong>
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
        to={{ value: target.to, readOnly: true }}
        firstName={target.firstName}
        stats={{ sent: sentCount, lastSent }}
        busy={sending || sent !== null}
        onSend={onSend}
      />
    </Stack>
  );
};
