import { TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type CredentialFieldsProps = {
  /** react-hook-form registrations; `name` only on forms that create an account. */
  name?: UseFormRegisterReturn;
  email: UseFormRegisterReturn;
  password: UseFormRegisterReturn;
  errors: {
    name?: { message?: string };
    email?: { message?: string };
    password?: { message?: string };
  };
  /** 'username' where a password manager should offer its saved login. */
  emailAutoComplete: 'username' | 'email';
  /** A new account's password: the browser suggests one and the rule is shown. */
  newPassword?: boolean;
};

/** Name (when creating an account), email address and password, as every sign-in form asks. */
export const CredentialFields = ({
  name,
  email,
  password,
  errors,
  emailAutoComplete,
  newPassword = false,
}: CredentialFieldsProps) => (
  <>
    {name && (
      <TextInput
        label="Full name"
        autoComplete="name"
        required
        error={errors.name?.message}
        {...name}
      />
    )}
    <TextInput
      label="Email address"
      type="email"
      autoComplete={emailAutoComplete}
      required
      error={errors.email?.message}
      {...email}
    />
    <TextInput
      label="Password"
      type="password"
      autoComplete={newPassword ? 'new-password' : 'current-password'}
      required
      description={newPassword ? 'At least 8 characters' : undefined}
      error={errors.password?.message}
      {...password}
    />
  </>
);
