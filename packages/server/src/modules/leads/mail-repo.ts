import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { leads } from '../../db/schema.ts';
import { recordLeadEvents } from './events.ts';
import { leadColumns } from './repo.ts';
import type { LeadRow } from './repo.ts';

/** A lead's name as the activity entries of its emails quote it. */
export type NamedLead = { id: string; personFirstName: string; personLastName: string };

const named = {
  id: leads.id,
  personFirstName: leads.personFirstName,
  personLastName: leads.personLastName,
};

/** The lead has been mailed: mailSent, one more in sentCount, mailSentDate now. */
export const markLeadMailed = async (
  db: Db,
  organizationId: string,
  leadId: string,
): Promise<LeadRow | undefined> => {
  const [row] = await db
    .update(leads)
    .set({
      mailSent: true,
      sentCount: sql`${leads.sentCount} + 1`,
      mailSentDate: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, leadId)))
    .returning(leadColumns);
  return row;
};

/**
 * The same change as markLeadMailed for the leads `leadIds` (a subquery) selects, as a
 * statement to use inside a larger one: a run records its emails sent and their leads mailed
 * in one statement.
 */
export const markLeadsMailedSql = (organizationId: string, leadIds: SQL): SQL =>
  sql`UPDATE leads SET mail_sent = true, sent_count = sent_count + 1, mail_sent_date = now(),
      updated_at = now()
    WHERE organization_id = ${organizationId}::uuid AND id IN (${leadIds})`;

/** The lead has replied: repliedAt is its latest reply's time. */
export const markLeadReplied = async (
  db: Db,
  organizationId: string,
  leadId: string,
  at: Date,
): Promise<NamedLead | undefined> => {
  const time = sql`${at.toISOString()}::timestamptz`;
  const [row] = await db
    .update(leads)
    .set({
      repliedAt: sql`GREATEST(COALESCE(${leads.repliedAt}, ${time}), ${time})`,
      // A reply shows the address works: soft bounces before it no longer count.
      softBounces: 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, leadId)))
    .returning(named);
  return row;
};

/**
 * The organisation's leads with this (lower-cased) address, not yet unsubscribed, are now;
 * each gets its lead.unsubscribed event in `db` (the change's transaction), made by `actorId`
 * (none: the person themselves, through the link or their mail client).
 */
export const markLeadsUnsubscribed = async (
  db: Db,
  organizationId: string,
  address: string,
  actorId: string | null = null,
): Promise<LeadRow[]> => {
  const rows = await db
    .update(leads)
    .set({ unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(leads.organizationId, organizationId),
        eq(leads.personEmail, address),
        isNull(leads.unsubscribedAt),
      ),
    )
    .returning(leadColumns);
  await recordLeadEvents(db, 'lead.unsubscribed', actorId, rows);
  return rows;
};

/**
 * The organisation's leads with this address may be mailed by bulk runs and campaigns again
 * (an administrator took the address off the suppression list).
 */
export const clearLeadsUnsubscribed = (
  db: Db,
  organizationId: string,
  address: string,
): Promise<NamedLead[]> =>
  db
    .update(leads)
    .set({ unsubscribedAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(leads.organizationId, organizationId),
        eq(leads.personEmail, address),
        isNotNull(leads.unsubscribedAt),
      ),
    )
    .returning(named);

/**
 * The organisation's lead with this address, if any (a follow-up to a lead counts for it);
 * with `mailedOnly`, only a lead that has been emailed (a reply can only answer such a lead).
 */
export const findLeadIdByEmail = async (
  db: Db,
  organizationId: string,
  email: string,
  { mailedOnly = false } = {},
): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        eq(leads.personEmail, email),
        mailedOnly ? eq(leads.mailSent, true) : undefined,
      ),
    )
    .limit(1);
  return row?.id;
};

/**
 * A hard bounce: the organisation's leads with this (lower-cased) address get bouncedAt (the
 * first time) and the reason; their soft bounces are settled. Returns the leads it marked.
 */
export const markLeadsBounced = (
  db: Db,
  organizationId: string,
  address: string,
  reason: string,
): Promise<NamedLead[]> =>
  db
    .update(leads)
    .set({
      bouncedAt: sql`COALESCE(${leads.bouncedAt}, now())`,
      bounceReason: reason,
      softBounces: 0,
      updatedAt: sql`now()`,
    })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.personEmail, address)))
    .returning(named);

/** One more soft bounce in a row for the lead; answers how many there are now (0: no lead). */
export const countSoftBounce = async (
  db: Db,
  organizationId: string,
  leadId: string,
): Promise<number> => {
  const [row] = await db
    .update(leads)
    .set({ softBounces: sql`${leads.softBounces} + 1`, updatedAt: sql`now()` })
    .where(and(eq(leads.organizationId, organizationId), eq(leads.id, leadId)))
    .returning({ softBounces: leads.softBounces });
  return row?.softBounces ?? 0;
};
