import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { IconArrowDownLeft, IconArrowUpRight } from '@tabler/icons-react';

type EmailLineProps = {
  /** Sent to the contact (else received from them). */
  sent: boolean;
  subject: string;
  snippet: string;
  /** Above the subject. */
  above?: ReactNode;
  /** Under the subject. */
  below?: ReactNode;
};

/** One email of a company's lists: which way it went, its subject and start. */
export const EmailLine = ({ sent, subject, snippet, above, below }: EmailLineProps) => (
  <Group gap="xs" wrap="nowrap" align="flex-start">
    {sent ? (
      <IconArrowUpRight
        size={18}
        aria-label="Sent"
        color="var(--mantine-color-blue-6)"
        style={{ flexShrink: 0 }}
      />
    ) : (
      <IconArrowDownLeft
        size={18}
        aria-label="Received"
        color="var(--mantine-color-green-6)"
        style={{ flexShrink: 0 }}
      />
    )}
    <Stack gap={0} style={{ minWidth: 0 }}>
      {above}
      <Text size="sm" fw={500} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
        {subject || '(no subject)'}
      </Text>
      {below}
      {snippet ? (
        <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {snippet}
        </Text>
      ) : null}
    </Stack>
  </Group>
);
