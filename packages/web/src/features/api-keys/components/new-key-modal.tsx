import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';
import type { ApiKeyCreated } from '@leadline/shared/api-keys';

type NewKeyModalProps = {
  created: ApiKeyCreated | null;
  onClose: () => void;
};

/** The new key, shown this once (only its SHA-256 is kept), with how to use it. */
export const NewKeyModal = ({ created, onClose }: NewKeyModalProps) => {
  const example = created
    ? `curl -H "Authorization: Bearer ${created.key}" ${window.location.origin}/api/leads`
    : '';
  return (
    <Modal
      opened={created !== null}
      onClose={onClose}
      title="Your new API key"
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">
            &ldquo;{created.apiKey.name}&rdquo; acts as you, with your permissions, until you revoke
            it{created.apiKey.expiresAt ? ' or it expires' : ''}. Keep it secret, as you would a
            password.
          </Text>
          <Code block fz="sm" data-testid="new-api-key" style={{ overflowWrap: 'anywhere' }}>
            {created.key}
          </Code>
          <Alert color="yellow" variant="light">
            It is shown only this once. Copy it now: nobody, you included, can see it again.
          </Alert>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Try it
            </Text>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {example}
            </Code>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <CopyTextButton
              value={example}
              label="Copy example"
              copiedLabel="Example copied"
              variant="default"
            />
            <CopyTextButton value={created.key} label="Copy key" copiedLabel="Key copied" />
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
};
