import { sql } from 'drizzle-orm';
import type { TrackingHit, TrackingSummary } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';
import type { CurrentUser } from '../../caller/current-user.ts';
import { notFound } from '../../lib/errors.ts';
import { getLead, organizationOf } from '../leads/service.ts';
import { campaignSummary, findEmailHits, findEmailTracking, periodSummary } from './repo-read.ts';
import type { EmailTracking } from './repo-read.ts';

export type { EmailTracking } from './repo-read.ts';
export { configureTracking, currentTracker } from './outgoing.ts';
export type { Tracker } from './outgoing.ts';

export const EMAIL_NOT_FOUND = 'Email not found';

/** Whether the organisation's switch is on (off by default). */
export const organizationTracks = async (db: Db, organizationId: string): Promise<boolean> => {
  const rows = rowsOf<{ tracking: boolean }>(
    await db.execute(sql`SELECT tracking FROM organizations WHERE id = ${organizationId}::uuid`),
  );
  return rows[0]?.tracking === true;
};

/**
 * Whether one email is tracked: the organisation's switch on, the send not asking otherwise
 * (`requested` false), and its lead (if any) not marked "do not track".
 */
export const shouldTrack = async (
  db: Db,
  organizationId: string | null,
  leadId: string | null,
  requested: boolean | undefined,
): Promise<boolean> => {
  if (!organizationId || requested === false) return false;
  const rows = rowsOf<{ tracking: boolean; do_not_track: boolean | null }>(
    await db.execute(sql`
      SELECT o.tracking, l.do_not_track FROM organizations o
      LEFT JOIN leads l ON l.id = ${leadId}::uuid AND l.organization_id = o.id
      WHERE o.id = ${organizationId}::uuid`),
  );
  const row = rows[0];
  return row?.tracking === true && row.do_not_track !== true;
};

const NOT_TRACKED: EmailTracking = {
  tracked: false,
  opens: { human: 0, proxy: 0, machine: 0 },
  clicks: { human: 0, machine: 0 },
};

/** Each email's tracking (untracked and zero counts for an email not found). */
export const trackingOfEmails = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<(id: string) => EmailTracking> => {
  const found = await findEmailTracking(db, organizationId, ids);
  return (id) => found.get(id) ?? NOT_TRACKED;
};

/** GET /api/leads/:id/emails/:emailId/hits: whoever may read the lead's emails. */
export const leadEmailHits = async (
  db: Db,
  actor: CurrentUser,
  leadId: string,
  emailId: string,
): Promise<{ hits: TrackingHit[] }> => {
  const lead = await getLead(db, actor, leadId);
  const hits = await findEmailHits(db, organizationOf(actor), lead._id, emailId);
  if (!hits) throw notFound(EMAIL_NOT_FOUND);
  return { hits };
};

/** A campaign's tracking (the caller checked the campaign is the organisation's). */
export const campaignTracking = (
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<TrackingSummary> => campaignSummary(db, organizationId, campaignId);

/** The tracking of the emails sent over a report's period. */
export const periodTracking = (
  db: Db,
  organizationId: string | null,
  period: { from: Date; to: Date; userId?: string | null },
): Promise<TrackingSummary> => periodSummary(db, organizationId, period);
