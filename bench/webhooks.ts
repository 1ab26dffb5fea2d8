// Event throughput, on PostgreSQL:
// - written: leads created through POST /api/leads (each writes its lead.created event in the
//   same transaction), against the same lead INSERTs without an event, and with one, straight
//   through pg, at the same concurrency;
// - delivered: BENCH_EVENTS events written at once, dispatched and POSTed (signed) by the
//   server to a receiver on loopback, against raw http POSTs of the same bodies to the same
//   receiver at the same concurrency as the server's delivery batch.
// Figures only, no target.
import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createBenchDatabase, postgresFacts } from './support/postgres.ts';
import { api, createAdmin, startProduct } from './support/product.ts';
import { round, runBenchmark } from './support/run.ts';

// BENCH_LEADS / BENCH_EVENTS shrink a trial run.
const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
/** Requests in flight at once when writing. */
const WRITERS = 8;
/** The server's delivery batch (webhooks/deliver.ts DELIVERY_BATCH). */
const SENDERS = 32;

/** Runs `count` tasks on `width` workers; answers the seconds it took. */
const timed = async (
  count: number,
  width: number,
  task: (i: number, worker: number) => Promise<unknown>,
) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: width }, async (_, worker) => {
      while (next < count) await task(next++, worker);
    }),
  );
  return (performance.now() - started) / 1000;
};

/** A receiver on 127.0.0.1 answering 200 at once, counting arrivals and keeping the bodies. */
const startReceiver = async () => {
  const state = { count: 0, first: 0, last: 0, bodies: [] as string[], keep: true };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () => {
      state.last = performance.now();
      if (state.count === 0) state.first = state.last;
      state.count += 1;
      if (state.keep) state.bodies.push(body);
      res.writeHead(200).end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    state,
    port,
    url: `http://127.0.0.1:${port}/bench`,
    reset: () => Object.assign(state, { count: 0, first: 0, last: 0 }),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
};

/** One raw POST, as the server sends it (JSON, a fresh request per delivery). */
const post = (port: number, body: string) =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/bench',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const leadBody = (prefix: string, i: number) => ({
  companyName: 'Bench Co',
  personFirstName: `Lead${i}`,
  personLastName: 'Bench',
  personEmail: `${prefix}-${i}@leads.bench`,
  source: 'Referral',
});

const waitUntil = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

await runBenchmark('webhooks', 20 * 60_000, async ({ defer, log }) => {
  const database = await createBenchDatabase('webhooks');
  defer(database.drop);
  const server = await startProduct(database.url);
  defer(server.stop);
  const admin = await createAdmin(server, 'bench-webhooks');
  const pg = await connect(database.url);
  defer(() => pg.end());
  const organizationId = (
    await pg.query<{ id: string }>('SELECT id FROM organizations WHERE name = $1', [
      admin.organization,
    ])
  ).rows[0]!.id;

  // Written: warm-up, then the API (lead + event) and pg's INSERTs (lead alone, lead + event).
  const create = (prefix: string) => (i: number) =>
    api(server, '/api/leads', { method: 'POST', token: admin.token, body: leadBody(prefix, i) });
  await timed(100, WRITERS, create('warm'));
  const apiSeconds = await timed(LEADS, WRITERS, create('api'));
  const clients = await Promise.all(Array.from({ length: WRITERS }, () => connect(database.url)));
  defer(() => Promise.all(clients.map((client) => client.end())));
  const insertLead = `INSERT INTO leads (organization_id, company_name, person_first_name,
      person_last_name, person_email, source, status)
    VALUES ($1, 'Bench Co', $2, 'Bench', $3, 'Referral', 'Cold Lead') RETURNING id`;
  // Each worker its own connection.
  const raw = (prefix: string, withEvent: boolean) => async (i: number, worker: number) => {
    const db = clients[worker]!;
    const values = [organizationId, `Lead${i}`, `${prefix}-${i}@leads.bench`];
    if (!withEvent) return db.query(insertLead, values);
    // The same pair of rows the service writes, in one transaction (no lead presentation).
    await db.query('BEGIN');
    const { rows } = await db.query<{ id: string }>(insertLead, values);
    await db.query(
      `INSERT INTO events (organization_id, type, subject_id, lead_id, data)
         VALUES ($1, 'lead.created', $2, $2, $3)`,
      [
        organizationId,
        rows[0]!.id,
        JSON.stringify({ lead: { _id: rows[0]!.id, ...leadBody(prefix, i) } }),
      ],
    );
    await db.query('COMMIT');
  };
  const insertSeconds = await timed(LEADS, WRITERS, raw('raw', false));
  const insertEventSeconds = await timed(LEADS, WRITERS, raw('rawevent', true));
  const written = {
    apiLeadsWithEventsPerSecond: round(LEADS / apiSeconds),
    rawInsertsPerSecond: round(LEADS / insertSeconds),
    rawInsertsWithEventPerSecond: round(LEADS / insertEventSeconds),
  };
  log(
    `written: API ${written.apiLeadsWithEventsPerSecond} events/s; pg INSERT lead ${written.rawInsertsPerSecond}/s, lead + event ${written.rawInsertsWithEventPerSecond}/s`,
  );

  // Everything written so far is dispatched (no webhook yet: no delivery) before the hook.
  await waitUntil(
    async () =>
      (
        await pg.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM events WHERE dispatched_at IS NULL',
        )
      ).rows[0]!.n === 0,
    120_000,
  );
  const receiver = await startReceiver();
  defer(receiver.stop);
  await api(server, '/api/webhooks', {
    method: 'POST',
    token: admin.token,
    body: { url: receiver.url, events: ['lead.created'] },
  });

  // Delivered: EVENTS events of a real event's size written in one statement, then timed from
  // that commit to the last arrival.
  const deliver = async (count: number) => {
    receiver.reset();
    receiver.state.bodies = [];
    const started = performance.now();
    await pg.query(
      `INSERT INTO events (organization_id, type, subject_id, lead_id, data)
       SELECT $1, 'lead.created', s.id, s.id, jsonb_set(t.data, '{lead,_id}', to_jsonb(s.id::text))
       FROM (SELECT gen_random_uuid() AS id FROM generate_series(1, $2)) s,
            (SELECT data FROM events WHERE type = 'lead.created' AND data ? 'lead' LIMIT 1) t`,
      [organizationId, count],
    );
    await waitUntil(() => receiver.state.count >= count, 10 * 60_000);
    return {
      seconds: (receiver.state.last - started) / 1000,
      firstToLast: (receiver.state.last - receiver.state.first) / 1000,
    };
  };
  await deliver(200);
  const product = await deliver(EVENTS);
  const bodies = [...receiver.state.bodies];
  receiver.state.keep = false;
  receiver.reset();
  const rawPostSeconds = await timed(bodies.length, SENDERS, (i) =>
    post(receiver.port, bodies[i]!),
  );
  const delivered = {
    events: EVENTS,
    deliveredPerSecond: round(EVENTS / product.seconds),
    deliveredPerSecondFirstToLast: round((EVENTS - 1) / product.firstToLast),
    rawPostsPerSecond: round(EVENTS / rawPostSeconds),
  };
  log(
    `delivered: ${delivered.deliveredPerSecond} events/s (first to last ${delivered.deliveredPerSecondFirstToLast}/s); raw POSTs ${delivered.rawPostsPerSecond}/s`,
  );
  const ratios = {
    writtenApiVsInsert: round(written.apiLeadsWithEventsPerSecond / written.rawInsertsPerSecond, 3),
    writtenInsertWithEventVsInsert: round(
      written.rawInsertsWithEventPerSecond / written.rawInsertsPerSecond,
      3,
    ),
    deliveredVsRawPosts: round(delivered.deliveredPerSecond / delivered.rawPostsPerSecond, 3),
  };
  log(`ratios: ${JSON.stringify(ratios)}`);
  return {
    machine: await postgresFacts(),
    figures: {
      method: {
        written: `${LEADS} leads through POST /api/leads (${WRITERS} at a time, after 100 for warm-up), each with its lead.created event in the same transaction; against the same lead INSERT through pg (${WRITERS} connections), alone and with an event row in one transaction`,
        delivered: `${EVENTS} lead.created events inserted in one statement (after a 200-event warm-up), timed from the commit to the last arrival at a loopback receiver answering 200 at once: dispatch (polled every 500 ms), one delivery row per event, claim, signed POST, record. Raw: the same bodies POSTed by this process with node:http, ${SENDERS} at a time (the server's delivery batch)`,
      },
      written,
      delivered,
      ratios,
    },
    targets: [],
    summary: { ...written, ...delivered, ...ratios },
  };
});
