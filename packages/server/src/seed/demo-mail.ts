import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DeliveryState } from '@leadline/shared/campaigns';
import { fillFirstName } from '@leadline/shared/email';
import { replySubject } from '@leadline/shared/email-compose';
import type { Db } from '../db/connection.ts';
import { emailSuppressions, leads, sentEmails, users } from '../db/schema.ts';
import { emailReplies } from '../db/tables/email-jobs.ts';
import { stepJobId } from '../modules/campaigns/store/ids.ts';
import { DEMO_EMAIL_GAP } from './demo-data.ts';

const DAY = 86_400_000;

/** A demo lead's n-th email's Message-ID. */
const leadMessage = (n: SQL) => sql`'<demo-' || l.id || '-' || ${n} || '@demo.leadline.test>'`;

/**
 * The emails behind the demo leads' sent counts (call after the leads, before the campaigns):
 * a lead sent n emails got a first email and n - 1 follow-ups threaded under it, from its
 * owner (else `senderId`), DEMO_EMAIL_GAP apart from the lead's creation on.
 */
export const recordDemoLeadEmails = async (
  db: Db,
  organizationId: string,
  senderId: string,
): Promise<void> => {
  await db.execute(sql`
    INSERT INTO sent_emails (organization_id, user_id, lead_id, kind, status, from_address,
      to_address, subject, body_html, message_id, in_reply_to, "references", sent_at)
    SELECT l.organization_id, u.id, l.id,
      CASE WHEN n = 1 THEN 'single' ELSE 'followup' END, 'sent', u.email, l.person_email,
      CASE WHEN n = 1 THEN '' ELSE 'Re: ' END || 'A quick idea for ' || l.company_name,
      '<p>Hi ' || l.person_first_name || ',</p>' || CASE WHEN n = 1
        THEN '<p>I noticed ' || l.company_name || ' is growing its team. We help sales teams '
          || 'like yours spend less time on admin and more with customers. Would a short call '
          || 'next week be useful?</p>'
        ELSE '<p>Just bringing my earlier note back to the top of your inbox. Happy to send a '
          || 'two-minute overview instead of a call if that is easier.</p>' END
        || '<p>Best regards,<br>' || u.name || '</p>',
      ${leadMessage(sql`n`)},
      CASE WHEN n > 1 THEN ${leadMessage(sql`n - 1`)} END,
      coalesce((SELECT string_agg(${leadMessage(sql`k`)}, ' ' ORDER BY k)
        FROM generate_series(1, n - 1) AS k), ''),
      l.created_at + n * ${`${DEMO_EMAIL_GAP / 1000} seconds`}::interval
    FROM leads l
    JOIN users u ON u.id = coalesce(l.owner_id, ${senderId})
    CROSS JOIN LATERAL generate_series(1, l.sent_count) AS n
    WHERE l.organization_id = ${organizationId} AND l.sent_count > 0`);
};

/** A demo campaign's delivery of a step to a lead, in the state the campaign left it. */
export type DemoDelivery = {
  step: number;
  leadId: string;
  state: DeliveryState;
  dueAt: Date;
  /** When it reached that state. */
  at: Date;
};

export const REFUSED = 'The mail server refused the address (550 No such user)';

type DemoMail = {
  organizationId: string;
  senderId: string;
  campaignId: string;
  subject: string;
  /** The campaign's body, then each follow-up step's. */
  bodies: readonly string[];
};

const messageId = () => `<${randomUUID()}@demo.leadline.test>`;

/**
 * What the engine and the reply check would have left behind for a demo email campaign, so
 * that every screen agrees with the campaign's figures: a sent_emails row per email sent or
 * refused, follow-ups threaded under the first email, the leads' sent counts; for each
 * follow-up skipped because the lead replied, the reply (email_replies, the lead's
 * repliedAt); for each skipped because the lead unsubscribed, the suppression. Answers the
 * sent email's id of each `step:leadId`.
 */
export const recordDemoCampaignMail = async (
  db: Db,
  mail: DemoMail,
  deliveries: readonly DemoDelivery[],
): Promise<Map<string, string>> => {
  const ids = new Map<string, string>();
  const mailed = deliveries.filter((d) => d.state === 'sent' || d.state === 'failed');
  if (mailed.length === 0) return ids;
  const [sender] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, mail.senderId));
  if (!sender) return ids;
  const people = new Map(
    (
      await db
        .select({ id: leads.id, email: leads.personEmail, firstName: leads.personFirstName })
        .from(leads)
        .where(
          inArray(
            leads.id,
            deliveries.map((d) => d.leadId),
          ),
        )
    ).map((lead) => [lead.id, lead]),
  );
  const firstMessage = new Map<string, string>();
  const rows = [...mailed]
    .sort((a, b) => a.step - b.step)
    .flatMap((send) => {
      const lead = people.get(send.leadId);
      if (!lead) return [];
      const id = randomUUID();
      ids.set(`${send.step}:${send.leadId}`, id);
      const first = firstMessage.get(send.leadId);
      const message = messageId();
      if (send.step === 0) firstMessage.set(send.leadId, message);
      const subject = fillFirstName(mail.subject, lead.firstName.trim());
      return [
        {
          id,
          organizationId: mail.organizationId,
          userId: mail.senderId,
          leadId: send.leadId,
          jobId: stepJobId(mail.campaignId, send.step),
          kind: 'campaign' as const,
          status: send.state === 'failed' ? ('failed' as const) : ('sent' as const),
          fromAddress: sender.email,
          to: lead.email,
          subject: send.step === 0 ? subject : replySubject(subject),
          bodyHtml: fillFirstName(mail.bodies[send.step] ?? '', lead.firstName.trim()),
          messageId: message,
          inReplyTo: send.step > 0 && first ? first : null,
          references: send.step > 0 && first ? first : '',
          error: send.state === 'failed' ? REFUSED : null,
          sentAt: send.at,
        },
      ];
    });
  await db.insert(sentEmails).values(rows);

  const delivered = rows.filter((row) => row.status === 'sent');
  const lastSent = new Map<string, { count: number; at: Date }>();
  for (const row of delivered) {
    const seen = lastSent.get(row.leadId);
    lastSent.set(row.leadId, {
      count: (seen?.count ?? 0) + 1,
      at: seen && seen.at > row.sentAt ? seen.at : row.sentAt,
    });
  }
  for (const [leadId, { count, at }] of lastSent) {
    await db
      .update(leads)
      .set({ mailSent: true, sentCount: sql`${leads.sentCount} + ${count}`, mailSentDate: at })
      .where(eq(leads.id, leadId));
  }

  // A skipped follow-up's lead answered (or unsubscribed from) the first email a day before.
  for (const skipped of deliveries.filter((d) => d.state === 'replied')) {
    const lead = people.get(skipped.leadId);
    const answered = rows.find((row) => row.id === ids.get(`0:${skipped.leadId}`));
    if (!lead || !answered) continue;
    const receivedAt = new Date(skipped.at.getTime() - DAY);
    await db.insert(emailReplies).values({
      organizationId: mail.organizationId,
      userId: mail.senderId,
      leadId: skipped.leadId,
      sentEmailId: answered.id,
      fromAddress: lead.email,
      fromName: lead.firstName,
      toAddress: sender.email,
      subject: replySubject(answered.subject),
      messageId: messageId(),
      snippet: 'Thanks for reaching out. Next Tuesday afternoon works for a short call.',
      receivedAt,
    });
    await db.update(leads).set({ repliedAt: receivedAt }).where(eq(leads.id, skipped.leadId));
  }
  for (const skipped of deliveries.filter((d) => d.state === 'unsubscribed')) {
    const lead = people.get(skipped.leadId);
    if (!lead) continue;
    const at = new Date(skipped.at.getTime() - DAY);
    await db
      .insert(emailSuppressions)
      .values({
        organizationId: mail.organizationId,
        email: lead.email.toLowerCase(),
        reason: 'unsubscribed',
        createdAt: at,
      })
      .onConflictDoNothing();
    await db.update(leads).set({ unsubscribedAt: at }).where(eq(leads.id, skipped.leadId));
  }
  return ids;
};
