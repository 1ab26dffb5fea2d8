import { sql } from 'drizzle-orm';
import type {
  ClickCounts,
  OpenCounts,
  TrackingHit,
  TrackingSummary,
} from '@leadline/shared/tracking';
import { TRACKING_HITS_MAX } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';

export type EmailTracking = { tracked: boolean; opens: OpenCounts; clicks: ClickCounts };

type CountRow = {
  id: string;
  tracked: boolean;
  opens_human: number | null;
  opens_proxy: number | null;
  opens_machine: number | null;
  clicks_human: number | null;
  clicks_machine: number | null;
};

/** The counts of the organisation's emails `ids` (one statement). */
export const findEmailTracking = async (
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, EmailTracking>> => {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT s.id, s.tracked, c.opens_human, c.opens_proxy, c.opens_machine, c.clicks_human,
      c.clicks_machine
    FROM sent_emails s LEFT JOIN tracking_counts c ON c.sent_email_id = s.id
    WHERE s.id = ANY(${sql.param([...ids])}::uuid[]) AND s.organization_id = ${organizationId}::uuid`);
  return new Map(
    rowsOf<CountRow>(result).map((row) => [
      row.id,
      {
        tracked: row.tracked,
        opens: {
          human: Number(row.opens_human ?? 0),
          proxy: Number(row.opens_proxy ?? 0),
          machine: Number(row.opens_machine ?? 0),
        },
        clicks: { human: Number(row.clicks_human ?? 0), machine: Number(row.clicks_machine ?? 0) },
      },
    ]),
  );
};

type HitRow = {
  at: string | Date;
  kind: TrackingHit['kind'];
  class: TrackingHit['class'];
  reason: string;
  url_index: number | null;
  tracked_links: string[] | null;
};

/** An email's hits, newest first, when it is the lead's (in the organisation). */
export const findEmailHits = async (
  db: Db,
  organizationId: string,
  leadId: string,
  sentEmailId: string,
): Promise<TrackingHit[] | null> => {
  const email = rowsOf<{ tracked_links: string[] | null }>(
    await db.execute(sql`
      SELECT tracked_links FROM sent_emails
      WHERE id = ${sentEmailId}::uuid AND organization_id = ${organizationId}::uuid
        AND lead_id = ${leadId}::uuid`),
  )[0];
  if (!email) return null;
  const links = email.tracked_links ?? [];
  const result = await db.execute(sql`
    SELECT at, kind, class, reason, url_index FROM tracking_hits
    WHERE sent_email_id = ${sentEmailId}::uuid
    ORDER BY at DESC, id DESC LIMIT ${TRACKING_HITS_MAX}`);
  return rowsOf<Omit<HitRow, 'tracked_links'>>(result).map((row) => ({
    at: new Date(row.at).toISOString(),
    kind: row.kind,
    class: row.class,
    reason: row.reason,
    url: row.url_index === null ? null : (links[row.url_index] ?? null),
  }));
};

type SummaryRow = {
  tracked: number | string;
  opens_human: number | string | null;
  opens_proxy: number | string | null;
  opens_machine: number | string | null;
  clicks_human: number | string | null;
  clicks_machine: number | string | null;
  opened_by_people: number | string;
  clicked_by_people: number | string;
};

/** The summary of the tracked emails `emails` selects (a subquery of sent_emails ids). */
const summaryOf = async (db: Db, emails: ReturnType<typeof sql>): Promise<TrackingSummary> => {
  const result = await db.execute(sql`
    SELECT count(*) AS tracked,
      sum(c.opens_human) AS opens_human, sum(c.opens_proxy) AS opens_proxy,
      sum(c.opens_machine) AS opens_machine, sum(c.clicks_human) AS clicks_human,
      sum(c.clicks_machine) AS clicks_machine,
      count(*) FILTER (WHERE c.opens_human > 0) AS opened_by_people,
      count(*) FILTER (WHERE c.clicks_human > 0) AS clicked_by_people
    FROM (${emails}) e LEFT JOIN tracking_counts c ON c.sent_email_id = e.id`);
  const row = rowsOf<SummaryRow>(result)[0]!;
  const n = (value: number | string | null) => Number(value ?? 0);
  return {
    tracked: n(row.tracked),
    opens: { human: n(row.opens_human), proxy: n(row.opens_proxy), machine: n(row.opens_machine) },
    clicks: { human: n(row.clicks_human), machine: n(row.clicks_machine) },
    openedByPeople: n(row.opened_by_people),
    clickedByPeople: n(row.clicked_by_people),
  };
};

/** A campaign's tracked emails (every step). */
export const campaignSummary = (
  db: Db,
  organizationId: string,
  campaignId: string,
): Promise<TrackingSummary> =>
  summaryOf(
    db,
    sql`SELECT s.id FROM campaign_deliveries d JOIN sent_emails s ON s.id = d.sent_email_id
        WHERE d.campaign_id = ${campaignId}::uuid AND s.organization_id = ${organizationId}::uuid
          AND s.tracked`,
  );

/** The tracked emails sent in [from, to), optionally by one user. */
export const periodSummary = (
  db: Db,
  /** null: every organisation (a Super Admin's reports). */
  organizationId: string | null,
  period: { from: Date; to: Date; userId?: string | null },
): Promise<TrackingSummary> =>
  summaryOf(
    db,
    sql`SELECT s.id FROM sent_emails s
        WHERE ${organizationId ? sql`s.organization_id = ${organizationId}::uuid` : sql`true`}
          AND s.sent_at >= ${period.from.toISOString()}::timestamptz
          AND s.sent_at < ${period.to.toISOString()}::timestamptz
          AND s.tracked AND s.status = 'sent'
          ${period.userId ? sql`AND s.user_id = ${period.userId}::uuid` : sql``}`,
  );
