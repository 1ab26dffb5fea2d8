import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Stack } from '@mantine/core';
import { sendEmailPageStateSchema } from '@leadline/shared/email-compose';
import { PageHeader } from '../../components/page-header.tsx';
import { notifySuccess } from '../../lib/notify.ts';
import { useSendEmail } from '../../features/email/api/send-email.ts';
import { EmailComposer } from '../../features/email/components/email-composer.tsx';
import type {
  ComposerDraft,
  SendOutcome,
} from '../../features/email/components/email-composer.tsx';
import type { ComposerStats } from '../../features/email/components/composer-status.tsx';
import { sendFailure } from '../../features/email/components/send-failure.tsx';
import { SendingOverlay } from '../../features/email/components/sending-overlay.tsx';
import { SENT_FALLBACK } from '../../features/email/components/send-texts.ts';
import { useFromMailbox } from '../../features/mailboxes/components/from-mailbox.tsx';

/**
 * /email-form: the composer to any address (a recipient handed over in navigation state is
 * filled in). Its counters are the emails sent from this screen since it was opened.
 */
export const EmailFormRoute = () => {
  const location = useLocation();
  const preset = useMemo(() => sendEmailPageStateSchema.parse(location.state), [location.state]);
  const send = useSendEmail();
  const from = useFromMailbox();
  const [stats, setStats] = useState<ComposerStats>({ sent: 0, lastSent: null });

  const onSend = async ({ to, attachments, ...values }: ComposerDraft): Promise<SendOutcome> => {
    try {
      const answer = await send.mutateAsync({
        to,
        email: { ...values, attachments, mailboxId: from.mailboxId },
      });
      notifySuccess(answer.message || SENT_FALLBACK);
      setStats((current) => ({ sent: current.sent + 1, lastSent: new Date().toISOString() }));
      return { ok: true };
    } catch (error) {
      return { ok: false, error: sendFailure(error) };
    }
  };

  return (
    <Stack gap={0} maw={960}>
      <SendingOverlay visible={send.isPending} />
      <PageHeader title="Compose Email" description="Write to any address from your own mailbox." />
      <EmailComposer
        mode="single"
        to={{ value: preset?.to ?? '', readOnly: false }}
        firstName={preset?.firstName ?? ''}
        stats={stats}
        busy={send.isPending}
        onSend={onSend}
        fromPicker={from.picker}
      />
    </Stack>
  );
};
