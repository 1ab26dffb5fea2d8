import type { EmailKind } from '@leadline/shared/email';
import type { Db } from '../../db/connection.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { logActivity } from '../activity/log.ts';
import { markLeadMailed } from '../leads/mail-state.ts';
import type { LeadRow } from '../leads/present.ts';
import { prepareEmail } from './compose.ts';
import { recordEmailsSent } from '../email-events/record.ts';
import type { Delivery, MessageBody, OutgoingEmail, Sender } from './email.ts';
import { reservationOf, reserveSend } from './limits.ts';
import type { SendReservation } from './limits.ts';
import { finishSentEmail, releaseUnsent } from './repo.ts';
import { createRunOutbox } from './run.ts';
import { signedBody } from './signature.ts';
import type { RunOutbox } from './run.ts';
import type { RunOptions } from './run-message.ts';
import {
  STORED_PASSWORD_UNREADABLE,
  openConnections,
  refuseUnreadable,
  transmit,
} from './transport.ts';

export { SendFailed } from './transport.ts';
export { RunTakenOver } from './run.ts';
export type { PreparedSend, RunOutbox, RunSendOutcome } from './run.ts';
export type { SendReservation } from './limits.ts';
export type { RunLead, RunMessage, RunOptions } from './run-message.ts';

/**
 * The one way an email leaves the server, whoever sends it (single sends, follow-ups, bulk
 * runs, campaigns, meeting invitations): reserved against the sender's daily limit, sent from
 * their SMTP account (its password unsealed here), recorded with its outcome.
 */
export type Outbox = {
  /**
   * Sends one email and records it: reserve (the limit, a 'sending' row) -> SMTP -> in one
   * transaction the row 'sent', the lead's mailSent / sentCount / mailSentDate and the
   * activity entry. `body`, when given, completes the message once the reservation has
   * settled its From address. Throws 400 (no settings, an unreadable password),
   * DailyLimitReached (429) or SendFailed (502, recorded as 'failed' with the server's reason).
   */
  send: (
    sender: Sender,
    email: OutgoingEmail,
    body?: (from: string) => MessageBody,
  ) => Promise<Delivery>;
  /** A run's emails (bulk, campaign step) on this outbox's connections. */
  run: (options: RunOptions) => RunOutbox;
  /** Closes the connections (a pooled outbox keeps one per account until then). */
  close: () => void;
};

const ACTIONS: Record<EmailKind, string> = {
  single: 'sent',
  followup: 'follow-up sent',
  bulk: 'bulk sent',
  campaign: 'campaign sent',
  invitation: 'invitation sent',
};

/**
 * Records a delivered email (call inside a transaction): the row 'sent' (with `lateBody`, the
 * HTML its reservation could not hold yet), the lead's mailSent / sentCount / mailSentDate (an
 * invitation sits in the lead's history without counting as mailing it), and the activity
 * entry unless the email asks for none.
 */
const recordDelivered = async (
  tx: Db,
  sender: Sender,
  reservation: SendReservation,
  email: OutgoingEmail,
  delivered: { rejected: string[]; lateBody: string | undefined },
): Promise<LeadRow | null> => {
  const { rejected, lateBody } = delivered;
  await finishSentEmail(tx, reservation.id, {
    status: 'sent',
    error: rejected.length > 0 ? `Refused recipients: ${rejected.join(', ')}` : null,
    bodyHtml: lateBody,
  });
  const updated =
    email.leadId && sender.organizationId && email.kind !== 'invitation'
      ? await markLeadMailed(tx, sender.organizationId, email.leadId)
      : undefined;
  if (email.kind !== 'invitation') await recordEmailsSent(tx, [reservation.id]);
  if (email.logActivity !== false) {
    const what = email.kind === 'followup' ? 'Follow-up' : 'Email';
    await logActivity(tx, {
      organizationId: sender.organizationId,
      userId: sender.id,
      type: 'Email',
      entityId: updated?.id ?? null,
      action: ACTIONS[email.kind],
      details: `${what} "${email.subject}" sent to ${email.to}`,
    });
  }
  return updated ?? null;
};

/**
 * An outbox over the senders' SMTP accounts. `pooled`: one connection per account, logged in
 * once and reused for every email until `close` (runs, a meeting's invitations); otherwise a
 * connection of its own per email.
 */
export const openOutbox = (db: Db, box: SecretBox, { pooled = false } = {}): Outbox => {
  const connections = openConnections(db, box, pooled);
  return {
    send: async (sender, email, body) => {
      // The HTML as sent goes into the reservation's row; a body that waits for the From
      // address (an invitation) is written with the outcome instead, in the same statement.
      const early = body ? undefined : prepareEmail(email);
      const reservation = await reserveSend(db, reservationOf(sender, early ?? email));
      const account = await connections.account(reservation).catch(async (error: unknown) => {
        // No token for the mailbox (reconnect needed, provider down): nothing was sent.
        await releaseUnsent(db, reservation.id);
        throw error;
      });
      if (!account) {
        await refuseUnreadable(db, reservation);
        throw badRequest(STORED_PASSWORD_UNREADABLE);
      }
      const message = early ?? prepareEmail({ ...email, ...body?.(reservation.from) });
      const lateBody = early
        ? undefined
        : signedBody(message.kind, message.prepared, reservation.smtp.signature).html;
      const rejected = await transmit(
        db,
        connections,
        account,
        sender,
        reservation,
        message,
        lateBody,
      );
      const lead = await db.transaction((tx) =>
        recordDelivered(tx, sender, reservation, email, { rejected, lateBody }),
      );
      return {
        sentEmailId: reservation.id,
        messageId: reservation.messageId,
        from: reservation.from,
        lead,
        rejected,
      };
    },
    run: (options) => createRunOutbox(db, connections, options),
    close: connections.close,
  };
};

/** Sends one email on a connection of its own (single sends, follow-ups). */
export const sendOne = async (
  db: Db,
  box: SecretBox,
  sender: Sender,
  email: OutgoingEmail,
): Promise<Delivery> => {
  const outbox = openOutbox(db, box);
  try {
    return await outbox.send(sender, email);
  } finally {
    outbox.close();
  }
};
