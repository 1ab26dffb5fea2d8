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

/** After a password changed: the owner hears of it, so that a change they did not make shows. */
export const passwordChangedMessage = (
  to: { name: string; email: string },
  how: 'changed' | 'reset',
  when: Date,
  publicUrl: string,
): SystemMessage => ({
  to: to.email,
  subject: 'Your Leadline password was changed',
  text: [
    `Hello ${to.name},`,
    '',
    `The password of your Leadline account was ${how === 'reset' ? 'reset from an emailed link' : 'changed'} on ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    'Every other session of your account has been signed out.',
    '',
    'If this was not you, choose a new password at once:',
    `${publicUrl}/forgot-password`,
    'or ask an administrator of your organization to reset it.',
  ].join('\n'),
});
