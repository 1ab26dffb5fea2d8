import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyTextButton } from '../../../components/copy-text-button.tsx';

type TemporaryPasswordModalProps = {
  shown: { name: string; email: string; password: string } | null;
  onClose: () => void;
};

/** The one-time temporary password, shown once: it is not stored in readable form anywhere. */
export const TemporaryPasswordModal = ({ shown, onClose }: TemporaryPasswordModalProps) => (
  <Modal
    opened={shown !== null}
    onClose={onClose}
    title="Temporary password"
    centered
    closeOnClickOutside={false}
  >
    {shown ? (
      <Stack gap="md">
        <Text size="sm">
          Give this password to {shown.name} ({shown.email}). They sign in with it and must choose a
          new password right away. Their other sessions have been signed out.
        </Text>
        <Code block fz="lg" ta="center" data-testid="temporary-password">
          {shown.password}
        </Code>
        <Alert color="yellow" variant="light">
          It is shown only this once. Copy it before you close this window.
        </Alert>
        <Group justify="flex-end" gap="sm">
          <CopyTextButton value={shown.password} label="Copy" />
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    ) : null}
  </Modal>
);
