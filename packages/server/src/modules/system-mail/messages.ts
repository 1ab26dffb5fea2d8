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
