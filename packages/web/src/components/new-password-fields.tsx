import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type NewPasswordFieldsProps = {
  password: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirm: UseFormRegisterReturn;
  confirmError: string | undefined;
};

/** "New password" and "Confirm new password": changing, resetting and choosing a password. */
export const NewPasswordFields = ({
  password,
  passwordError,
  confirm,
  confirmError,
}: NewPasswordFieldsProps) => (
  <>
    <PasswordInput
      label="New password"
      autoComplete="new-password"
      description="At least 8 characters"
      required
      error={passwordError}
      {...password}
    />
    <PasswordInput
      label="Confirm new password"
      autoComplete="new-password"
      required
      error={confirmError}
      {...confirm}
    />
  </>
);
