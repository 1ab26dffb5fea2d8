import type { BulkEmailJob } from '@leadline/shared/email';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';

/* The texts of a bulk run. */
export const BULK_LIMIT_REACHED = 'Daily email limit reached. Please try again tomorrow.';
export const BULK_FAILED = 'Email sending failed. Please try again.';
export const NONE_SENT = 'No emails were sent successfully';
export const BULK_DONE = 'Bulk email campaign completed! Redirecting...';

const isLimitText = (text: string | undefined) => !!text && /limit|quota/i.test(text);

/** Starting a run failed: the limit's text, the server's message, or the fixed fallback. */
export const bulkStartFailure = (error: unknown): string =>
  error instanceof ApiRequestError && (error.status === 429 || isLimitText(error.message))
    ? BULK_LIMIT_REACHED
    : errorMessage(error, BULK_FAILED);

export type BulkOutcome = {
  /** At least one email went out: the screen returns to the leads table. */
  ok: boolean;
  summary: string;
  /** Why the run stopped early, or what was left out. */
  notes: string[];
};

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The summary of a finished run ('Sent N emails successfully. M failed.' and so on). */
export const bulkOutcome = (job: BulkEmailJob): BulkOutcome => {
  const notes: string[] = [];
  const limit = job.status === 'stopped' && isLimitText(job.message);
  if (limit) notes.push(BULK_LIMIT_REACHED);
  else if (job.status === 'stopped' && job.message) notes.push(job.message);
  const { unsubscribed, replied, deleted } = job.skippedReasons;
  if (job.skipped > 0) {
    const why = [
      unsubscribed ? `${unsubscribed} unsubscribed` : '',
      replied ? `${replied} already replied` : '',
      deleted ? `${deleted} deleted` : '',
    ].filter(Boolean);
    notes.push(
      `${plural(job.skipped, 'lead')} skipped${why.length ? ` (${why.join(', ')})` : ''}.`,
    );
  }
  if (job.unconfirmed > 0)
    notes.push(
      `${plural(job.unconfirmed, 'email')} not confirmed: the server stopped while ${job.unconfirmed === 1 ? 'it was' : 'they were'} with the mail server; ${job.unconfirmed === 1 ? 'it' : 'they'} may have been delivered and ${job.unconfirmed === 1 ? 'was' : 'were'} not sent again.`,
    );
  const unsent = job.total - job.processed;
  if (unsent > 0) notes.push(`${plural(unsent, 'lead')} not emailed.`);
  if (job.sent === 0) return { ok: false, summary: NONE_SENT, notes };
  const summary =
    job.failed === 0 && job.sent === job.total
      ? `All ${job.sent} emails sent successfully!`
      : `Sent ${job.sent} emails successfully. ${job.failed} failed.`;
  return { ok: true, summary, notes };
};
