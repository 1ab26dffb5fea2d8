import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useReportDirty } from './discard-guard.tsx';
import { FormActions } from './form-actions.tsx';

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
        <FormActions
          onCancel={onCancel}
          cancelDisabled={saving}
          submitLabel="Save changes"
          loading={saving}
          disabled={pristine}
        />
      </Stack>
    </form>
  );
};
