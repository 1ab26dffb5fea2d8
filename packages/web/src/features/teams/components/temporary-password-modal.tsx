import { Modal, Stack, Text } from '@mantine/core';
import { ShownOnce } from '../../../components/shown-once.tsx';

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
        <ShownOnce value={shown.password} testId="temporary-password" onDone={onClose} />
      </Stack>
    ) : null}
  </Modal>
);
