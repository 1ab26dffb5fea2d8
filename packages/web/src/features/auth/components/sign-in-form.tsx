import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import { signinSchema } from '@leadline/shared/auth';
import { CredentialFields } from './credential-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { prerenderedValue } from '../../../lib/prerendered.ts';
import { useSignIn } from '../api/sign-in.ts';
import type { SignInAnswer } from '../api/sign-in.ts';

type SignInValues = z.input<typeof signinSchema>;
type SignInOutput = z.output<typeof signinSchema>;

type SignInFormProps = {
  onSignedIn: (response: SignInAnswer) => void;
  /**
   * Rendered to static HTML at build time: the button stays disabled so the static form can
   * never be submitted by the browser itself (which would put the password in the URL).
   */
  prerendered?: boolean;
};

export const SignInForm = ({ onSignedIn, prerendered = false }: SignInFormProps) => {
  const [remember, setRemember] = useState(false);
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SignInValues, unknown, SignInOutput>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: '', password: '' },
  });

  // Keep what was typed into the prerendered page before the app took over.
  useEffect(() => {
    for (const name of ['email', 'password'] as const) {
      const typed = prerenderedValue(name);
      if (typed) setValue(name, typed);
    }
  }, [setValue]);

  const submit = handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => notifyError(errorMessage(error, 'Failed to login')),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="sm">
        <CredentialFields
          email={register('email')}
          password={register('password')}
          errors={errors}
          emailAutoComplete="username"
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label="Remember me"
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={prerendered} mt="xs">
          Sign in
        </Button>
        <Text size="sm" ta="center">
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/signup" underline="always">
            Sign up
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
};
