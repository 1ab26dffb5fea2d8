import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver took, as it saw it. */
export type Reception = {
  eventId: string;
  /** The Leadline-Event-Id header (the same as the body's id in every good delivery). */
  headerEventId: string;
  type: string;
  subjectId: string | null;
  body: Record<string, unknown>;
  /** The signature verified with the receiver's secret, and its time was within 5 minutes. */
  signed: boolean;
  /** What the receiver answered. */
  status: number;
  /** When the POST arrived and when it was answered. */
  startedAt: number;
  at: number;
};

/** The check a receiver does (and the user guide shows): HMAC-SHA256 of "t.body", within 5 min. */
export const verifySignature = (header: string, body: string, secret: string): boolean => {
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300 || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * A webhook receiver on 127.0.0.1: verifies each POST's signature with `secret`, answers 500
 * to the next `failNext` POSTs (or to every POST while `failing`), waits `delayMs` before it
 * answers, and keeps every reception.
 */
export type WebhookReceiver = {
  url: string;
  receptions: Reception[];
  /** The secret a POST is verified with, by its path and query; `secret` for any other. */
  secrets: Record<string, string>;
  secret: string;
  failNext: number;
  failing: boolean;
  delayMs: number;
  /** POSTs arrived and not answered yet. */
  inFlight: number;
  /** Receptions it answered with 2xx, per event id. */
  acceptedIds: () => Map<string, number>;
  stop: () => Promise<void>;
};

export const startWebhookReceiver = async (path = '/hook'): Promise<WebhookReceiver> => {
  const receiver: WebhookReceiver = {
    url: '',
    receptions: [],
    secrets: {},
    secret: '',
    failNext: 0,
    failing: false,
    delayMs: 0,
    inFlight: 0,
    acceptedIds: () => {
      const ids = new Map<string, number>();
      for (const r of receiver.receptions)
        if (r.status < 300) ids.set(r.eventId, (ids.get(r.eventId) ?? 0) + 1);
      return ids;
    },
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  const server = createServer((req, res) => {
    const startedAt = Date.now();
    receiver.inFlight += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        // recorded with no fields
      }
      let status = 200;
      if (receiver.failing) status = 500;
      else if (receiver.failNext > 0) {
        receiver.failNext -= 1;
        status = 500;
      }
      const data = (body.data ?? {}) as { _id?: string; lead?: { _id?: string } };
      const answer = () => {
        receiver.receptions.push({
          eventId: String(body.id),
          headerEventId: String(req.headers['leadline-event-id'] ?? ''),
          type: String(body.type),
          subjectId: data.lead?._id ?? data._id ?? null,
          body,
          signed: verifySignature(
            String(req.headers['leadline-signature'] ?? ''),
            raw,
            receiver.secrets[req.url ?? ''] ?? receiver.secret,
          ),
          status,
          startedAt,
          at: Date.now(),
        });
        receiver.inFlight -= 1;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      };
      if (receiver.delayMs > 0) setTimeout(answer, receiver.delayMs);
      else answer();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
};
