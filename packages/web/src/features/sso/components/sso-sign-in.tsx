import { useState } from 'react';
import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { ssoErrorSentence, ssoStartQuerySchema } from '@leadline/shared/sso';

type SsoSignInProps = {
  /** The short code a failed single sign-on came back with (?sso_error=…). */
  errorCode: string | null;
};

/**
 * "Sign in with SSO": asks the email, then the whole page goes to the server, which sends it on
 * to the organisation's identity provider (or back here saying why not).
 */
export const SsoSignIn = ({ errorCode }: SsoSignInProps) => {
  const [open, setOpen] = useState(errorCode !== null);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const sentence = ssoErrorSentence(errorCode);

  const go = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ssoStartQuerySchema.safeParse({ email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please enter a valid email address');
      return;
    }
    setLeaving(true);
    window.location.assign(
      `/api/auth/sso/start?${new URLSearchParams({ email: parsed.data.email })}`,
    );
  };

  return (
    <Stack gap="sm" mt="md">
      <Divider label="or" labelPosition="center" />
      {sentence ? (
        <Alert color="red" variant="light" role="alert" title="Single sign-on did not work">
          {sentence}
        </Alert>
      ) : null}
      {open ? (
        <form onSubmit={go} noValidate aria-label="Sign in with SSO">
          <Stack gap="xs">
            <TextInput
              label="Work email"
              type="email"
              autoComplete="username"
              value={email}
              error={invalid}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setInvalid(null);
              }}
            />
            <Button type="submit" variant="default" fullWidth loading={leaving}>
              Continue with SSO
            </Button>
          </Stack>
        </form>
      ) : (
        <Button variant="default" fullWidth onClick={() => setOpen(true)}>
          Sign in with SSO
        </Button>
      )}
    </Stack>
  );
};
