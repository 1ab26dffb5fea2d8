import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { useReportDirty } from './discard-guard.tsx';

type EditFormShellProps = {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Some field has an error: 'Please fix the errors below' above the fields. */
  invalid: boolean;
  /** A save under way: Save spins and Cancel waits. */
  saving: boolean;
  /** Nothing changed yet: Save stays disabled. */
  pristine: boolean;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
};

/**
 * An edit form's frame: the error summary, the fields, then Cancel and 'Save changes'. The
 * modal or drawer around it asks before dropping its changes (see discard-guard).
 */
export const EditFormShell = ({
  label,
  onSubmit,
  invalid,
  saving,
  pristine,
  onCancel,
  children,
}: EditFormShellProps) => {
  useReportDirty(!pristine);
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {invalid ? (
          <Alert color="red" variant="light" role="alert">
            Please fix the errors below
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={pristine}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
