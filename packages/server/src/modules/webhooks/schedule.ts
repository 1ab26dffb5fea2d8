import { WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';

/** How often each process looks for due deliveries when there were none. */
export const DELIVERY_POLL_MS = 500;
/** The first retry's wait; each next one doubles, up to RETRY_CAP_MS. */
export const FIRST_RETRY_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** How long a claimed delivery is held (longer than a POST may take) before another process may take it. */
export const DELIVERY_LEASE_SECONDS = 30;
/** Retries stop once the waits add up to this (a day). */
export const GIVE_UP_AFTER_MS = WEBHOOK_FAILURE_HOURS * 60 * 60_000;

/** How long to wait after failed attempt number `attempt` (1 for the first). */
export const retryDelayMs = (attempt: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempt - 1, 20)), RETRY_CAP_MS);

/** The time from the first attempt to attempt `attempt + 1`, when every attempt failed. */
export const elapsedAfterMs = (attempt: number): number => {
  let total = 0;
  for (let n = 1; n <= attempt; n += 1) total += retryDelayMs(n);
  return total;
};

/**
 * The attempt after which a delivery is given up: the first whose retry would come more than
 * a day after the first attempt (30 s, 1 min, 2 min ... then hourly: 30 attempts).
 */
export const LAST_ATTEMPT = (() => {
  let attempt = 1;
  while (elapsedAfterMs(attempt) < GIVE_UP_AFTER_MS) attempt += 1;
  return attempt;
})();
