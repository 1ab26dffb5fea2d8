import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONFIG_SAVED,
  PASSWORD_REQUIRED,
  imapSettingsSchema,
  smtpSettingsSchema,
} from '@leadline/shared/email';
import type {
  ImapSettings,
  ImapSettingsInput,
  MailProtocol,
  SmtpSettings,
  SmtpSettingsInput,
} from '@leadline/shared/email';
import { passwordHostHint } from '@leadline/shared/mail-provider-hints';
import { ApiRequestError, errorMessage, isSessionExpired } from '../../lib/api-client.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { PROTOCOL_TITLES } from './protocol-titles.ts';
import { SignatureField } from './signature-field.tsx';
import {
  WARMUP_DEFAULTS,
  WARMUP_SERVER_FIELDS,
  WarmupFields,
  warmupErrors,
  warmupOf,
  warmupValuesOf,
} from './warmup-fields.tsx';
import type { WarmupValues } from './warmup-fields.tsx';

type SettingsValues = {
  fromName: string;
  signature: string;
  host: string;
  port: string;
  secure: boolean;
  user: string;
  pass: string;
  dailyLimit: string;
} & WarmupValues;
type SettingsField = keyof SettingsValues;
const FIELDS: readonly SettingsField[] = ['host', 'port', 'secure', 'user', 'pass', 'dailyLimit'];

const SAVE_FAILED = 'Failed to save configuration';

/** Usual ports: submission with STARTTLS for SMTP, IMAP over TLS. */
const DEFAULTS: Record<MailProtocol, SettingsValues> = {
  smtp: {
    fromName: '',
    signature: '',
    host: '',
    port: '587',
    secure: false,
    user: '',
    pass: '',
    dailyLimit: '',
    ...WARMUP_DEFAULTS,
  },
  imap: {
    fromName: '',
    signature: '',
    host: '',
    port: '993',
    secure: true,
    user: '',
    pass: '',
    dailyLimit: '',
    ...WARMUP_DEFAULTS,
  },
};

/** A mailbox's own fields, beside its server settings. */
export type MailboxIdentity = { fromName: string | null; signature: string | null };
/** The form's fields the server names as they are (not `smtp.host` and the like). */
const IDENTITY_FIELDS: readonly string[] = ['fromName', 'signature'] satisfies SettingsField[];

const valuesOf = (
  protocol: MailProtocol,
  saved: SmtpSettings | ImapSettings | null,
  identity: MailboxIdentity | undefined,
): SettingsValues => {
  const own = { fromName: identity?.fromName ?? '', signature: identity?.signature ?? '' };
  if (!saved) return { ...DEFAULTS[protocol], ...own };
  const limit = 'dailyLimit' in saved ? saved.dailyLimit : null;
  return {
    ...own,
    host: saved.host,
    port: String(saved.port),
    secure: saved.secure,
    user: saved.user,
    pass: '',
    dailyLimit: limit === null ? '' : String(limit),
    ...warmupValuesOf('warmup' in saved ? saved.warmup : null),
  };
};

const schemaResolvers: Record<MailProtocol, Resolver<SettingsValues>> = {
  smtp: zodResolver(smtpSettingsSchema, undefined, {
    raw: true,
  }) as unknown as Resolver<SettingsValues>,
  imap: zodResolver(imapSettingsSchema, undefined, {
    raw: true,
  }) as unknown as Resolver<SettingsValues>,
};

/**
 * The shared schema's rules, plus the password a new account needs (editing may keep the
 * stored one: the server checks that host and username are unchanged).
 */
const settingsResolver =
  (protocol: MailProtocol, passwordRequired: boolean): Resolver<SettingsValues> =>
  async (values, context, options) => {
    const result = await schemaResolvers[protocol](values, context, options);
    const warmup = protocol === 'smtp' ? warmupErrors(values) : {};
    const missing = passwordRequired && !values.pass;
    if (!missing && Object.keys(warmup).length === 0) return result;
    return {
      values: {},
      errors: {
        ...result.errors,
        ...warmup,
        ...(missing ? { pass: { type: 'required', message: PASSWORD_REQUIRED } } : {}),
      },
    };
  };

/**
 * What the form sends: the protocol's settings, and the from-name and signature when the form
 * shows them.
 */
export type MailSettingsBody = {
  smtp?: SmtpSettingsInput;
  imap?: ImapSettingsInput;
  fromName?: string;
  signature?: string;
};

type MailSettingsFormProps = {
  protocol: MailProtocol;
  /** The saved settings when editing (the button then reads 'Update Configuration'). */
  saved: SmtpSettings | ImapSettings | null;
  /** Sends the settings (POST /api/email/config, or a mailbox's add or edit). */
  save: (body: MailSettingsBody) => Promise<{ message?: string }>;
  /**
   * Shows the 'From name' and 'Signature' fields with these values (null: blank); undefined:
   * no such fields.
   */
  identity?: MailboxIdentity;
  /** The heading; by default 'SMTP Configuration' or 'Edit SMTP Configuration'. */
  title?: string;
  /** Text of the submit button; by default 'Save Configuration' or 'Update Configuration'. */
  submitLabel?: string;
  onSaved: (message: string) => void;
  onCancel: () => void;
};

/**
 * The settings step: host, port, username and password required, 'Use SSL/TLS', and for SMTP an
 * optional daily limit. The server logs in before saving; when it cannot, its reason (wrong
 * password, no such host, TLS mismatch…) is shown above the buttons.
 */
export const MailSettingsForm = ({
  protocol,
  saved,
  save,
  identity,
  title,
  submitLabel,
  onSaved,
  onCancel,
}: MailSettingsFormProps) => {
  const [saving, setSaving] = useState(false);
  /** Why saving failed; `login` when the server could not log in with these settings. */
  const [reason, setReason] = useState<{ text: string; login: boolean } | null>(null);
  const editing = saved !== null;
  const { name } = PROTOCOL_TITLES[protocol];
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    setValue,
    formState: { errors },
  } = useForm<SettingsValues>({
    resolver: settingsResolver(protocol, saved === null),
    defaultValues: valuesOf(protocol, saved, identity),
    reValidateMode: 'onSubmit',
  });
  const warming = watch('warming');
  // Google and Microsoft 365 refuse most passwords: say so before the rep tries.
  const providerHint = passwordHostHint(watch('host') ?? '');
  // Editing a field clears its own error and the server's last reason: it may be the fix.
  const field = (key: SettingsField) =>
    register(key, {
      onChange: () => {
        clearErrors(key);
        setReason(null);
      },
    });

  const submit = handleSubmit((values) => {
    setReason(null);
    const { fromName, signature, dailyLimit, warming, warmupStart, warmupIncrement, ...server } =
      values;
    const settings =
      protocol === 'smtp'
        ? { ...server, dailyLimit, warmup: warmupOf({ warming, warmupStart, warmupIncrement }) }
        : server;
    setSaving(true);
    save({ [protocol]: settings, ...(identity ? { fromName, signature } : {}) }).then(
      (answer) => {
        setSaving(false);
        const message = answer.message || CONFIG_SAVED;
        notifySuccess(message);
        onSaved(message);
      },
      (error: unknown) => {
        setSaving(false);
        if (isSessionExpired(error)) return;
        const text = errorMessage(error, SAVE_FAILED);
        const fields = error instanceof ApiRequestError ? error.fieldErrors : {};
        let placed = false;
        for (const [key, message] of Object.entries(fields)) {
          const match = IDENTITY_FIELDS.includes(key)
            ? (key as SettingsField)
            : (FIELDS.find((candidate) => key === `${protocol}.${candidate}`) ??
              WARMUP_SERVER_FIELDS[key]);
          if (match) {
            setError(match, { type: 'server', message });
            placed = true;
          }
        }
        if (!placed) setReason({ text, login: protocol in fields });
      },
    );
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={`${name} settings`}>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {title ?? (editing ? `Edit ${name} Configuration` : `${name} Configuration`)}
            </Title>
            <Text size="sm" c="dimmed">
              {PROTOCOL_TITLES[protocol].purpose}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {identity ? (
              <TextInput
                label="From name"
                autoComplete="off"
                placeholder="Your own name"
                description="The name recipients see; blank for your own"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errors.fromName?.message}
                {...field('fromName')}
              />
            ) : null}
            <TextInput
              label="Host"
              required
              placeholder={protocol === 'smtp' ? 'smtp.example.com' : 'imap.example.com'}
              autoComplete="off"
              error={errors.host?.message}
              {...field('host')}
            />
            <TextInput
              label="Port"
              required
              inputMode="numeric"
              error={errors.port?.message}
              {...field('port')}
            />
            <TextInput
              label="Username"
              required
              autoComplete="off"
              placeholder="you@example.com"
              error={errors.user?.message}
              {...field('user')}
            />
            <PasswordInput
              label="Password"
              required={!editing}
              autoComplete="new-password"
              description={editing ? 'Leave blank to keep the saved password' : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={errors.pass?.message}
              {...field('pass')}
            />
            {protocol === 'smtp' ? (
              <TextInput
                label="Daily Limit"
                inputMode="numeric"
                placeholder="No limit"
                description="Emails you may send per day; blank for no limit, 0 for none"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                error={errors.dailyLimit?.message}
                {...field('dailyLimit')}
              />
            ) : null}
          </SimpleGrid>
          {providerHint ? (
            <Alert
              color="blue"
              variant="light"
              role="note"
              icon={<IconAlertCircle size={18} />}
              data-testid="password-provider-hint"
            >
              {providerHint}
            </Alert>
          ) : null}
          <Checkbox label="Use SSL/TLS" {...field('secure')} />
          {protocol === 'smtp' ? (
            <WarmupFields
              field={field}
              errors={errors}
              warming={warming}
              onWarmingChange={(checked) => {
                setValue('warming', checked);
                setReason(null);
              }}
            />
          ) : null}
          {identity ? (
            <SignatureField
              field={field('signature')}
              value={watch('signature') ?? ''}
              error={errors.signature?.message}
            />
          ) : null}
          {reason ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={reason.login ? `Could not log in to the ${name} server` : undefined}
              role="alert"
            >
              {reason.text}
            </Alert>
          ) : null}
          {saving ? (
            <Text size="sm" c="dimmed" role="status">
              Logging in to the {name} server to check the settings…
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel ?? (editing ? 'Update Configuration' : 'Save Configuration')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
