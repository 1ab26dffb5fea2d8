import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { signupSchema } from '@leadline/shared/auth';
import { DEFAULT_SIGNUP_ROLE, SIGNUP_ROLES } from '@leadline/shared/roles';
import { CredentialFields } from './credential-fields.tsx';
import { SIGNUP_FIELDS, organizationHint } from '../../../lib/account-form.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyServerFieldErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignUp } from '../api/sign-up.ts';

type SignUpValues = z.input<typeof signupSchema>;
type SignUpOutput = z.output<typeof signupSchema>;

/** Called with the email registered (the answer names no user, see api/sign-up.ts). */
type SignUpFormProps = { onRegistered: (email: string) => void };

export const SignUpForm = ({ onRegistered }: SignUpFormProps) => {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<SignUpValues, unknown, SignUpOutput>({
    resolver: zodResolver(signupSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      role: DEFAULT_SIGNUP_ROLE,
      organizationName: '',
      department: '',
    },
  });
  const organizationName = watch('organizationName');

  const submit = handleSubmit((values) => {
    const body = {
      name: values.name,
      email: values.email,
      password: values.password,
      role: values.role,
      organizationName: values.organizationName,
      ...(values.department ? { department: values.department } : {}),
    };
    signUp.mutate(body, {
      onSuccess: () => {
        notifySuccess('Registration received');
        onRegistered(body.email);
      },
      onError: (error) => {
        notifyError(errorMessage(error, 'Registration failed'));
        applyServerFieldErrors(error, setError, SIGNUP_FIELDS);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign up">
      <Stack gap="sm">
        <CredentialFields
          name={register('name')}
          email={register('email')}
          password={register('password')}
          errors={errors}
          emailAutoComplete="email"
          newPassword
        />
        <NativeSelect
          label="Role"
          required
          data={[...SIGNUP_ROLES]}
          error={errors.role?.message}
          {...register('role')}
        />
        <TextInput
          label="Organization name"
          required
          description={organizationHint(organizationName)}
          error={errors.organizationName?.message}
          {...register('organizationName')}
        />
        <TextInput
          label="Department (optional)"
          error={errors.department?.message}
          {...register('department')}
        />
        <Button type="submit" fullWidth loading={signUp.isPending} mt="xs">
          Create account
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
