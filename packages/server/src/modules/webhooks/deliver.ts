import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { WebhookPayload } from '@leadline/shared/webhooks';
import { WEBHOOK_FAILURE_HOURS } from '@leadline/shared/webhooks';
import type { Db } from '../../db/connection.ts';
import { createWorkPool } from '../../jobs/pool.ts';
import { webhookDeliveries, webhooks } from '../../db/tables.ts';
import type { SecretBox } from '../../mail/crypto.ts';
import { claimDeliveries, stillClaimed } from './claim.ts';
import type { ClaimedDelivery } from './claim.ts';
import { recordDisabled } from './notice.ts';
import type { DisableNotice } from './notice.ts';
import { postEvent } from './post.ts';
import type { PostOutcome } from './post.ts';
import {
  DELIVERY_LEASE_SECONDS,
  DELIVERY_POLL_MS,
  LAST_ATTEMPT,
  retryDelayMs,
} from './schedule.ts';

/** Deliveries one process has under way at most (each finishing on its own). */
export const DELIVERY_BATCH = 64;
/**
 * Deliveries one organisation, and one webhook, may have under way in one process: whatever
 * one organisation's backlog or slow receivers, the other organisations find free slots.
 */
export const DELIVERIES_PER_ORGANIZATION = 48;
export const DELIVERIES_PER_WEBHOOK = 48;
/**
 * When fewer slots than this are free, a pass waits up to REFILL_WAIT_MS for more before
 * claiming (one statement claims many as cheaply as one).
 */
const REFILL_AT = 32;
const REFILL_WAIT_MS = 20;

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
 * Successful deliveries, recorded in one statement (each only while the claim is still this
 * process's), and their webhooks' failure streaks ended.
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
 * Records successes in groups without making any delivery wait for another: a success is
 * written with the next statement, which starts as soon as the one under way ends (all the
 * successes that arrived meanwhile go together). Answers when the delivery's own is written.
 */
const successRecorder = (db: Db) => {
  let queued: { success: Success; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      try {
        await recordSuccesses(
          db,
          group.map((entry) => entry.success),
        );
        for (const entry of group) entry.done();
      } catch (error) {
        for (const entry of group) entry.failed(error);
      }
    }
    writing = false;
  };
  return (success: Success) =>
    new Promise<void>((done, failed) => {
      queued.push({ success, done, failed });
      if (!writing) void write();
    });
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

/** The webhook delivery loop of one process: its pool of deliveries under way. */
export type Deliverer = {
  /**
   * One pass: waits for a free slot, claims due deliveries for the room the pool has (fairly
   * across organisations and webhooks) and starts each; answers whether there is more to do
   * at once. A stopping process (`signal`) claims nothing more.
   */
  pass: (signal: AbortSignal) => Promise<boolean>;
  /** Waits for the deliveries under way (each ends within its POST's deadline). */
  drain: () => Promise<void>;
  inFlight: () => number;
};

export const createDeliverer = (
  db: Db,
  deps: DeliveryDeps,
  onError: (error: Error) => void,
): Deliverer => {
  const pool = createWorkPool({
    size: DELIVERY_BATCH,
    perKey: { organization: DELIVERIES_PER_ORGANIZATION, webhook: DELIVERIES_PER_WEBHOOK },
    onError,
  });
  const recordSuccess = successRecorder(db);
  const deliver = async (claim: ClaimedDelivery) => {
    const outcome = await attempt(deps.box, claim);
    if (outcome.ok) return recordSuccess({ claim, outcome });
    const disabled = await recordFailure(db, claim, outcome);
    if (disabled) await deps.notice?.mailAdmins(db, disabled);
  };
  return {
    pass: async (signal) => {
      if (signal.aborted) return false;
      // A full pool waits for a delivery to end; a nearly full one briefly, to claim several
      // at once (a claim is one statement whatever its size).
      if (pool.room() === 0) await pool.settled(DELIVERY_LEASE_SECONDS * 1000, signal);
      const until = Date.now() + REFILL_WAIT_MS;
      while (
        pool.room() < REFILL_AT &&
        Date.now() < until &&
        (await pool.settled(until - Date.now(), signal))
      );
      if (signal.aborted || pool.room() === 0) return !signal.aborted;
      const claims = await claimDeliveries(db, {
        limit: pool.room(),
        perOrganization: DELIVERIES_PER_ORGANIZATION,
        perWebhook: DELIVERIES_PER_WEBHOOK,
        organizations: pool.inFlight('organization'),
        webhooks: pool.inFlight('webhook'),
      });
      for (const claim of claims)
        pool.start({ organization: claim.organizationId, webhook: claim.webhookId }, () =>
          deliver(claim),
        );
      if (claims.length > 0) return true;
      // Nothing claimable now: what is under way may free an organisation's or a webhook's
      // room before the idle poll; the pass waits for that (or the poll's time) first.
      if (pool.running() === 0) return false;
      await pool.settled(DELIVERY_POLL_MS, signal);
      return !signal.aborted;
    },
    drain: () => pool.idle(),
    inFlight: () => pool.running(),
  };
};
