import type { ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type FormActionsProps = {
  /** Cancel (a guarded form's `guard.close`). */
  onCancel: () => void;
  /** The main button's text. */
  submitLabel: ReactNode;
  /** The main button's action; without it the button submits the form around it. */
  onSubmit?: () => void;
  /** A save under way: the main button spins. */
  loading?: boolean;
  disabled?: boolean;
  /** Cancel waits (a save under way). */
  cancelDisabled?: boolean;
};

/** A form's buttons at its foot: Cancel, then the main action. */
export const FormActions = ({
  onCancel,
  submitLabel,
  onSubmit,
  loading,
  disabled,
  cancelDisabled,
}: FormActionsProps) => (
  <Group justify="flex-end" gap="sm">
    <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
      Cancel
    </Button>
    <Button
      type={onSubmit ? 'button' : 'submit'}
      onClick={onSubmit}
      loading={loading}
      disabled={disabled}
    >
      {submitLabel}
    </Button>
  </Group>
);

/** Why a save failed, above a form's buttons (nothing when it did not). */
export const FormFailure = ({ children }: { children: ReactNode }) =>
  children ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {children}
    </Alert>
  ) : null;
