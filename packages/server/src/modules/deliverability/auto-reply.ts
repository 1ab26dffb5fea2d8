import { localDay } from './days.ts';
import { headerText, rawHeader } from './message.ts';
import type { MailInput } from './message.ts';
import { returnDateIn } from './return-date.ts';

export type AutoReply = { autoReply: boolean; returnsOn: string | null };

type AutoReplyInput = Pick<MailInput, 'headers' | 'headerLines' | 'subject' | 'text' | 'date'>;

const AUTO_PRECEDENCE = new Set(['auto_reply', 'bulk', 'junk']);

// Out-of-office subjects in English, German, French and Spanish, as responders put them in front
// of the original subject (after an optional tag such as "[EXTERNAL]").
const OUT_OF_OFFICE_SUBJECT =
  /^\s*(?:\[[^\]]*\]\s*)?(?:out of (?:the )?office|ooo\b|automatic reply|auto(?:matic)?[- ]?re(?:ply|sponse)|autoreply|auto\s*:|away from (?:the )?office|on vacation|abwesenheit|abwesend|automatische antwort|nicht im büro|außer haus|r[ée]ponse automatique|absen(?:ce|te?)\b|message d['’]absence|respuesta autom[áa]tica|fuera de(?: la)? oficina|ausente|ausencia)/iu;

/**
 * Headers a responder sets. X-Auto-Response-Suppress is deliberately not one: Outlook puts it on
 * ordinary mail too.
 */
const hasAutoHeaders = (message: AutoReplyInput): boolean => {
  const submitted = headerText(message, 'auto-submitted')?.split(';')[0]?.trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (headerText(message, 'x-autoreply') || headerText(message, 'x-autorespond')) return true;
  const precedence = headerText(message, 'precedence')?.toLowerCase() ?? '';
  return AUTO_PRECEDENCE.has(precedence);
};

/**
 * Whether an answer was written by a machine (out-of-office notes, ticket receipts, lists) rather
 * than the lead, and for an out-of-office note the day its writer says they are back (YYYY-MM-DD),
 * read relative to the message's Date. Bounces also carry auto headers: the caller checks
 * `readBounce` first, so a bounce never reaches here.
 */
export const readAutoReply = (message: AutoReplyInput): AutoReply => {
  const autoReply = hasAutoHeaders(message) || OUT_OF_OFFICE_SUBJECT.test(message.subject ?? '');
  const dated = message.date && !Number.isNaN(message.date.getTime());
  if (!autoReply || !dated || !message.text) return { autoReply, returnsOn: null };
  const today = localDay(message.date!, rawHeader(message, 'date'));
  return { autoReply, returnsOn: returnDateIn(message.text, today) };
};
