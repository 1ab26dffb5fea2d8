import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
};

/** A confirmation dialog for a destructive action (in place of window.confirm). */
export const confirmDanger = ({ title, message, confirmLabel, onConfirm }: ConfirmOptions) =>
  modals.openConfirmModal({
    title,
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
