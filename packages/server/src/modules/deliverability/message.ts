import type { ParsedMail } from 'mailparser';

/** The parts of mailparser's `simpleParser` result that bounces and auto-replies are read from. */
export type MailInput = Pick<
  ParsedMail,
  | 'headers'
  | 'headerLines'
  | 'subject'
  | 'from'
  | 'to'
  | 'text'
  | 'attachments'
  | 'date'
  | 'inReplyTo'
  | 'references'
>;

/** A header's text (a structured header's main value, the first of repeated ones); null if absent. */
export const headerText = (message: Pick<MailInput, 'headers'>, name: string): string | null => {
  const value = message.headers.get(name);
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim();
  if (first && typeof first === 'object' && 'value' in first && typeof first.value === 'string') {
    return first.value.trim();
  }
  return null;
};

/** A header as it was written, unfolded; mailparser turns address headers into objects. */
export const rawHeader = (message: Pick<MailInput, 'headerLines'>, name: string): string | null => {
  const line = message.headerLines.find((entry) => entry.key === name)?.line;
  return line === undefined ? null : line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ');
};

const addressesIn = (field: ParsedMail['from'] | ParsedMail['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((entry) => ({
      address: entry.address?.toLowerCase() ?? '',
      name: entry.name,
    })),
  );

export const sendersOf = (message: Pick<MailInput, 'from'>) => addressesIn(message.from);
export const recipientsOf = (message: Pick<MailInput, 'to'>) =>
  addressesIn(message.to).map((entry) => entry.address);

/** Collapses runs of white space (folded header values, wrapped lines) and trims to `max`. */
export const oneLine = (text: string, max = 300): string =>
  text.replace(/\s+/g, ' ').trim().slice(0, max).trim();
