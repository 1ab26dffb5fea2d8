import type { Db } from '../../db/connection.ts';
import { recordBounce } from '../deliverability/record.ts';
import type { OutgoingEmail, Sender } from './email.ts';
import type { SendReservation } from './limits.ts';

type RecipientError = { recipient?: unknown; responseCode?: unknown; response?: unknown };

const isRecipientError = (value: unknown): value is RecipientError =>
  typeof value === 'object' && value !== null;

/**
 * The server's words when it refused `address` for good (a 5xx reply to RCPT TO, or to DATA
 * for that recipient), from nodemailer's answer or error; null for anything else (a 4xx is
 * no bounce: the email fails or is retried as before).
 */
export const permanentRefusalOf = (outcome: unknown, address: string): string | null => {
  if (!isRecipientError(outcome)) return null;
  const errors = (outcome as { rejectedErrors?: unknown }).rejectedErrors;
  const wanted = address.trim().toLowerCase();
  for (const error of Array.isArray(errors) ? errors : []) {
    if (!isRecipientError(error)) continue;
    const recipient = typeof error.recipient === 'string' ? error.recipient.toLowerCase() : '';
    const code = Number(error.responseCode);
    if (recipient === wanted && code >= 500 && code < 600)
      return typeof error.response === 'string' ? error.response.slice(0, 300) : String(code);
  }
  return null;
};

/**
 * Records the lead's address refused for good while sending as a hard bounce (the lead
 * bounced, the address suppressed). Only for an email to a lead.
 */
export const recordRefusal = async (
  db: Db,
  sender: Sender,
  reservation: SendReservation,
  email: OutgoingEmail,
  refusal: string | null,
): Promise<void> => {
  const { organizationId } = sender;
  if (!refusal || !email.leadId || !organizationId) return;
  await db.transaction((tx) =>
    recordBounce(tx, {
      organizationId,
      userId: sender.id,
      leadId: email.leadId!,
      sentEmailId: reservation.id,
      address: email.to,
      kind: 'hard',
      reason: refusal,
      source: 'refusal',
    }),
  );
};
