import nodemailer from 'nodemailer';
import { MAIL_TIMEOUT_SECONDS } from '../../mail/errors.ts';
import { SMTP_COMMAND_DEADLINE_MS, withSmtpDeadline } from '../../mail/smtp.ts';

/** A message the product itself sends (not a user's mail): plain text to one address. */
export type SystemMessage = { to: string; subject: string; text: string };

/**
 * The operator's mailbox (SYSTEM_SMTP_URL, SYSTEM_MAIL_FROM) for the product's own mail, such
 * as password-reset links. The URL carries the login, so it is never logged or shown.
 */
export type SystemMailer = { send: (message: SystemMessage) => Promise<void> };

/**
 * Each message (its connection, login and data) has the deadlines of a user's single send
 * (SMTP_COMMAND_DEADLINE_MS for setting up, as much again for the message), so a stalled relay
 * fails the send (MailDeadlineError) instead of holding the reset request or the Automation
 * run that sends it. nodemailer closes the aborted send's connection itself (its own, no pool).
 */
export const createSystemMailer = (
  settings: { url: string; from: string },
  deadlineMs = 2 * SMTP_COMMAND_DEADLINE_MS,
): SystemMailer => {
  const transport = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: MAIL_TIMEOUT_SECONDS * 1000,
    greetingTimeout: MAIL_TIMEOUT_SECONDS * 1000,
    socketTimeout: 3 * MAIL_TIMEOUT_SECONDS * 1000,
    // An aborted send's connection is destroyed at once rather than closed politely.
    socketCloseTimeout: 0,
    logger: false,
    debug: false,
  });
  return {
    send: async (message) => {
      await withSmtpDeadline(
        deadlineMs,
        'message',
        () => undefined,
        (signal) => transport.sendMail({ from: settings.from, ...message, signal }),
      );
    },
  };
};
