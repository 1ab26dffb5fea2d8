import { Paper, Stack, Text } from '@mantine/core';
import type { FollowUpPreset } from '@leadline/shared/email-compose';
import { formatDateTime } from '../../../lib/format.ts';

type Original = NonNullable<FollowUpPreset['original']>;

const Line = ({ label, value }: { label: string; value: string }) => (
  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
    <Text span c="dimmed" size="sm">
      {label}:{' '}
    </Text>
    {value}
  </Text>
);

/** The email being followed up, above the form: its header lines and its text (never HTML). */
export const OriginalEmail = ({ email }: { email: Original }) => (
  <Paper
    withBorder
    radius="md"
    p={{ base: 'sm', sm: 'md' }}
    mb="md"
    component="section"
    aria-label="Email being followed up"
  >
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        Following up on
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {email.subject || '(no subject)'}
      </Text>
      <Line label="Date" value={formatDateTime(email.sentAt)} />
      {email.from ? <Line label="From" value={email.from} /> : null}
      <Line label="To" value={email.to} />
      {email.excerpt ? (
        <Text
          size="sm"
          mt={6}
          pl="sm"
          style={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            borderLeft: '3px solid var(--mantine-color-default-border)',
          }}
        >
          {email.excerpt}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          Leadline keeps the subject and addresses of the emails it sends, not their text.
        </Text>
      )}
    </Stack>
  </Paper>
);
