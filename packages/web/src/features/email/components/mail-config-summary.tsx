import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import type { ImapSettings, MailProtocol, SmtpSettings } from '@leadline/shared/email';
import { PROTOCOL_TITLES } from '../../../components/mail-settings/protocol-titles.ts';

type MailConfigSummaryProps = {
  protocol: MailProtocol;
  settings: SmtpSettings | ImapSettings;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** A saved SMTP or IMAP account: Host, Port, Username, Secure (and Daily Limit), Edit, Delete. */
export const MailConfigSummary = ({
  protocol,
  settings,
  deleting,
  onEdit,
  onDelete,
}: MailConfigSummaryProps) => {
  const { name, purpose } = PROTOCOL_TITLES[protocol];
  const limit = 'dailyLimit' in settings ? settings.dailyLimit : undefined;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`${name} configuration`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {name}
              </Title>
              <Badge color="green" variant="light">
                Configured
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {purpose}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <LabelledValue label="Host" value={settings.host} />
          <LabelledValue label="Port" value={String(settings.port)} />
          <LabelledValue label="Username" value={settings.user} />
          <LabelledValue label="Secure" value={settings.secure ? 'Yes (SSL/TLS)' : 'No'} />
          {limit !== undefined ? (
            <LabelledValue
              label="Daily Limit"
              value={limit === null ? 'No limit' : `${limit.toLocaleString()} per day`}
            />
          ) : null}
          {'warmup' in settings ? (
            <LabelledValue
              label="Warm-up"
              value={
                settings.warmup
                  ? `${settings.warmup.start.toLocaleString()} on day one, +${settings.warmup.increment.toLocaleString()} a day`
                  : 'Off'
              }
            />
          ) : null}
        </SimpleGrid>
        {'effectiveDailyLimit' in settings ? (
          <Text size="sm">
            Today&apos;s limit:{' '}
            {settings.effectiveDailyLimit === null
              ? 'no limit'
              : `${settings.effectiveDailyLimit.toLocaleString()} ${settings.effectiveDailyLimit === 1 ? 'email' : 'emails'}`}
          </Text>
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            onClick={onEdit}
            aria-label={`Edit ${name} configuration`}
          >
            Edit
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={deleting}
            onClick={onDelete}
            aria-label={`Delete ${name} configuration`}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
