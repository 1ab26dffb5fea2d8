import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconInbox, IconSend } from '@tabler/icons-react';
import type { MailProtocol } from '@leadline/shared/email';
import { PROTOCOL_TITLES } from '../../../components/mail-settings/protocol-titles.ts';

const ICONS = { smtp: IconSend, imap: IconInbox } as const;

type ProtocolChoiceProps = {
  /** The protocols not configured yet. */
  available: MailProtocol[];
  hasAny: boolean;
  onChoose: (protocol: MailProtocol) => void;
};

/** The first step: only the protocols not configured yet are offered. */
export const ProtocolChoice = ({ available, hasAny, onChoose }: ProtocolChoiceProps) => {
  if (available.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {hasAny ? 'Add Another Configuration' : 'Choose Email Protocol'}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {available.map((protocol) => {
          const Icon = ICONS[protocol];
          const { name, purpose } = PROTOCOL_TITLES[protocol];
          return (
            <UnstyledButton key={protocol} onClick={() => onChoose(protocol)}>
              <Paper withBorder radius="md" p="md" h="100%">
                <Stack gap={6} align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md">
                    <Icon size={20} />
                  </ThemeIcon>
                  <Text fw={600}>Configure {name}</Text>
                  <Text size="sm" c="dimmed">
                    {purpose}
                  </Text>
                </Stack>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
};
