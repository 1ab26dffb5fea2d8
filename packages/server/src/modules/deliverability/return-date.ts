import { findDateMentions } from './date-mentions.ts';
import { addDays } from './days.ts';

/** How far ahead a return date may lie; anything later is more likely a typo or another event. */
const MAX_DAYS_AHEAD = 90;
/** Out-of-office notes are short; the scan stops here so a huge body costs nothing. */
const MAX_SCANNED = 4_000;
/** How far a return word may stand before its date ("back in the office on Monday 8 March"). */
const MAX_GAP = 40;

// Words that put a return date after them: back/return/until…, bis/zurück/wieder/ab,
// jusqu'au/retour/à partir du, hasta/regreso/vuelta/a partir del.
const RETURN_WORDS =
  /(?<!\p{L})(?:back|return(?:s|ing)?|until|till|through|again|bis|zurück|wieder|ab|jusqu['’]?(?:au|à)|retour|rentre|reviens|de nouveau|hasta|regreso|regresaré|regresare|vuelta|volveré|volvere|partir d(?:u|el))(?!\p{L})/giu;

// Where a message stops being the sender's own words: the quoted original below it.
const QUOTE_START =
  /^(?:-{2,}\s*(?:original message|ursprüngliche nachricht|message d['’]origine|mensaje original)|(?:from|von|de|sent|gesendet|envoyé|enviado)\s*:|on .+ wrote:|am .+ schrieb|le .+ a écrit|el .+ escribió)/imu;

/** How much of a note is looked through for the quoted original (its start is what counts). */
const MAX_READ = 64 * 1024;

/** The sender's own words: above the quoted original, without "> " lines, on one line. */
const ownWords = (note: string): string => {
  const text = note.slice(0, MAX_READ);
  const quote = QUOTE_START.exec(text);
  return (quote ? text.slice(0, quote.index) : text)
    .split(/\r?\n/)
    .filter((line) => !line.trimStart().startsWith('>'))
    .join(' ')
    .slice(0, MAX_SCANNED)
    .replace(/\s+/g, ' ');
};

/** A gap no sentence end, figure or other date crosses. */
const CLEAN_GAP = /^(?:[^\d!?.]|\.(?!\s))*$/u;

/**
 * The day an out-of-office text says its writer is back (or away until), as YYYY-MM-DD: the
 * first date that follows a return word, read relative to `today` (the message's own day).
 * Null when there is none, or it is before today or more than 90 days after it.
 */
export const returnDateIn = (text: string, today: string): string | null => {
  const words = ownWords(text);
  const returnWordEnds = [...words.matchAll(RETURN_WORDS)].map((m) => m.index + m[0].length);
  const latest = addDays(today, MAX_DAYS_AHEAD);
  for (const mention of findDateMentions(words, today)) {
    const wordEnd = returnWordEnds.filter((end) => end <= mention.start).at(-1);
    if (wordEnd === undefined || mention.start - wordEnd > MAX_GAP) continue;
    if (!CLEAN_GAP.test(words.slice(wordEnd, mention.start))) continue;
    const day = mention.days.find((candidate) => candidate >= today && candidate <= latest);
    if (day) return day;
  }
  return null;
};
