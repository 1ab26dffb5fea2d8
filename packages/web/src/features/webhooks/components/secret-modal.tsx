import { Code, Modal, Stack, Text } from '@mantine/core';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '@leadline/shared/webhooks';
import { ShownOnce } from '../../../components/shown-once.tsx';

type SecretModalProps = { secret: string | null; onClose: () => void };

/** The new webhook's signing secret, shown this once, and how a receiver checks a POST. */
export const SecretModal = ({ secret, onClose }: SecretModalProps) => (
  <Modal
    opened={secret !== null}
    onClose={onClose}
    title="Webhook added: its signing secret"
    centered
    size="lg"
    closeOnClickOutside={false}
  >
    {secret ? (
      <Stack gap="md">
        <Text size="sm">
          Every POST carries a signature made with this secret. Keep it in the receiving system to
          check that a request really comes from Leadline.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            How to verify a request
          </Text>
          <Text size="sm">
            The header <Code>{SIGNATURE_HEADER}: t=&lt;unix time&gt;,v1=&lt;signature&gt;</Code>{' '}
            holds the hex HMAC-SHA256, keyed with the secret, of the time, a dot and the raw body:{' '}
            <Code>t + &quot;.&quot; + body</Code>. Compute it, compare, and refuse times more than
            five minutes old. <Code>{EVENT_ID_HEADER}</Code> is the event&apos;s id: the same on
            every retry, so a receiver can skip one it has already handled.
          </Text>
        </Stack>
        <ShownOnce
          value={secret}
          testId="webhook-secret"
          onDone={onClose}
          copyLabel="Copy secret"
          fontSize="sm"
        />
      </Stack>
    ) : null}
  </Modal>
);
