import type { UnsubscribeLinks } from '../../unsubscribe/links.ts';

/** How the campaign engine sends: its leases, batches and where unsubscribe links point. */
export type EngineOptions = {
  /** Signs the unsubscribe links (SECRET_KEY) pointing at PUBLIC_URL. */
  links: UnsubscribeLinks;
  /**
   * A claimed row not finished within this many seconds is taken over by another tick (its
   * process died). A tick stops sending after a third of it, so a live one never lapses.
   */
  leaseSeconds: number;
  /** Rows one tick claims at most. */
  batchSize: number;
  /**
   * An email reserved but neither sent nor failed for this long was cut off mid-send (its
   * process died while talking to the SMTP server): it is marked failed, never sent again.
   */
  interruptedAfterSeconds: number;
  /**
   * The engine's clock: what is due, whether the sending window is open, the mailbox's pacing
   * and follow-up dates are read from it (tests move it; the database keeps its own for the
   * daily limit).
   */
  now: () => Date;
  /** Draws the random gap between two emails of a mailbox (0 <= x < 1). */
  random: () => number;
};

export const DEFAULT_ENGINE_OPTIONS: Omit<EngineOptions, 'links'> = {
  leaseSeconds: 60,
  batchSize: 200,
  interruptedAfterSeconds: 600,
  now: () => new Date(),
  random: Math.random,
};
