import { z } from 'zod';

/** How a mailbox logs in: a typed password, or an OAuth grant from one of these providers. */
export const MAIL_OAUTH_PROVIDERS = ['google', 'microsoft', 'custom'] as const;
export type MailOAuthProvider = (typeof MAIL_OAUTH_PROVIDERS)[number];
export type MailboxProvider = 'password' | MailOAuthProvider;

/** How a mailbox's login is named on its card. */
export const MAILBOX_PROVIDER_NAMES: Record<MailboxProvider, string> = {
  password: 'Password',
  google: 'Google',
  microsoft: 'Microsoft 365',
  custom: 'OAuth',
};

/** 'reconnect': the provider refused the grant (revoked, expired, user deleted). */
export const MAILBOX_STATUSES = ['ok', 'reconnect'] as const;
export type MailboxStatus = (typeof MAILBOX_STATUSES)[number];

/** The path of the callback; the redirect URI is PUBLIC_URL followed by it. */
export const MAIL_OAUTH_CALLBACK_PATH = '/api/email/oauth/callback';
/** Where the callback sends the browser back to (the mail settings page). */
export const MAIL_SETTINGS_PATH = '/email/config';

export const MAILBOX_CONNECTED = 'Mailbox connected';
export const MAILBOX_DISCONNECTED = 'Mailbox disconnected';
export const RECONNECT_MAILBOX =
  'Reconnect your mailbox: the provider no longer accepts its sign-in (access revoked or expired). Open the mail settings and connect it again.';
export const OAUTH_STATE_INVALID =
  'This sign-in link is no longer valid (used, older than 10 minutes or not yours). Start again with Connect.';
export const OAUTH_NOT_CONFIGURED = 'This provider is not configured on this server';
export const OAUTH_NO_EMAIL = 'The provider did not tell which email address this mailbox has';

/** The provider's `error` answer in words (the callback's message). */
export const providerErrorMessage = (error: string, description?: string): string => {
  const words: Record<string, string> = {
    access_denied: 'You declined access, so the mailbox was not connected.',
    consent_required: 'Consent is required: an administrator may have to approve the app first.',
    interaction_required: 'The provider needs you to sign in again. Start again with Connect.',
    login_required: 'You are not signed in at the provider. Start again with Connect.',
    invalid_scope: 'The provider refused the permissions asked for (invalid scope).',
    unauthorized_client: 'The provider does not allow this app to connect mailboxes.',
    server_error: 'The provider had an error. Try again later.',
    temporarily_unavailable: 'The provider is temporarily unavailable. Try again later.',
  };
  const known = words[error];
  if (known) return known;
  const detail = description ? `: ${description.slice(0, 200)}` : '';
  return `The provider refused the connection (${error.slice(0, 60)})${detail}`;
};

export const oauthStartSchema = z.object({
  provider: z.enum(MAIL_OAUTH_PROVIDERS, { error: 'provider must be google, microsoft or custom' }),
});
export type OAuthStartInput = z.input<typeof oauthStartSchema>;

export const oauthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** GET /api/email/oauth: the providers the operator configured and the redirect URI. */
export type OAuthProvidersResponse = {
  providers: { provider: MailOAuthProvider; name: string }[];
  redirectUri: string;
};

/** The OAuth side of GET /api/email/config; null for a password mailbox. */
export type MailboxConnection = {
  provider: MailOAuthProvider;
  email: string;
  status: MailboxStatus;
};
