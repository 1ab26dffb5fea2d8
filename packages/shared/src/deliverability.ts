// Deliverability: bounces, auto-replies and the organisation's suppression list.

/** Why an address is on the suppression list. */
export const SUPPRESSION_REASONS = ['unsubscribed', 'manual', 'bounced'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** A hard bounce (5.x.x, unknown user or domain) or a soft one (4.x.x, mailbox full). */
export const BOUNCE_TYPES = ['hard', 'soft'] as const;
export type BounceType = (typeof BOUNCE_TYPES)[number];

/** What a message found in a user's inbox for a lead is. */
export const INCOMING_KINDS = ['reply', 'auto-reply', 'bounce'] as const;
export type IncomingKind = (typeof INCOMING_KINDS)[number];

/** Soft bounces in a row that count as a hard bounce. */
export const SOFT_BOUNCES_AS_HARD = 3;
/** The organisation's default hard-bounce rate (percent) above which a run pauses itself. */
export const DEFAULT_BOUNCE_PAUSE_PERCENT = 3;
/** Sends a run makes before its bounce rate is judged. */
export const BOUNCE_RATE_MIN_SENDS = 20;
