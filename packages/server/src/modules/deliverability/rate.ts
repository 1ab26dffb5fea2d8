import { BOUNCE_RATE_MIN_SENDS } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { bouncePausePercentOf } from '../organizations/service.ts';
import { countRunBounces } from './repo.ts';

export type BounceRate = {
  sends: number;
  hard: number;
  /** The hard-bounce rate in percent. */
  percent: number;
  /** The organisation's limit in percent. */
  limit: number;
};

const rounded = (value: number) => Math.round(value * 10) / 10;

/**
 * The run's (a bulk run's, or a campaign's steps') hard-bounce rate when it has passed the
 * organisation's limit after at least BOUNCE_RATE_MIN_SENDS sends; null while it has not.
 */
export const bounceRateExceeded = async (
  db: Db,
  organizationId: string,
  jobIds: readonly string[],
  /** Judges only the emails sent from then on (a resumed bulk run: since its resume). */
  since?: Date,
  /** Judges only the emails of this mailbox (a campaign over several). */
  mailboxId?: string,
): Promise<BounceRate | null> => {
  const { sends, hard } = await countRunBounces(db, organizationId, jobIds, since, mailboxId);
  if (sends < BOUNCE_RATE_MIN_SENDS || hard === 0) return null;
  const limit = await bouncePausePercentOf(db, organizationId);
  const percent = (hard / sends) * 100;
  return percent > limit ? { sends, hard, percent: rounded(percent), limit } : null;
};

/** Why a run paused itself, as its message, the campaign view and the activity log say it. */
export const bouncePauseMessage = (rate: BounceRate): string =>
  `Too many bounces: ${rate.hard} of ${rate.sends} emails bounced (${rate.percent}%), above the organisation's limit of ${rate.limit}%. Check the addresses before sending more.`;

/** Sends between two looks at the rate when none failed (a failed one is looked at at once). */
export const BOUNCE_CHECK_EVERY = 10;

/**
 * Watches a run's bounce rate as it sends: `after` each email answers the rate once it has
 * passed the limit. It counts on the first email, after every failed one (a refusal while
 * sending is a hard bounce) and every BOUNCE_CHECK_EVERY emails (reports arrive meanwhile),
 * so a long run does not count its emails again after each one. With `since`, only the emails
 * sent from then on count (the ones before were judged already: a resumed run); with
 * `mailboxId`, only that mailbox's.
 */
export const watchBounceRate = (
  db: Db,
  organizationId: string,
  jobIds: readonly string[],
  since?: Date,
  mailboxId?: string,
) => {
  let unchecked = BOUNCE_CHECK_EVERY;
  return {
    after: async (outcome: 'sent' | 'failed'): Promise<BounceRate | null> => {
      unchecked += 1;
      if (outcome !== 'failed' && unchecked < BOUNCE_CHECK_EVERY) return null;
      unchecked = 0;
      return bounceRateExceeded(db, organizationId, jobIds, since, mailboxId);
    },
  };
};
