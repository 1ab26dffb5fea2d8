import { useState } from 'react';
import {
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SSO_LIMITS, SSO_ROLES, ssoConfigSchema } from '@leadline/shared/sso';
import type { SsoConfig, SsoConfigAnswer, SsoRole } from '@leadline/shared/sso';
import { CenteredLoader } from '../../../components/centered-loader.tsx';
import { confirmDanger } from '../../../components/confirm.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveSso, useSaveSso, useSsoConfig } from '../api/sso-config.ts';

type Draft = {
  issuer: string;
  clientId: string;
  /** A new secret; empty keeps the saved one. */
  clientSecret: string;
  domains: string[];
  defaultRole: SsoRole;
  ssoOnly: boolean;
};

const draftOf = (config: SsoConfig | null): Draft => ({
  issuer: config?.issuer ?? '',
  clientId: config?.clientId ?? '',
  clientSecret: '',
  domains: config?.domains ?? [],
  defaultRole: config?.defaultRole ?? 'Sales Rep',
  ssoOnly: config?.ssoOnly ?? false,
});

type Errors = Partial<Record<keyof Draft, string>>;

/** The form's fields checked with the server's rules (the secret only when one is typed). */
const check = (draft: Draft, hasSecret: boolean): Errors => {
  const parsed = ssoConfigSchema.safeParse({
    ...draft,
    clientSecret: draft.clientSecret || (hasSecret ? 'kept' : ''),
  });
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Draft;
    errors[field] ??= issue.message;
  }
  return errors;
};

const RedirectUri = ({ uri }: { uri: string }) => (
  <Stack gap={4}>
    <Text size="sm" fw={500}>
      Redirect URI to register at your provider
    </Text>
    <Group gap="xs" wrap="nowrap" align="center">
      <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{uri}</Code>
      <CopyButton value={uri}>
        {({ copied, copy }) => (
          <Button size="xs" variant="default" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  </Stack>
);

const SsoForm = ({ answer }: { answer: SsoConfigAnswer }) => {
  const { config } = answer;
  const [draft, setDraft] = useState<Draft>(() => draftOf(config));
  const [errors, setErrors] = useState<Errors>({});
  const [replacing, setReplacing] = useState(false);
  const save = useSaveSso();
  const remove = useRemoveSso();
  const hasSecret = config?.hasSecret ?? false;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = check(draft, hasSecret);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { clientSecret, ...rest } = draft;
    save.mutate(
      { exists: config !== null, body: { ...rest, ...(clientSecret ? { clientSecret } : {}) } },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setReplacing(false);
          notifySuccess('Single sign-on saved');
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) setErrors(error.fieldErrors as Errors);
          notifyError(errorMessage(error, 'Single sign-on could not be saved'), error);
        },
      },
    );
  };

  const askRemove = () =>
    confirmDanger({
      title: 'Remove single sign-on?',
      message:
        'Members can no longer sign in through your identity provider; they sign in with their Leadline passwords (or reset them).',
      confirmLabel: 'Remove',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            setDraft(draftOf(null));
            notifySuccess('Single sign-on removed');
          },
          onError: (error) => notifyError(errorMessage(error, 'It could not be removed'), error),
        }),
    });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" maw={720}>
      <form onSubmit={submit} noValidate aria-label="Single sign-on settings">
        <Stack gap="md">
          <Title order={3} size="h4">
            {config ? 'Your identity provider' : 'Set up single sign-on'}
          </Title>
          <RedirectUri uri={answer.redirectUri} />
          <TextInput
            label="Issuer URL"
            description="The OpenID Connect issuer, e.g. https://login.example.com/realms/acme"
            value={draft.issuer}
            maxLength={SSO_LIMITS.issuer}
            error={errors.issuer}
            onChange={(event) => set('issuer', event.currentTarget.value)}
            required
          />
          <TextInput
            label="Client ID"
            value={draft.clientId}
            maxLength={SSO_LIMITS.clientId}
            error={errors.clientId}
            onChange={(event) => set('clientId', event.currentTarget.value)}
            required
          />
          {hasSecret && !replacing ? (
            <Group gap="sm" align="center">
              <Text size="sm">Client secret: a secret is saved.</Text>
              <Button size="xs" variant="default" onClick={() => setReplacing(true)}>
                Replace secret
              </Button>
            </Group>
          ) : (
            <PasswordInput
              label="Client secret"
              description={hasSecret ? 'Leave empty to keep the saved secret.' : undefined}
              autoComplete="new-password"
              value={draft.clientSecret}
              maxLength={SSO_LIMITS.clientSecret}
              error={errors.clientSecret}
              onChange={(event) => set('clientSecret', event.currentTarget.value)}
              required={!hasSecret}
            />
          )}
          <TagsInput
            label="Email domains"
            description="People with an address at these domains sign in through this provider. Press Enter after each."
            placeholder="example.com"
            value={draft.domains}
            maxTags={SSO_LIMITS.domains}
            error={errors.domains}
            onChange={(domains) => set('domains', domains)}
            required
          />
          <NativeSelect
            label="Role for new users"
            description="Someone signing in for the first time gets an account with this role."
            data={[...SSO_ROLES]}
            value={draft.defaultRole}
            onChange={(event) => set('defaultRole', event.currentTarget.value as SsoRole)}
          />
          <Switch
            label="SSO only"
            description="Members cannot sign in, reset or change a password: only through the provider. Super Admins keep their password."
            checked={draft.ssoOnly}
            onChange={(event) => set('ssoOnly', event.currentTarget.checked)}
          />
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
            {config ? (
              <Button color="red" variant="light" onClick={askRemove} loading={remove.isPending}>
                Remove
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** The organisation's single sign-on (OpenID Connect): Admins set it up, change or remove it. */
export const SsoSettings = () => {
  const answer = useSsoConfig();
  return (
    <>
      <PageHeader
        title="Single sign-on"
        description="Let your team sign in with your company's identity provider (OpenID Connect): Okta, Microsoft Entra ID, Google Workspace, Keycloak…"
      />
      {answer.isPending ? <CenteredLoader /> : null}
      {answer.isError ? (
        <LoadError
          title="Single sign-on could not be loaded"
          message={errorMessage(answer.error, 'Try again.')}
          onRetry={() => void answer.refetch()}
          retrying={answer.isFetching}
        />
      ) : null}
      {answer.data ? (
        <SsoForm key={answer.data.config?.updatedAt ?? 'new'} answer={answer.data} />
      ) : null}
    </>
  );
};
