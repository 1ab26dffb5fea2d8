import type { MailInput } from './message.ts';
import { oneLine, rawHeader } from './message.ts';

/** One recipient's block of an RFC 3464 delivery-status report. */
export type RecipientReport = {
  recipient: string;
  action: string | null;
  status: string | null;
  diagnostic: string | null;
};

const STATUS_TYPES = new Set(['message/delivery-status', 'message/global-delivery-status']);

const REPORT_TYPE =
  /^\s*multipart\/report\s*;(?:.*;)?\s*report-type\s*=\s*"?delivery-status"?\s*(?:;|$)/i;

/** Whether the message is an RFC 3464 report (multipart/report; report-type=delivery-status). */
export const isDeliveryReport = (
  message: Pick<MailInput, 'headerLines' | 'attachments'>,
): boolean => {
  if (REPORT_TYPE.test(rawHeader(message, 'content-type') ?? '')) return true;
  return message.attachments.some((part) => STATUS_TYPES.has(part.contentType));
};

/**
 * The delivery-status fields: mailparser keeps them as an attachment only when asked
 * (keepDeliveryStatus); by default it appends them to the text, where they are read instead.
 */
export const deliveryStatusText = (message: Pick<MailInput, 'attachments' | 'text'>): string => {
  const parts = message.attachments.filter((part) => STATUS_TYPES.has(part.contentType));
  return parts.length
    ? parts.map((part) => part.content.toString('utf8')).join('\n\n')
    : (message.text ?? '');
};

/** The fields of one block ("Name: value" lines, folded lines joined), by lower-case name. */
const fieldsOf = (block: string): Map<string, string> => {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const field = /^([A-Za-z][\w-]*):\s*(\S.*)?$/.exec(line.trim());
    if (field && !fields.has(field[1]!.toLowerCase())) {
      fields.set(field[1]!.toLowerCase(), (field[2] ?? '').trim());
    }
  }
  return fields;
};

/** "rfc822; Jane@Example.org" -> "jane@example.org" */
const addressOf = (value: string) =>
  value
    .slice(value.indexOf(';') + 1)
    .trim()
    .replace(/^<|>$/g, '')
    .toLowerCase();

/** The per-recipient blocks of a delivery-status text (blocks naming a recipient). */
export const recipientReports = (text: string): RecipientReport[] =>
  text.split(/\r?\n[ \t]*\r?\n/).flatMap((block) => {
    const fields = fieldsOf(block);
    const recipient = fields.get('final-recipient') ?? fields.get('original-recipient');
    if (!recipient || !addressOf(recipient).includes('@')) return [];
    const diagnostic = fields.get('diagnostic-code');
    return [
      {
        recipient: addressOf(recipient),
        action: fields.get('action')?.toLowerCase() ?? null,
        status: /^\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? null,
        // "smtp; 550 5.1.1 …": the type in front is the report's, the rest the server's words.
        diagnostic: diagnostic ? oneLine(diagnostic.replace(/^[\w-]+\s*;\s*/, '')) || null : null,
      },
    ];
  });
