import nodemailer from 'nodemailer';
import { MAIL_TIMEOUT_SECONDS } from '../../mail/errors.ts';

/** A message the product itself sends (not a user's mail): plain text to one address. */
export type SystemMessage = { to: string; subject: string; text: string };

/**
 * The operator's mailbox (SYSTEM_SMTP_URL, SYSTEM_MAIL_FROM) for the product's own mail, such
 * as password-reset links. The URL carries the login, so it is never logged or shown.
 */
export type SystemMailer = { send: (message: SystemMessage) => Promise<void> };

export const createSystemMailer = (settings: { url: string; from: string }): SystemMailer => {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: MAIL_TIMEOUT_SECONDS * 1000,
    greetingTimeout: MAIL_TIMEOUT_SECONDS * 1000,
    socketTimeout: 3 * MAIL_TIMEOUT_SECONDS * 1000,
    logger: false,
    debug: false,
  });
  return {
    send: async (message) => {
      await transport.sendMail({ from: settings.from, ...message });
    },
  };
};
