import { useState } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAIL_PROTOCOLS, configDeletedMessage } from '@leadline/shared/email';
import type { MailProtocol } from '@leadline/shared/email';
import { CenteredLoader } from '../../components/centered-loader.tsx';
import { confirmDanger } from '../../components/confirm.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useDeleteEmailConfig } from '../../features/email/api/delete-email-config.ts';
import { useEmailConfig } from '../../features/email/api/get-email-config.ts';
import { useSaveEmailConfig } from '../../features/email/api/save-email-config.ts';
import { ConfigSuccess } from '../../features/email/components/config-success.tsx';
import { MailConfigSummary } from '../../features/email/components/mail-config-summary.tsx';
import { ProtocolChoice } from '../../features/email/components/protocol-choice.tsx';
import { ConnectMailbox } from '../../features/mail-oauth/components/connect-mailbox.tsx';
import { OAuthResult } from '../../features/mail-oauth/components/oauth-result.tsx';
import { DomainCheckCard } from '../../features/domain-check/components/domain-check-card.tsx';
import { MailboxesSection } from '../../features/mailboxes/components/mailboxes-section.tsx';
import { MailSettingsForm } from '../../components/mail-settings/mail-settings-form.tsx';
import { PROTOCOL_TITLES } from '../../components/mail-settings/protocol-titles.ts';

type Step =
  | { kind: 'overview' }
  | { kind: 'form'; protocol: MailProtocol; editing: boolean }
  | { kind: 'done'; message: string };

const OVERVIEW: Step = { kind: 'overview' };

/**
 * /email/config in three steps: the saved SMTP and IMAP settings with the protocols
 * still to configure, the form, then the saved message.
 */
export const MailConfigRoute = () => {
  const config = useEmailConfig();
  const remove = useDeleteEmailConfig();
  const saveConfig = useSaveEmailConfig();
  const [step, setStep] = useState<Step>(OVERVIEW);

  const onDelete = (protocol: MailProtocol) => {
    const name = PROTOCOL_TITLES[protocol].name;
    confirmDanger({
      title: `Delete ${name} configuration`,
      message: `Are you sure you want to delete ${name} configuration?`,
      confirmLabel: 'Delete',
      onConfirm: () =>
        remove.mutate(protocol, {
          onSuccess: (answer) => notifySuccess(answer.message || configDeletedMessage(protocol)),
          onError: (error) => notifyError(`Failed to delete ${name} configuration`, error),
        }),
    });
  };

  const header = (
    <PageHeader
      title="Email Configuration"
      description="Your own mail servers: SMTP sends your emails, IMAP fills your inbox."
    />
  );

  if (config.isPending) {
    return (
      <Stack gap={0}>
        {header}
        <CenteredLoader label="Loading configuration" />
      </Stack>
    );
  }
  if (config.isError) {
    return (
      <Stack gap={0}>
        {header}
        <Alert color="red" variant="light" maw={560}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(config.error, 'Failed to fetch config')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void config.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const saved = config.data.config;
  const configured = MAIL_PROTOCOLS.filter((protocol) => saved[protocol] !== null);
  const available = MAIL_PROTOCOLS.filter((protocol) => saved[protocol] === null);
  if (step.kind === 'form') {
    return (
      <Stack gap={0} maw={960}>
        {header}
        <MailSettingsForm
          key={`${step.protocol}:${step.editing}`}
          protocol={step.protocol}
          saved={step.editing ? saved[step.protocol] : null}
          save={(body) => saveConfig.mutateAsync(body)}
          onSaved={(message) => setStep({ kind: 'done', message })}
          onCancel={() => setStep(OVERVIEW)}
        />
      </Stack>
    );
  }
  const [next] = available;
  if (step.kind === 'done') {
    return (
      <Stack gap={0}>
        {header}
        <ConfigSuccess
          message={step.message}
          onAnother={
            next ? () => setStep({ kind: 'form', protocol: next, editing: false }) : undefined
          }
          onView={() => setStep(OVERVIEW)}
        />
      </Stack>
    );
  }

  const connection =
    saved.provider !== 'password' && saved.email
      ? { provider: saved.provider, email: saved.email, status: saved.status }
      : null;
  return (
    <Stack gap="lg" maw={960}>
      <div>{header}</div>
      <OAuthResult />
      <ConnectMailbox connection={connection} onChanged={() => void config.refetch()} />
      {configured.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {configured.map((protocol) => (
            <MailConfigSummary
              key={protocol}
              protocol={protocol}
              settings={saved[protocol]!}
              deleting={remove.isPending && remove.variables === protocol}
              onEdit={() => setStep({ kind: 'form', protocol, editing: true })}
              onDelete={() => onDelete(protocol)}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {saved.smtp ? <DomainCheckCard mailboxId={saved.smtp.id} /> : null}
      <ProtocolChoice
        available={available}
        hasAny={configured.length > 0}
        onChoose={(protocol) => setStep({ kind: 'form', protocol, editing: false })}
      />
      {configured.length > 0 ? <MailboxesSection /> : null}
    </Stack>
  );
};
