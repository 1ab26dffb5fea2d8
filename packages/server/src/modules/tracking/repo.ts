import { sql } from 'drizzle-orm';
import type { HitClass, HitKind } from '@leadline/shared/tracking';
import { HIT_REASONS } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import { rowsOf } from '../../db/rows.ts';

/** What a hit needs of its email: whose it is, when it went, its links. */
export type TrackedEmail = {
  id: string;
  organizationId: string;
  leadId: string | null;
  campaignId: string | null;
  sentAt: number;
  links: string[];
};

type EmailRow = {
  id: string;
  organization_id: string;
  lead_id: string | null;
  campaign_id: string | null;
  sent_at: string | Date;
  tracked_links: string[] | null;
};

/** The tracked emails among `ids` (one statement however many). */
export const findTrackedEmails = async (
  db: Db,
  ids: readonly string[],
): Promise<TrackedEmail[]> => {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT s.id, s.organization_id, s.lead_id, s.sent_at, s.tracked_links,
      (SELECT d.campaign_id FROM campaign_deliveries d WHERE d.sent_email_id = s.id LIMIT 1)
        AS campaign_id
    FROM sent_emails s
    WHERE s.id = ANY(${sql.param([...ids])}::uuid[]) AND s.tracked
      AND s.organization_id IS NOT NULL`);
  return rowsOf<EmailRow>(result).map((row) => ({
    id: row.id,
    organizationId: row.organization_id,
    leadId: row.lead_id,
    campaignId: row.campaign_id,
    sentAt: new Date(row.sent_at).getTime(),
    links: Array.isArray(row.tracked_links) ? row.tracked_links : [],
  }));
};

export type NewHit = {
  organizationId: string;
  sentEmailId: string;
  kind: HitKind;
  class: HitClass;
  reason: string;
  link: number | null;
  userAgent: string;
  at: number;
};

/** A batch of hits in one INSERT, and each email's counts moved by them in one UPSERT. */
export const insertHits = async (tx: Db, hits: readonly NewHit[]): Promise<void> => {
  if (hits.length === 0) return;
  const rows = hits.map((hit) => ({
    o: hit.organizationId,
    s: hit.sentEmailId,
    k: hit.kind,
    c: hit.class,
    r: hit.reason,
    l: hit.link,
    u: hit.userAgent,
    a: new Date(hit.at).toISOString(),
  }));
  await tx.execute(sql`
    INSERT INTO tracking_hits (organization_id, sent_email_id, kind, class, reason, url_index,
      user_agent, at)
    SELECT (h->>'o')::uuid, (h->>'s')::uuid, h->>'k', h->>'c', h->>'r', (h->>'l')::smallint,
      h->>'u', (h->>'a')::timestamptz
    FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS t(h)`);
  const counts = new Map<string, { o: string; s: string; n: number[] }>();
  for (const hit of hits) {
    let entry = counts.get(hit.sentEmailId);
    if (!entry) {
      entry = { o: hit.organizationId, s: hit.sentEmailId, n: [0, 0, 0, 0, 0] };
      counts.set(hit.sentEmailId, entry);
    }
    entry.n[columnOf(hit.kind, hit.class)]! += 1;
  }
  await tx.execute(sql`
    INSERT INTO tracking_counts (sent_email_id, organization_id, opens_human, opens_proxy,
      opens_machine, clicks_human, clicks_machine)
    SELECT (c->>'s')::uuid, (c->>'o')::uuid, (c->'n'->>0)::int, (c->'n'->>1)::int,
      (c->'n'->>2)::int, (c->'n'->>3)::int, (c->'n'->>4)::int
    FROM jsonb_array_elements(${JSON.stringify([...counts.values()])}::jsonb) AS t(c)
    ON CONFLICT (sent_email_id) DO UPDATE SET
      opens_human = tracking_counts.opens_human + excluded.opens_human,
      opens_proxy = tracking_counts.opens_proxy + excluded.opens_proxy,
      opens_machine = tracking_counts.opens_machine + excluded.opens_machine,
      clicks_human = tracking_counts.clicks_human + excluded.clicks_human,
      clicks_machine = tracking_counts.clicks_machine + excluded.clicks_machine,
      updated_at = now()`);
};

/** 0-4: opens human, proxy, machine; clicks human, machine (a proxy's click counts as machine). */
const columnOf = (kind: HitKind, hitClass: HitClass): number => {
  if (kind === 'open') return hitClass === 'human' ? 0 : hitClass === 'proxy' ? 1 : 2;
  return hitClass === 'human' ? 3 : 4;
};

/**
 * Every link of the email was clicked within seconds: its clicks since `since` already stored
 * become a machine's, and the counts follow.
 */
export const reclassAsEveryLink = async (
  tx: Db,
  sentEmailId: string,
  since: number,
): Promise<void> => {
  await tx.execute(sql`
    WITH moved AS (
      UPDATE tracking_hits SET class = 'machine', reason = ${HIT_REASONS.everyLink}
      WHERE sent_email_id = ${sentEmailId}::uuid AND kind = 'click' AND class <> 'machine'
        AND at >= ${new Date(since).toISOString()}::timestamptz
      RETURNING 1)
    UPDATE tracking_counts SET
      clicks_human = greatest(0, clicks_human - (SELECT count(*) FROM moved)),
      clicks_machine = clicks_machine + (SELECT count(*) FROM moved)
    WHERE sent_email_id = ${sentEmailId}::uuid AND (SELECT count(*) FROM moved) > 0`);
};
