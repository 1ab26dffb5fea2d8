import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { WebhookPayload } from '@leadline/shared/webhooks';
import { WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';
import type { Db } from '../../db/connection.ts';
import { webhookDeliveries, webhooks } from '../../db/tables.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { claimDeliveries, stillClaimed } from './claim.ts';
import type { ClaimedDelivery } from './claim.ts';
import { recordDisabled } from './notice.ts';
import type { DisableNotice } from './notice.ts';
import { postEvent } from './post.ts';
import type { PostOutcome } from './post.ts';
import { LAST_ATTEMPT, retryDelayMs } from './schedule.ts';

/** Deliveries one process POSTs at once. */
export const DELIVERY_BATCH = 32;

export type DeliveryDeps = { box: SecretBox; notice?: DisableNotice };

/** The body every delivery of an event carries (the same on every retry and redelivery). */
export const payloadOf = (claim: ClaimedDelivery): string => {
  const payload: WebhookPayload = {
    id: claim.eventId,
    type: claim.eventType,
    createdAt: new Date(claim.occurredAt).toISOString(),
    organizationId: claim.organizationId,
    data: claim.data,
  };
  return JSON.stringify(payload);
};

const UNREADABLE_SECRET =
  'The signing secret cannot be read (SECRET_KEY changed): recreate the webhook';

const attempt = async (box: SecretBox, claim: ClaimedDelivery): Promise<PostOutcome> => {
  let secret: string;
  try {
    secret = box.decrypt(claim.secret);
  } catch {
    return { ok: false, status: null, error: UNREADABLE_SECRET, durationMs: 0 };
  }
  return postEvent({ url: claim.url, body: payloadOf(claim), eventId: claim.eventId, secret });
};

/** What a receiver's refusal is recorded as. */
const errorOf = (outcome: PostOutcome): string | null =>
  outcome.error ?? (outcome.ok ? null : `The receiver answered ${outcome.status}`);

type Success = { claim: ClaimedDelivery; outcome: PostOutcome };

const list = (values: readonly (string | number | null)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The batch's successful deliveries, recorded in one statement (each only while the claim is
 * still this process's), and their webhooks' failure streaks ended.
 */
const recordSuccesses = async (db: Db, done: readonly Success[]) => {
  if (done.length === 0) return;
  await db.execute(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ARRAY[${list(done.map((d) => d.claim.id))}]::uuid[],
        ARRAY[${list(done.map((d) => d.claim.attempts))}]::int[],
        ARRAY[${list(done.map((d) => d.outcome.status))}]::int[],
        ARRAY[${list(done.map((d) => d.outcome.durationMs))}]::int[]
      ) AS t(id, attempts, response_status, duration_ms)
    ), done AS (
      UPDATE webhook_deliveries d
      SET status = 'delivered', delivered_at = now(), response_status = input.response_status,
          error = NULL, duration_ms = input.duration_ms
      FROM input
      WHERE d.id = input.id AND d.attempts = input.attempts AND d.status = 'pending'
      RETURNING d.webhook_id
    )
    UPDATE webhooks SET failing_since = NULL
    WHERE id IN (SELECT webhook_id FROM done) AND failing_since IS NOT NULL
  `);
};

/**
 * A failed attempt: retried after a growing wait, or given up after a day of retries. The
 * webhook's failure streak starts (failing_since); once it has lasted WEBHOOK_FAILURE_HOURS the
 * webhook is switched off, with a notice. Answers the webhook when this switched it off.
 */
const recordFailure = async (db: Db, claim: ClaimedDelivery, outcome: PostOutcome) =>
  db.transaction(async (tx) => {
    const givenUp = claim.attempts >= LAST_ATTEMPT;
    const done = await tx
      .update(webhookDeliveries)
      .set({
        status: givenUp ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(secs => ${retryDelayMs(claim.attempts) / 1000}::double precision)`,
        responseStatus: outcome.status,
        error: errorOf(outcome),
        durationMs: outcome.durationMs,
      })
      .where(stillClaimed(claim))
      .returning({ id: webhookDeliveries.id });
    if (done.length === 0) return null;
    await tx
      .update(webhooks)
      .set({ failingSince: sql`now()` })
      .where(and(eq(webhooks.id, claim.webhookId), isNull(webhooks.failingSince)));
    const [disabled] = await tx
      .update(webhooks)
      .set({
        active: false,
        disabledAt: sql`now()`,
        disabledReason: `No delivery succeeded for ${WEBHOOK_FAILURE_HOURS} hours (last error: ${errorOf(outcome)})`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(webhooks.id, claim.webhookId),
          eq(webhooks.active, true),
          lte(
            webhooks.failingSince,
            sql`now() - make_interval(hours => ${WEBHOOK_FAILURE_HOURS}::int)`,
          ),
        ),
      )
      .returning();
    if (disabled) await recordDisabled(tx, disabled);
    return disabled ?? null;
  });

/**
 * Claims a batch of due deliveries, POSTs them at once (no transaction open meanwhile) and
 * records each outcome. Answers how many were claimed.
 */
export const deliverDue = async (db: Db, deps: DeliveryDeps): Promise<number> => {
  const claims = await claimDeliveries(db, DELIVERY_BATCH);
  const successes: Success[] = [];
  await Promise.all(
    claims.map(async (claim) => {
      const outcome = await attempt(deps.box, claim);
      if (outcome.ok) return void successes.push({ claim, outcome });
      const disabled = await recordFailure(db, claim, outcome);
      if (disabled) await deps.notice?.mailAdmins(db, disabled);
    }),
  );
  await recordSuccesses(db, successes);
  return claims.length;
};
