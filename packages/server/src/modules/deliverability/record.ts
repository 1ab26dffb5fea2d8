import { SOFT_BOUNCES_AS_HARD } from '@leadline/shared/deliverability';
import type { BounceType } from '@leadline/shared/deliverability';
import type { Db } from '../../db/connection.ts';
import { logActivity } from '../activity/log.ts';
import { countSoftBounce, markLeadsBounced } from '../leads/mail-state.ts';
import { leadName } from '../leads/present.ts';
import { recordIncomingEmailEvent } from '../email-events/record.ts';
import { suppressAddress } from '../suppression/check.ts';
import type { Bounce } from './bounce.ts';
import { findSentFromMailbox, markSentBounced } from './repo.ts';
import type { BouncedEmail } from './repo.ts';

export type { BouncedEmail } from './repo.ts';

/** A believed bounce: the email it answers and the address that failed (that email's). */
export type BelievedBounce = { email: BouncedEmail; address: string };

/**
 * The email a bounce in `userId`'s inbox answers, or null when it is not to be believed. A
 * bounce is believed only when it names the Message-ID of an email that user sent to a lead
 * in that organisation (in its returned headers, the quoted original, or its own
 * In-Reply-To / References), and only for that email's recipient: an address alone proves
 * nothing, since anyone can write "MAILER-DAEMON" and a prospect's address into a message.
 * A bounce that names failed addresses must name the email's recipient among them.
 */
export const believeBounce = async (
  db: Db,
  mailbox: { organizationId: string; userId: string },
  bounce: Pick<Bounce, 'originalMessageIds' | 'recipients'>,
): Promise<BelievedBounce | null> => {
  const sent = await findSentFromMailbox(
    db,
    mailbox.organizationId,
    mailbox.userId,
    bounce.originalMessageIds,
  );
  for (const id of bounce.originalMessageIds) {
    const email = sent.find((candidate) => candidate.messageId === id);
    if (!email) continue;
    const address = email.to.trim().toLowerCase();
    if (bounce.recipients.length === 0 || bounce.recipients.includes(address))
      return { email, address };
  }
  return null;
};

/** One bounce of an email to a lead: from a delivery report, or the SMTP server's refusal. */
export type BounceRecord = {
  organizationId: string;
  /** Whose email bounced (the activity entry's user). */
  userId: string | null;
  leadId: string;
  /** The email that bounced, when known. */
  sentEmailId: string | null;
  /** The failed address. */
  address: string;
  kind: BounceType;
  /** The status code and the server's words. */
  reason: string;
  /** Where the bounce was read: a delivery report, or a refusal while sending. */
  source: 'report' | 'refusal';
};

const SOURCE_MAX = 200;

/**
 * Records a bounce (call inside a transaction): the email marked bounced (once: the same
 * report read again changes nothing), then for a hard bounce, or the third soft one in a row,
 * the organisation's leads at that address get bouncedAt and the reason, the address goes on
 * the suppression list ('bounced') and the activity log says so; a soft bounce is counted and
 * logged. Answers what the bounce came to, null when it was recorded before.
 */
export const recordBounce = async (db: Db, record: BounceRecord): Promise<BounceType | null> => {
  const { organizationId, leadId, reason } = record;
  if (record.sentEmailId && !(await markSentBounced(db, record.sentEmailId, record.kind)))
    return null;
  const address = record.address.trim().toLowerCase();
  const soft =
    record.kind === 'soft' ? await countSoftBounce(db, organizationId, leadId) : undefined;
  const hard = soft === undefined || soft >= SOFT_BOUNCES_AS_HARD;
  await recordIncomingEmailEvent(db, {
    type: 'email.bounced',
    organizationId,
    leadId,
    sentEmailId: record.sentEmailId,
    extra: {
      bounce: {
        kind: record.kind,
        address,
        reason,
        source: record.source,
        counted: hard ? 'hard' : 'soft',
      },
    },
  });
  const how = record.source === 'refusal' ? 'refused by the mail server' : 'bounced';
  if (!hard) {
    await logActivity(db, {
      organizationId,
      userId: record.userId,
      type: 'Email',
      entityId: leadId,
      action: 'soft bounce',
      details: `Email to ${address} ${how} for now (${soft} in a row): ${reason}`,
    });
    return 'soft';
  }
  const why = record.kind === 'soft' ? `${soft} soft bounces in a row: ${reason}` : reason;
  const marked = await markLeadsBounced(db, organizationId, address, why);
  const source = `${record.source === 'refusal' ? 'Refused while sending' : 'Bounce'}: ${why}`;
  await suppressAddress(db, organizationId, address, 'bounced', source.slice(0, SOURCE_MAX));
  for (const lead of marked.length
    ? marked
    : [{ id: leadId, personFirstName: '', personLastName: '' }])
    await logActivity(db, {
      organizationId,
      userId: record.userId,
      type: 'Email',
      entityId: lead.id,
      action: 'bounced',
      details: `Email to ${leadName(lead) || address} <${address}> ${how} (hard bounce): ${why}. The address is now suppressed.`,
    });
  return 'hard';
};
