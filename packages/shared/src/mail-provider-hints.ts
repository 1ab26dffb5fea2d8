/**
 * The big mail providers that no longer take a plain password (Microsoft 365 has switched basic
 * authentication off; Google takes only app passwords), recognised by their server host names, and
 * what to tell a rep who types a password for one.
 */
export type PasswordlessProvider = 'google' | 'microsoft';

const PROVIDER_DOMAINS: Record<PasswordlessProvider, readonly string[]> = {
  google: ['gmail.com', 'googlemail.com', 'google.com'],
  microsoft: ['office365.com', 'outlook.com', 'office.com', 'hotmail.com', 'live.com'],
};

/** The provider whose mail server `host` is (smtp.gmail.com, outlook.office365.com ...), if any. */
export const passwordlessProviderOf = (host: string): PasswordlessProvider | null => {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  for (const [provider, domains] of Object.entries(PROVIDER_DOMAINS)) {
    if (domains.some((domain) => name === domain || name.endsWith(`.${domain}`)))
      return provider as PasswordlessProvider;
  }
  return null;
};

export const MICROSOFT_PASSWORD_REFUSED =
  'Microsoft 365 does not take a password login here (basic authentication is switched off): this mailbox needs Connect Microsoft 365, or your admin must allow SMTP AUTH.';
export const GOOGLE_PASSWORD_REFUSED =
  'Google does not take your account password here: use Connect Google, or an app password (Google Account > Security > 2-Step Verification > App passwords).';

/** What a provider's refusal of a password means, in the words the settings page shows. */
export const PASSWORD_REFUSED: Record<PasswordlessProvider, string> = {
  google: GOOGLE_PASSWORD_REFUSED,
  microsoft: MICROSOFT_PASSWORD_REFUSED,
};

/** The hint shown under a host field before saving: a password typed for Google or Microsoft. */
export const passwordHostHint = (host: string): string | null => {
  const provider = passwordlessProviderOf(host);
  if (provider === 'google')
    return 'Gmail and Google Workspace take only an app password: use Connect Google, or an app password.';
  if (provider === 'microsoft')
    return 'Microsoft 365 is switching password logins off: use Connect Microsoft 365, or ask your admin to allow SMTP AUTH.';
  return null;
};
