import { z } from 'zod';

/*
 * Open and click tracking (off by default): every hit on a tracked email's pixel or links is
 * classed as a person's, a privacy proxy's (it fetches every image whether or not anyone
 * reads) or a machine's (scanners, prefetch, hits right after sending), with its reason.
 */

export const HIT_CLASSES = ['human', 'proxy', 'machine'] as const;
export type HitClass = (typeof HIT_CLASSES)[number];
export const HIT_KINDS = ['open', 'click'] as const;
export type HitKind = (typeof HIT_KINDS)[number];

export const HIT_CLASS_LABELS: Record<HitClass, string> = {
  human: 'Person',
  proxy: 'Privacy proxy',
  machine: 'Machine',
};

export type OpenCounts = { human: number; proxy: number; machine: number };
/** A proxy never clicks: a click is a person's or a machine's. */
export type ClickCounts = { human: number; machine: number };

/** One hit as GET /api/leads/:id/emails/:emailId/hits lists it (newest first, at most 200). */
export type TrackingHit = {
  at: string;
  kind: HitKind;
  class: HitClass;
  /** Short words: "Apple Mail Privacy Protection", "HEAD request", "Person"… */
  reason: string;
  /** The link's address (clicks), else null. */
  url: string | null;
};

/** Tracked emails and their hits over a campaign or a report's period. */
export type TrackingSummary = {
  /** Emails sent with tracking. */
  tracked: number;
  opens: OpenCounts;
  clicks: ClickCounts;
  /** Distinct emails with at least one human open. */
  openedByPeople: number;
  /** Distinct emails with at least one human click. */
  clickedByPeople: number;
};

/** How many hits GET …/hits answers at most. */
export const TRACKING_HITS_MAX = 200;

export const HIT_REASONS = {
  head: 'HEAD request',
  prefetch: 'Prefetch',
  apple: 'Apple Mail Privacy Protection',
  google: 'Google image proxy',
  noAgent: 'No user agent',
  scanner: 'Link scanner',
  early: 'Within 10 s of sending',
  everyLink: 'Every link clicked within 5 s',
  person: 'Person',
} as const;

/** The optional `track` of a send, bulk run or campaign: absent, the organisation's switch. */
export const trackField = z
  .preprocess(
    // The composer's multipart fields are text.
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'track must be true or false' }),
  )
  .optional();

/** A rule on email.opened / email.clicked: which classes of hit set it off (default: people's). */
export const hitClassesField = z
  .array(z.enum(HIT_CLASSES, { error: 'Hit classes must be human, proxy or machine' }), {
    error: 'hitClasses must be a list',
  })
  .min(1, 'Choose at least one class of hit')
  .max(HIT_CLASSES.length)
  .transform((list) => [...new Set(list)]);
export const DEFAULT_HIT_CLASSES: readonly HitClass[] = ['human'];

export const emptyOpenCounts = (): OpenCounts => ({ human: 0, proxy: 0, machine: 0 });
export const emptyClickCounts = (): ClickCounts => ({ human: 0, machine: 0 });
export const emptyTrackingSummary = (): TrackingSummary => ({
  tracked: 0,
  opens: emptyOpenCounts(),
  clicks: emptyClickCounts(),
  openedByPeople: 0,
  clickedByPeople: 0,
});
