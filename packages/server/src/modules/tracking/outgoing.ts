import { createTrackingTokens } from './tokens.ts';
import type { TrackingTokens } from './tokens.ts';
import { trackHtml, trackableLinks } from './rewrite.ts';

/** What the sending module asks of tracking while composing an email. */
export type Tracker = {
  /** The links a tracked email's HTML rewrites (recorded with its reservation). */
  links: (html: string) => string[];
  /** The HTML as it goes out for the reserved email `sentEmailId`: links rewritten, pixel added. */
  rewrite: (html: string, sentEmailId: string) => string;
};

export const TRACKING_PATH = '/t';

/**
 * A tracker for emails whose links go through PUBLIC_URL (`publicUrl`), signed with a key
 * derived from SECRET_KEY. The unsubscribe link (and anything already under /t/) is kept.
 */
export const createTracker = (
  secretKey: string,
  publicUrl: string,
  tokens: TrackingTokens = createTrackingTokens(secretKey),
): Tracker => {
  const base = publicUrl.replace(/\/+$/, '');
  const kept = [`${base}/unsubscribe/`, `${base}${TRACKING_PATH}/`];
  const keep = (url: string) => kept.some((prefix) => url.startsWith(prefix));
  return {
    links: (html) => trackableLinks(html, keep),
    rewrite: (html, sentEmailId) =>
      trackHtml(html, {
        keep,
        pixelUrl: `${base}${TRACKING_PATH}/o/${tokens.token({ sentEmailId, kind: 'open', link: 0 })}`,
        linkUrl: (link) =>
          `${base}${TRACKING_PATH}/c/${tokens.token({ sentEmailId, kind: 'click', link })}`,
      }).html,
  };
};

let current: Tracker | null = null;

/**
 * Set once at start (app.ts and background.ts, from SECRET_KEY and PUBLIC_URL): every sending
 * path (single, follow-up, reply, bulk, campaign) composes through the outbox, which asks here.
 */
export const configureTracking = (secretKey: string, publicUrl: string): void => {
  current = createTracker(secretKey, publicUrl);
};

/** The tracker, or null before configureTracking (nothing is tracked then). */
export const currentTracker = (): Tracker | null => current;
