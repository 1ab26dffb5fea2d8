import type { ParsedMail } from 'mailparser';
import { readAutoReply } from './auto-reply.ts';
import { BOUNCE_SUBJECT, readBounce } from './bounce.ts';
import type { Bounce } from './bounce.ts';
import { SYSTEM_SENDER } from './bounce-text.ts';

/** What a message in a user's inbox is: a delivery report, a machine's answer, or a reply. */
export type { Bounce } from './bounce.ts';

export type Incoming =
  | { kind: 'bounce'; bounce: Bounce }
  | { kind: 'auto-reply'; returnsOn: string | null }
  | { kind: 'reply' };

const SYSTEM_NAME = /mail delivery|mailer[- ]?daemon|postmaster/i;

/**
 * Whether a message's envelope (sender, subject) may be a bounce, so that the inbox check
 * reads the whole message even though its sender is no lead.
 */
export const mayBeBounce = (
  from: { address: string; name: string } | null,
  subject: string,
): boolean =>
  BOUNCE_SUBJECT.test(subject) ||
  (from !== null &&
    (SYSTEM_SENDER.test(from.address.split('@')[0] ?? '') || SYSTEM_NAME.test(from.name)));

/**
 * Reads a parsed message: a bounce first (a report also carries auto headers), then an
 * automatic answer, else a reply. Mail that cannot be read counts as a reply.
 */
export const classifyIncoming = (mail: ParsedMail): Incoming => {
  try {
    const bounce = readBounce(mail);
    if (bounce) return { kind: 'bounce', bounce };
    const auto = readAutoReply(mail);
    return auto.autoReply ? { kind: 'auto-reply', returnsOn: auto.returnsOn } : { kind: 'reply' };
  } catch {
    return { kind: 'reply' };
  }
};

/** A bounce's reason as the lead and the history show it: status and the server's words. */
export const bounceReasonOf = (bounce: Pick<Bounce, 'status' | 'diagnostic' | 'kind'>): string => {
  const words = bounce.diagnostic ?? (bounce.kind === 'hard' ? 'Address rejected' : 'Delayed');
  return (bounce.status && !words.includes(bounce.status) ? `${bounce.status} ${words}` : words)
    .slice(0, 300)
    .trim();
};
