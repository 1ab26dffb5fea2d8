import { useState } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { FollowUpPreset } from '@leadline/shared/email-compose';
import { EmailFrame } from '../../../components/email-frame.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type Original = NonNullable<FollowUpPreset['original']>;

/** A long email scrolls inside its box: the composer stays close below it. */
const BODY_MAX_HEIGHT = 320;

const Line = ({ label, value }: { label: string; value: string }) => (
  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
    <Text span c="dimmed" size="sm">
      {label}:{' '}
    </Text>
    {value}
  </Text>
);

/** The sent email's HTML in the sandboxed email frame; remote images load on request. */
const SentBody = ({ html, subject }: { html: string; subject: string }) => {
  const [remoteImages, setRemoteImages] = useState(false);
  return (
    <Stack gap={6} mt={6}>
      {html.includes('data-remote-src') && !remoteImages ? (
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed">
            Remote images are hidden.
          </Text>
          <Button
            size="compact-xs"
            variant="default"
            leftSection={<IconPhoto size={14} aria-hidden />}
            onClick={() => setRemoteImages(true)}
          >
            Load remote images
          </Button>
        </Group>
      ) : null}
      <Box
        mah={BODY_MAX_HEIGHT}
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <EmailFrame html={html} remoteImages={remoteImages} title={`Email: ${subject}`} />
      </Box>
    </Stack>
  );
};

/** The text of the email being answered: its HTML as sent, a reply's start, or a note. */
const Body = ({ email }: { email: Original }) => {
  if (email.html) return <SentBody html={email.html} subject={email.subject} />;
  if (email.excerpt) {
    return (
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
    );
  }
  return (
    <Text size="xs" c="dimmed" mt={6}>
      The text of this email was not kept.
    </Text>
  );
};

/** The email being followed up, above the form: its header lines and its text. */
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
      <Body email={email} />
    </Stack>
  </Paper>
);
