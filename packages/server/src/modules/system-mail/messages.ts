import type { SystemMessage } from './mailer.ts';

/** The email with a password-reset link (the link is only ever in this message). */
export const passwordResetMessage = (
  to: { name: string; email: string },
  link: string,
  validMinutes: number,
): SystemMessage => ({
  to: to.email,
  subject: 'Reset your Leadline password',
  text: [
    `Hello ${to.name},`,
    '',
    'Someone (we hope you) asked to reset the password of your Leadline account.',
    `Open this link within ${validMinutes} minutes to choose a new password:`,
    '',
    link,
    '',
    'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
  ].join('\n'),
});

/** An API key as the account emails name it: never the key, only its name and first letters. */
export type NamedKey = { name: string; prefix: string };

/** What became of the account's API keys, in the password emails. */
const keyLines = (revoked: readonly NamedKey[] | undefined): string[] => {
  if (revoked === undefined) {
    return ['Your API keys still work: revoke any you do not recognise on your profile page.'];
  }
  if (revoked.length === 0) return ['Your account had no API keys in use.'];
  return [
    `Every API key of your account has been revoked (${revoked.length}):`,
    ...revoked.map((key) => `  - ${key.name} (${key.prefix}…)`),
    'Create new keys on your profile page for the tools that need them.',
  ];
};

const WHAT_HAPPENED: Record<'changed' | 'reset' | 'admin', string> = {
  changed: 'changed',
  reset: 'reset from an emailed link',
  admin: 'reset by an administrator',
};

/**
 * After a password changed: the owner hears of it, so that a change they did not make shows.
 * `revokedKeys`: the API keys the change revoked (a reset revokes them all); undefined when the
 * keys were left as they were (changing one's own password).
 */
export const passwordChangedMessage = (
  to: { name: string; email: string },
  how: 'changed' | 'reset' | 'admin',
  when: Date,
  publicUrl: string,
  revokedKeys?: readonly NamedKey[],
): SystemMessage => ({
  to: to.email,
  subject: 'Your Leadline password was changed',
  text: [
    `Hello ${to.name},`,
    '',
    `The password of your Leadline account was ${WHAT_HAPPENED[how]} on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    how === 'changed'
      ? 'Every other session of your account has been signed out.'
      : 'Every session of your account has been signed out.',
    ...keyLines(revokedKeys),
    '',
    'If this was not you, choose a new password at once:',
    `${publicUrl}/forgot-password`,
    'or ask an administrator of your organization to reset it.',
  ].join('\n'),
});

/**
 * Someone tried to register an account with an address that already has one: its owner hears
 * of it (the stranger was answered as for a new address).
 */
export const signupAttemptMessage = (
  to: { name: string; email: string },
  publicUrl: string,
): SystemMessage => ({
  to: to.email,
  subject: 'Someone tried to sign up to Leadline with your address',
  text: [
    `Hello ${to.name},`,
    '',
    'Someone tried to create a new Leadline account with your email address, which already has one.',
    'No account was created and nothing of yours changed.',
    '',
    `If it was you: sign in at ${publicUrl}/login, or if you forgot your password, reset it at`,
    `${publicUrl}/forgot-password`,
    '',
    'If it was not you, you can ignore this email.',
  ].join('\n'),
});

/** An administrator reset the member's two-step sign-in: they hear of it, and what to do next. */
export const twoFactorResetMessage = (
  to: { name: string; email: string },
  by: string,
  when: Date,
  publicUrl: string,
): SystemMessage => ({
  to: to.email,
  subject: 'Your Leadline two-step sign-in was reset',
  text: [
    `Hello ${to.name},`,
    '',
    `An administrator (${by}) reset the two-step sign-in of your Leadline account on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    'Your authenticator app and your recovery codes no longer work for this account.',
    'Sign in with your password and set up two-step sign-in again on your profile:',
    `${publicUrl}/profile`,
    '',
    'If you did not ask for this, tell your administrator at once.',
  ].join('\n'),
});
