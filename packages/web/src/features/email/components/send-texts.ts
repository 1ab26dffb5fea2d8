import { NO_SMTP_CONFIG } from '@leadline/shared/email';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';

/* The texts of sending one email. */
export const DAILY_LIMIT_REACHED = '❌ Daily email limit reached. Please try again tomorrow.';
export const SEND_FAILED = '❌ Failed to send email.';
export const SENT_FALLBACK = 'Email sent successfully!';
export const NO_CONNECTION = 'No internet connection.';

/** A 429, or a message naming the daily limit (the server's always does). */
export const isDailyLimit = (error: unknown): boolean =>
  error instanceof ApiRequestError &&
  (error.status === 429 || (error.hasServerMessage && /daily limit/i.test(error.message)));

/** What a failed send tells the user: the daily limit's text, the server's, or a fallback. */
export const sendFailureText = (error: unknown, fallback = SEND_FAILED): string =>
  isDailyLimit(error) ? DAILY_LIMIT_REACHED : errorMessage(error, fallback);

/** The server's "configure your mail server first" answer (400). */
export const needsMailSettings = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.message === NO_SMTP_CONFIG;
