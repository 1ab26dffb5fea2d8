import type { UnsubscribeLinks } from '../unsubscribe/links.ts';

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
};

export const DEFAULT_ENGINE_OPTIONS: Omit<EngineOptions, 'links'> = {
  leaseSeconds: 60,
  batchSize: 200,
  interruptedAfterSeconds: 600,
};
