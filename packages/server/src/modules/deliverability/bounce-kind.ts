export type BounceKind = 'hard' | 'soft';

/** An RFC 3463 enhanced status code such as 5.1.1 (not part of an IP address or version). */
export const STATUS_CODE = /(?<![\d.])([45])\.(\d{1,3})\.(\d{1,3})(?!\.?\d)/;
/** A basic SMTP reply code ("550 ", "452-"). */
export const SMTP_CODE = /(?<![\d.])([45])\d\d(?=[ -]\D)/;

// A full mailbox is temporary even when the server answers with a 5.x.x code.
const MAILBOX_FULL =
  /mailbox (?:is )?full|over ?quota|quota exceeded|exceeded (?:the |its )?(?:storage|quota)|insufficient (?:system )?storage/i;
const HARD_PHRASES =
  /user unknown|unknown user|no such (?:user|mailbox|recipient|address|domain)|(?:does not|doesn't|did not) exist|recipient not found|address not found|couldn't be found|could not be found|domain not found|unknown domain|host not found|host or domain name not found|nxdomain|no mailbox here|mailbox unavailable|invalid (?:recipient|address|mailbox)|address rejected|unrouteable|permanent(?:ly)? (?:error|failure|fatal)/i;
const SOFT_PHRASES =
  /temporar(?:y|ily)|delayed|delay|try again later|will be retried|still being retried|warning only|greylist|timed out/i;

/**
 * Hard (will not be delivered: 5.x.x, unknown user or domain) or soft (may be later: 4.x.x,
 * mailbox full, delays). `status` is an enhanced code or a basic SMTP code; `text` the server's
 * words; `fallback` decides when neither says anything.
 */
export const bounceKind = (
  status: string | null,
  text: string,
  fallback: BounceKind,
): BounceKind => {
  if (status?.startsWith('4') || MAILBOX_FULL.test(text) || status?.startsWith('5.2.2')) {
    return 'soft';
  }
  if (status?.startsWith('5') || HARD_PHRASES.test(text)) return 'hard';
  if (SOFT_PHRASES.test(text)) return 'soft';
  return fallback;
};
