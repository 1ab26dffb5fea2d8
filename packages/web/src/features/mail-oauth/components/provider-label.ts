import type { MailOAuthProvider } from '@leadline/shared/mail-oauth';

/** The provider's name as the mailbox card shows it. */
export const PROVIDER_NAMES: Record<MailOAuthProvider, string> = {
  google: 'Google',
  microsoft: 'Microsoft 365',
  custom: 'OAuth',
};
