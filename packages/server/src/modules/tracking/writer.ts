import type { HitClass } from '@leadline/shared/tracking';
import { HIT_REASONS } from '@leadline/shared/tracking';
import type { Db } from '../../db/connection.ts';
import { recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/record.ts';
import type { CachedEmail, EmailCache } from './cache.ts';
import { EVERY_LINK_MS, USER_AGENT_MAX, classifyHit } from './classify.ts';
import type { HitRequest } from './classify.ts';
import { findTrackedEmails, insertHits, reclassAsEveryLink } from './repo.ts';
import type { NewHit } from './repo.ts';

/** A hit waiting for its batch. */
export type QueuedHit = HitRequest & { sentEmailId: string; link: number };

export type WriterOptions = {
  /** How often the queue is written (ms). */
  intervalMs: number;
  /** Hits per INSERT at most; a full batch is written at once. */
  batch: number;
  /** Hits waiting at most; past it new ones are dropped (a flood must not fill the memory). */
  queueMax: number;
  /** A repeat event (same email, kind, class, link) within this is not sent again. */
  eventRepeatMs: number;
};

export const DEFAULT_WRITER: WriterOptions = {
  intervalMs: 250,
  batch: 500,
  queueMax: 50_000,
  eventRepeatMs: 60_000,
};

type Log = { error: (object: unknown, message: string) => void };

/**
 * Hits are answered at once and written here in batches: every `intervalMs` (or when `batch`
 * wait), in one transaction the hits, their emails' counts, the re-classed clicks and the
 * email.opened / email.clicked events. Fair across organisations: a batch takes the queued
 * hits one organisation after another (round robin), so one organisation's flood delays
 * another's hits by one batch at most.
 */
export const createHitWriter = (
  db: Db,
  cache: EmailCache,
  log: Log,
  options: WriterOptions = DEFAULT_WRITER,
) => {
  /** Waiting hits by organisation (or, not yet known, by email). */
  const queues = new Map<string, QueuedHit[]>();
  let queued = 0;
  let dropped = 0;
  let writing: Promise<void> | null = null;
  let closed = false;

  const keyOf = (hit: QueuedHit) => cache.get(hit.sentEmailId)?.organizationId ?? hit.sentEmailId;

  /** The next batch: one hit of each waiting organisation in turn. */
  const take = (): QueuedHit[] => {
    const batch: QueuedHit[] = [];
    while (batch.length < options.batch && queues.size > 0) {
      for (const [key, list] of queues) {
        batch.push(list.shift()!);
        if (list.length === 0) queues.delete(key);
        if (batch.length >= options.batch) break;
      }
    }
    queued -= batch.length;
    return batch;
  };

  /** The emails of the batch: from the cache, the rest in one read. */
  const emailsOf = async (batch: readonly QueuedHit[]) => {
    const missing = [...new Set(batch.map((hit) => hit.sentEmailId))].filter(
      (id) => cache.get(id) === undefined,
    );
    const found = new Map((await findTrackedEmails(db, missing)).map((email) => [email.id, email]));
    for (const id of missing) cache.set(id, found.get(id) ?? null);
  };

  /** Classes the batch's hits in order; notes the emails whose every link was just clicked. */
  const classify = (batch: readonly QueuedHit[]) => {
    const hits: (NewHit & { email: CachedEmail; url: string | null })[] = [];
    const everyLink = new Map<string, number>();
    for (const request of batch) {
      const email = cache.get(request.sentEmailId);
      if (!email) continue;
      const url = request.kind === 'click' ? (email.links[request.link] ?? null) : null;
      if (request.kind === 'click' && url === null) continue;
      let { class: hitClass, reason } = classifyHit(request, email.sentAt);
      if (request.kind === 'click') {
        email.clicks.set(request.link, request.at);
        const recent = [...email.clicks.values()].filter((at) => request.at - at <= EVERY_LINK_MS);
        if (email.links.length > 1 && recent.length >= email.links.length) {
          const since = request.at - EVERY_LINK_MS;
          everyLink.set(email.id, Math.min(everyLink.get(email.id) ?? since, since));
          hitClass = 'machine';
          reason = HIT_REASONS.everyLink;
        }
      }
      hits.push({
        organizationId: email.organizationId,
        sentEmailId: email.id,
        kind: request.kind,
        class: hitClass === 'proxy' && request.kind === 'click' ? 'machine' : hitClass,
        reason,
        link: request.kind === 'click' ? request.link : null,
        userAgent: request.userAgent.slice(0, USER_AGENT_MAX),
        at: request.at,
        email,
        url,
      });
    }
    // Clicks of the same burst already classed in this batch follow.
    for (const hit of hits) {
      const since = everyLink.get(hit.sentEmailId);
      if (since !== undefined && hit.kind === 'click' && hit.at >= since) {
        hit.class = 'machine';
        hit.reason = HIT_REASONS.everyLink;
      }
    }
    return { hits, everyLink };
  };

  /** The events of the batch, a repeat within eventRepeatMs left out. */
  const eventsOf = (hits: ReturnType<typeof classify>['hits']): NewEvent[] =>
    hits.flatMap((hit) => {
      const key = `${hit.kind} ${hit.class} ${hit.link ?? ''}`;
      const last = hit.email.events.get(key);
      if (last !== undefined && hit.at - last < options.eventRepeatMs) return [];
      hit.email.events.set(key, hit.at);
      const data: Record<string, unknown> = {
        sentEmailId: hit.sentEmailId,
        leadId: hit.email.leadId,
        campaignId: hit.email.campaignId,
        class: hit.class satisfies HitClass,
        reason: hit.reason,
        ...(hit.kind === 'click' ? { url: hit.url } : {}),
      };
      return [
        {
          organizationId: hit.organizationId,
          type: hit.kind === 'open' ? ('email.opened' as const) : ('email.clicked' as const),
          subjectId: hit.sentEmailId,
          leadId: hit.email.leadId,
          data,
        },
      ];
    });

  const writeBatch = async (batch: readonly QueuedHit[]) => {
    await emailsOf(batch);
    const { hits, everyLink } = classify(batch);
    if (hits.length === 0) return;
    const events = eventsOf(hits);
    await db.transaction(async (tx) => {
      await insertHits(
        tx,
        hits.map(({ email: _email, url: _url, ...hit }) => hit),
      );
      for (const [id, since] of everyLink) await reclassAsEveryLink(tx, id, since);
      await recordEvents(tx, events);
    });
  };

  const flush = async (): Promise<void> => {
    while (queued > 0) {
      const batch = take();
      try {
        await writeBatch(batch);
      } catch (error) {
        // A batch that cannot be written is let go: hits are statistics, never worth a crash.
        log.error({ err: error, hits: batch.length }, 'Tracking hits could not be written');
      }
    }
  };

  /** One writer at a time; a flush asked while one runs waits for it and writes the rest. */
  const write = (): Promise<void> => {
    if (!writing)
      writing = flush().finally(() => {
        writing = null;
      });
    return writing;
  };

  const timer = setInterval(() => {
    if (queued > 0) void write();
  }, options.intervalMs);
  timer.unref();

  return {
    push: (hit: QueuedHit): void => {
      if (closed || queued >= options.queueMax) {
        dropped += 1;
        return;
      }
      const key = keyOf(hit);
      const list = queues.get(key);
      if (list) list.push(hit);
      else queues.set(key, [hit]);
      queued += 1;
      if (queued >= options.batch && !writing) void write();
    },
    /** Writes every waiting hit (tests, shutdown). */
    flush: async (): Promise<void> => {
      await writing;
      await write();
    },
    /** Stops the timer and writes what waits (the server's close). */
    close: async (): Promise<void> => {
      closed = true;
      clearInterval(timer);
      await writing;
      await write();
    },
    stats: () => ({ queued, dropped }),
  };
};
export type HitWriter = ReturnType<typeof createHitWriter>;
